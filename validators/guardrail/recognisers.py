"""Identifier recognisers: each a small pure function text -> findings (checksums via stdnum)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from stdnum.in_ import aadhaar, pan


@dataclass(frozen=True)
class Finding:
    """A span to replace, what it is, and the text that replaces it."""

    start: int
    end: int
    kind: str
    replacement: str


Recogniser = Callable[[str], Iterator[Finding]]

AADHAAR = re.compile(r"(?<![\dA-Za-z])([2-9]\d{3})[ \-]?(\d{4})[ \-]?(\d{4})(?![\dA-Za-z])")
VID = re.compile(r"(?<!\d)(\d{4})[ \-]?(\d{4})[ \-]?(\d{4})[ \-]?(\d{4})(?!\d)")
PAN = re.compile(
    r"(?<![A-Za-z0-9])([A-Za-z]{3}[ABCFGHJLPTabcfghjlpt][A-Za-z]\d{4}[A-Za-z])(?![A-Za-z0-9])"
)
EPIC = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{3}\d{7})(?![A-Za-z0-9])")
PASSPORT = re.compile(r"(?<![A-Za-z0-9])([A-PR-WYa-pr-wy][1-9]\d{5}[1-9])(?![A-Za-z0-9])")
DRIVING_LICENCE = re.compile(
    r"(?<![A-Za-z0-9])([A-Za-z]{2}\d{2})[ \-]?((?:19|20)\d{2})[ \-]?(\d{7})(?![A-Za-z0-9])"
)
PHONE = re.compile(r"(?<![\d+])(?:(?:\+|00)?91[ \-]?|0)?([6-9]\d{4})[ \-]?(\d{5})(?!\d)")
EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+")
UPI = re.compile(r"(?<![\w.+-])[\w.\-]{2,256}@[A-Za-z]{2,64}(?![\w.@-])")
IFSC = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{4}0[A-Za-z0-9]{6})(?![A-Za-z0-9])")
BANK_ACCOUNT = re.compile(
    r"(?i)\b(?:a/?c|acct|account)(?:\s*(?:no\.?|number|#))?\s*[:\-]?\s*(\d[\d \-]{7,20}\d)"
)


def aadhaar_numbers(text: str) -> Iterator[Finding]:
    """12-digit Aadhaar numbers whose Verhoeff check digit is valid, masked to the last four."""
    for match in AADHAAR.finditer(text):
        digits = "".join(match.groups())
        if aadhaar.is_valid(digits):
            yield Finding(match.start(), match.end(), "aadhaar", f"XXXX XXXX {digits[-4:]}")


def virtual_ids(text: str) -> Iterator[Finding]:
    """16-digit Aadhaar virtual ids (Verhoeff-checked)."""
    from stdnum import verhoeff

    for match in VID.finditer(text):
        digits = "".join(match.groups())
        if verhoeff.is_valid(digits):
            yield Finding(
                match.start(), match.end(), "aadhaar_vid", f"XXXX XXXX XXXX {digits[-4:]}"
            )


def pan_numbers(text: str) -> Iterator[Finding]:
    """PAN: five letters (fourth = holder type), four digits, a letter."""
    for match in PAN.finditer(text):
        if pan.is_valid(match.group(1).upper()):
            yield Finding(match.start(), match.end(), "pan", "[PAN withheld]")


def _simple(pattern: re.Pattern[str], kind: str, label: str) -> Recogniser:
    def recognise(text: str) -> Iterator[Finding]:
        for match in pattern.finditer(text):
            yield Finding(match.start(), match.end(), kind, f"[{label} withheld]")

    recognise.__name__ = f"{kind}_numbers"
    recognise.__doc__ = f"{label} numbers."
    return recognise


def bank_accounts(text: str) -> Iterator[Finding]:
    """Account numbers introduced by 'a/c', 'account no' and the like."""
    for match in BANK_ACCOUNT.finditer(text):
        digits = re.sub(r"\D", "", match.group(1))
        if 9 <= len(digits) <= 18:
            yield Finding(match.start(1), match.end(1), "bank_account", "[account withheld]")


def upi_ids(text: str) -> Iterator[Finding]:
    """UPI handles (name@psp) that are not e-mail addresses."""
    for match in UPI.finditer(text):
        yield Finding(match.start(), match.end(), "upi", "[UPI id withheld]")


voter_ids = _simple(EPIC, "voter_id", "voter ID")
passports = _simple(PASSPORT, "passport", "passport")
driving_licences = _simple(DRIVING_LICENCE, "driving_licence", "driving licence")
phones = _simple(PHONE, "phone", "phone")
emails = _simple(EMAIL, "email", "e-mail")
ifsc_codes = _simple(IFSC, "ifsc", "IFSC")
