"""Identifier recognisers: each a small pure function text -> findings (checksums via stdnum).

Numbers are found as runs of digit groups (any grouping, `+91`/`0` prefixes, brackets), and
every contiguous slice of groups is checked against the identifier's shape and checksum, so
`98450 12345`, `984-501-2345`, `+91 (98450) 12345` and `2345 6789 0123` are all seen while
dates, timestamps, amounts with commas and section numbers are not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from stdnum import luhn, verhoeff
from stdnum.in_ import pan


@dataclass(frozen=True)
class Finding:
    """A span to replace, what it is, and the text that replaces it."""

    start: int
    end: int
    kind: str
    replacement: str


Recogniser = Callable[[str], Iterator[Finding]]

# a run of digit groups joined by at most two separators (space, hyphen, dot, brackets, slash)
DIGIT_RUN = re.compile(r"(?<![0-9])\+?\(?\d+(?:[ \-.()/]{1,2}\d+)*(?![0-9])")
DIGIT_GROUP = re.compile(r"\d+")
MAX_RUN_DIGITS = 19
PAN = re.compile(
    r"(?<![A-Za-z0-9])([A-Za-z]{3}[ABCFGHJLPTabcfghjlpt][A-Za-z])[ \-]?(\d{4})[ \-]?([A-Za-z])"
    r"(?![A-Za-z0-9])"
)
EPIC = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{3})[ \-/]?(\d{7})(?![A-Za-z0-9])")
PASSPORT = re.compile(r"(?<![A-Za-z0-9])([A-PR-WYa-pr-wy][ \-]?[1-9]\d{5}[1-9])(?![A-Za-z0-9])")
DRIVING_LICENCE = re.compile(
    r"(?<![A-Za-z0-9])([A-Za-z]{2}[ \-]?\d{2})[ \-]?((?:19|20)\d{2})[ \-]?(\d{7})(?![A-Za-z0-9])"
)
EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+")
UPI = re.compile(r"(?<![\w.+-])[\w.\-]{2,256}@[A-Za-z]{2,64}(?![\w@-])(?!\.\w)")
IFSC = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{4}0[A-Za-z0-9]{6})(?![A-Za-z0-9])")
BANK_ACCOUNT = re.compile(
    r"(?i)\b(?:a/?c|acct|account)(?:\s*(?:no\.?|number|#))?\s*[:\-]?\s*(\d[\d \-]{7,20}\d)"
)
CARD_PREFIX = re.compile(r"^(?:4|5[1-5]|2[2-7]|3[47]|6[05]|8[12]|508)")


@dataclass(frozen=True)
class NumberSlice:
    """Contiguous digit groups of one run: where they sit, their digits and group sizes."""

    start: int
    end: int
    digits: str
    sizes: tuple[int, ...]
    plus: bool


def number_slices(text: str) -> Iterator[NumberSlice]:
    """Every contiguous slice of digit groups of every digit run, at most 19 digits long."""
    for run in DIGIT_RUN.finditer(text):
        groups = [
            (run.start() + g.start(), run.start() + g.end(), g.group(0))
            for g in DIGIT_GROUP.finditer(run.group(0))
        ]
        plus = run.group(0).startswith("+")
        for i in range(len(groups)):
            digits = ""
            for j in range(i, len(groups)):
                digits += groups[j][2]
                if len(digits) > MAX_RUN_DIGITS:
                    break
                yield NumberSlice(
                    groups[i][0],
                    groups[j][1],
                    digits,
                    tuple(len(g[2]) for g in groups[i : j + 1]),
                    plus and i == 0,
                )


def _earliest_longest(findings: Iterator[Finding]) -> Iterator[Finding]:
    """Of overlapping slices of one number, the earliest and longest only."""
    last_end = -1
    for finding in sorted(findings, key=lambda f: (f.start, f.start - f.end)):
        if finding.start >= last_end:
            last_end = finding.end
            yield finding


def _mobile(digits: str) -> bool:
    """An Indian mobile number, bare (10 digits) or with the 0, 91 or 0091 prefix."""
    for prefix in ("", "0", "91", "0091"):
        rest = digits[len(prefix) :]
        if digits.startswith(prefix) and len(rest) == 10 and rest[0] in "6789":
            return True
    return False


def _grouped_like_aadhaar(sizes: tuple[int, ...]) -> bool:
    """Printed as 4-4-4 (or 4-4-4-4), unbroken, or spelled out in ones and twos."""
    return set(sizes) == {4} or len(sizes) == 1 or max(sizes) <= 2


def aadhaar_numbers(text: str) -> Iterator[Finding]:
    """12-digit Aadhaar numbers whose Verhoeff check digit is valid, masked to the last four."""
    return _earliest_longest(_aadhaar(text))


def _aadhaar(text: str) -> Iterator[Finding]:
    for piece in number_slices(text):
        digits = piece.digits
        if (
            len(digits) == 12
            and digits[0] in "23456789"
            and not piece.plus
            and _grouped_like_aadhaar(piece.sizes)
            and verhoeff.is_valid(digits)
        ):
            yield Finding(piece.start, piece.end, "aadhaar", f"XXXX XXXX {digits[-4:]}")


def virtual_ids(text: str) -> Iterator[Finding]:
    """16-digit Aadhaar virtual ids (Verhoeff-checked)."""
    return _earliest_longest(_virtual_ids(text))


def _virtual_ids(text: str) -> Iterator[Finding]:
    for piece in number_slices(text):
        digits = piece.digits
        if len(digits) == 16 and _grouped_like_aadhaar(piece.sizes) and verhoeff.is_valid(digits):
            yield Finding(piece.start, piece.end, "aadhaar_vid", f"XXXX XXXX XXXX {digits[-4:]}")


def phones(text: str) -> Iterator[Finding]:
    """Indian mobile numbers in any grouping, with or without +91 / 0091 / 0."""
    return _earliest_longest(_phones(text))


def _phones(text: str) -> Iterator[Finding]:
    for piece in number_slices(text):
        if _mobile(piece.digits):
            start = piece.start - 1 if piece.plus else piece.start
            yield Finding(start, piece.end, "phone", "[phone withheld]")


def card_numbers(text: str) -> Iterator[Finding]:
    """Payment card numbers: 13-19 digits with a card-network prefix and a valid Luhn digit."""
    return _earliest_longest(_cards(text))


def _cards(text: str) -> Iterator[Finding]:
    for piece in number_slices(text):
        digits = piece.digits
        if (
            13 <= len(digits) <= 19
            and (len(piece.sizes) == 1 or min(piece.sizes) >= 4)
            and CARD_PREFIX.match(digits)
            and luhn.is_valid(digits)
        ):
            yield Finding(piece.start, piece.end, "card", "[card withheld]")


def pan_numbers(text: str) -> Iterator[Finding]:
    """PAN: five letters (fourth = holder type), four digits, a letter."""
    for match in PAN.finditer(text):
        if pan.is_valid("".join(match.groups()).upper()):
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
emails = _simple(EMAIL, "email", "e-mail")
ifsc_codes = _simple(IFSC, "ifsc", "IFSC")
