"""Identifier recognisers: each a small pure function scan -> findings (checksums via stdnum).

Numbers come from `numbers` as slices of digit runs however written (groupings, `+91`/`0`
prefixes, any separators, interleaved letters, look-alike letters, number words); each
recogniser checks a slice's digits (and for Aadhaar and phones the digits backwards) against
the identifier's shape and checksum, and a grouping plausible for it, so `98450 12345`,
`+91 (98450) 12345`, `2345_6789_0124`, `9,8,4,5,0,1,2,3,4,5` and `nine eight four ...` are
seen while dates, timestamps, amounts, section numbers and lists of counts are not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

from stdnum import luhn, verhoeff
from stdnum.in_ import pan

from validators.guardrail.numbers import LOOKALIKES, NumberSlice, Run, run_slices, runs


@dataclass(frozen=True)
class Finding:
    """A span to replace, what it is, and the text that replaces it."""

    start: int
    end: int
    kind: str
    replacement: str


class Scan:
    """One canonical text with its digit runs and slices, computed once for every recogniser."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def runs(self) -> list[Run]:
        """The digit runs of the text (see `numbers`)."""
        return runs(self.text)

    @cached_property
    def slices(self) -> list[NumberSlice]:
        """The slices of the digit runs some recogniser may accept: every one demands the
        ordinary writing or even groups (`plausible`), so the others are dropped here once."""
        return [
            piece
            for run in self.runs
            for piece in run_slices(run)
            if piece.ordinary or evenly_grouped(piece)  # plausible(piece), inlined
        ]

    @cached_property
    def seven_digits(self) -> bool:
        """Whether seven ASCII digits stand together somewhere: voter ids, passports and
        driving licences all hold such a stretch, so a text without one holds none of them."""
        ascii_bytes = self.text.encode("ascii", "replace")
        return SEVEN_DIGITS in ascii_bytes.translate(DIGITS_AS_ZEROS)


Recogniser = Callable[[Scan], Iterator[Finding]]

SEP = r"[^A-Za-z0-9\n]{0,3}"  # any short run of separators between an identifier's parts
PAN_DIGITS = "0-9" + "".join(LOOKALIKES)
PAN = re.compile(
    rf"(?<![A-Za-z0-9])([A-Za-z]{{3}}[ABCFGHJLPTabcfghjlpt][A-Za-z]){SEP}([{PAN_DIGITS}]{{4}})"
    rf"{SEP}([A-Za-z])(?![A-Za-z0-9])"
)
EPIC = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{3})[ \-/]?(\d{7})(?![A-Za-z0-9])")
PASSPORT = re.compile(r"(?<![A-Za-z0-9])([A-PR-WYa-pr-wy][ \-]?[1-9]\d{5}[1-9])(?![A-Za-z0-9])")
DRIVING_LICENCE = re.compile(
    r"(?<![A-Za-z0-9])([A-Za-z]{2}[ \-]?\d{2})[ \-]?((?:19|20)\d{2})[ \-]?(\d{7})(?![A-Za-z0-9])"
)
EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+")
UPI = re.compile(r"(?<![\w.+-])[\w.\-]{2,256}@[A-Za-z]{2,64}(?![\w@-])(?!\.\w)")
# Patterns that begin with a literal character are searched for that character first (a fast
# scan in the regex engine), not tried at every position of the text: an IFSC code is found
# by its fifth character, always '0', and looked at from there
IFSC = re.compile(r"0(?<=(?<![A-Za-z0-9])[A-Za-z]{4}0)[A-Za-z0-9]{6}(?![A-Za-z0-9])")
IFSC_PREFIX = 4  # the letters before the '0'
BANK_ACCOUNT = re.compile(
    r"(?i)\b(?:a/?c|acct|account)(?:\s*(?:no\.?|number|#))?\s*[:\-]?\s*(\d[\d \-]{7,20}\d)"
)
# BANK_ACCOUNT on a lower-cased ASCII text (same positions), beginning with its literal 'a'
BANK_ACCOUNT_LOWER = re.compile(
    r"a(?<![a-z0-9_]a)(?:/?c|cct|ccount)(?:\s*(?:no\.?|number|#))?\s*[:\-]?\s*(\d[\d \-]{7,20}\d)"
)
# every ASCII digit to '0', every other ASCII character to ' ' (others to '?' first)
DIGITS_AS_ZEROS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
SEVEN_DIGITS = b"0" * 7
CARD_PREFIX = re.compile(r"^(?:4|5[1-5]|2[2-7]|3[47]|6[05]|8[12]|508)")
PHONE_PREFIXES = ("0091", "091", "91", "0")


def _earliest_longest(findings: Iterator[Finding]) -> Iterator[Finding]:
    """Of overlapping slices of one number, the earliest and longest only."""
    last_end = -1
    for finding in sorted(findings, key=lambda f: (f.start, f.start - f.end)):
        if finding.start >= last_end:
            last_end = finding.end
            yield finding


def plausible(piece: NumberSlice, shortest: int = 3) -> bool:
    """Written the ordinary way, digit by digit, or in even groups of `shortest`+ digits.

    A leading country or trunk prefix group (`91`, `0`) may be shorter. This is what
    keeps lists of counts (`92, 45, 33, 10, 18`) and dates apart from identifiers.
    """
    return piece.ordinary or evenly_grouped(piece, shortest)


def evenly_grouped(piece: NumberSlice, shortest: int = 3) -> bool:
    """Digit by digit, unbroken, or groups of `shortest`+ digits (three at most, or all
    joined the same way)."""
    sizes = piece.sizes
    if sizes.count(1) == len(sizes):  # digit by digit
        return True
    if len(sizes) > 1 and piece.digits[: sizes[0]] in PHONE_PREFIXES:
        sizes = sizes[1:]
    return (piece.uniform or len(sizes) <= 3) and min(sizes) >= shortest


MOBILE_LENGTHS = frozenset({10, 11, 12, 14})


def _mobile(digits: str) -> bool:
    """An Indian mobile number, bare (10 digits) or with the 0, 91 or 0091 prefix."""
    if len(digits) not in MOBILE_LENGTHS:
        return False
    for prefix in ("", "0", "91", "0091"):
        rest = digits[len(prefix) :]
        if digits.startswith(prefix) and len(rest) == 10 and rest[0] in "6789":
            return True
    return False


def _grouped_like_aadhaar(piece: NumberSlice) -> bool:
    """Printed as 4-4-4 (or 4-4-4-4), unbroken, or spelled out in ones and twos."""
    sizes = piece.sizes
    if not piece.ordinary:
        return plausible(piece, shortest=4)
    return set(sizes) == {4} or len(sizes) == 1 or max(sizes) <= 2


def _uid(digits: str) -> bool:
    return (len(digits) != 12 or digits[0] in "23456789") and verhoeff.is_valid(digits)


def aadhaar_numbers(scan: Scan) -> Iterator[Finding]:
    """12-digit Aadhaar numbers (Verhoeff-checked, also backwards), masked to the last four."""
    return _earliest_longest(_verhoeff_ids(scan, 12, "aadhaar", "XXXX XXXX {}"))


def virtual_ids(scan: Scan) -> Iterator[Finding]:
    """16-digit Aadhaar virtual ids (Verhoeff-checked)."""
    return _earliest_longest(_verhoeff_ids(scan, 16, "aadhaar_vid", "XXXX XXXX XXXX {}"))


def _verhoeff_ids(scan: Scan, length: int, kind: str, mask: str) -> Iterator[Finding]:
    """Forwards in any Aadhaar grouping; backwards (Aadhaar only) when evenly grouped."""
    for piece in scan.slices:
        if len(piece.digits) != length or piece.plus or not _grouped_like_aadhaar(piece):
            continue
        digits = piece.digits
        if _uid(digits):
            yield Finding(piece.start, piece.end, kind, mask.format(digits[-4:]))
        elif length == 12 and evenly_grouped(piece, 4) and _uid(digits[::-1]):
            yield Finding(piece.start, piece.end, kind, mask.format(digits[::-1][-4:]))


def phones(scan: Scan) -> Iterator[Finding]:
    """Indian mobile numbers in any grouping, with or without +91 / 0091 / 0, or backwards."""
    return _earliest_longest(_phones(scan))


def _phones(scan: Scan) -> Iterator[Finding]:
    for piece in scan.slices:
        digits = piece.digits
        forward = _mobile(digits)
        backward = (
            len(digits) == 10 and not forward and evenly_grouped(piece) and _mobile(digits[::-1])
        )
        if (forward and plausible(piece)) or backward:
            start = piece.start - 1 if piece.plus else piece.start
            yield Finding(start, piece.end, "phone", "[phone withheld]")


def card_numbers(scan: Scan) -> Iterator[Finding]:
    """Payment card numbers: 13-19 digits with a card-network prefix and a valid Luhn digit."""
    return _earliest_longest(_cards(scan))


def _cards(scan: Scan) -> Iterator[Finding]:
    for piece in scan.slices:
        digits = piece.digits
        if not 13 <= len(digits) <= 19:
            continue
        grouped = (len(piece.sizes) == 1 or min(piece.sizes) >= 4) and plausible(piece, 4)
        if (
            (grouped or all(size == 1 for size in piece.sizes))
            and CARD_PREFIX.match(digits)
            and luhn.is_valid(digits)
        ):
            yield Finding(piece.start, piece.end, "card", "[card withheld]")


def pan_numbers(scan: Scan) -> Iterator[Finding]:
    """PAN: five letters (fourth = holder type), four digits (look-alikes read), a letter."""
    for match in PAN.finditer(scan.text):
        letters, digits, last = match.groups()
        if sum(ch.isdigit() for ch in digits) < 2:
            continue
        digits = "".join(LOOKALIKES.get(ch, ch) for ch in digits)
        if pan.is_valid(f"{letters}{digits}{last}".upper()):
            yield Finding(match.start(), match.end(), "pan", "[PAN withheld]")


def _simple(
    pattern: re.Pattern[str], kind: str, label: str, seven_digits: bool = False
) -> Recogniser:
    """A recogniser of one pattern; `seven_digits` when every match holds seven digits in a
    row (then a text without such a stretch is not searched)."""

    def recognise(scan: Scan) -> Iterator[Finding]:
        if seven_digits and not scan.seven_digits:
            return
        for match in pattern.finditer(scan.text):
            yield Finding(match.start(), match.end(), kind, f"[{label} withheld]")

    recognise.__name__ = f"{kind}_numbers"
    recognise.__doc__ = f"{label} numbers."
    return recognise


def bank_accounts(scan: Scan) -> Iterator[Finding]:
    """Account numbers introduced by 'a/c', 'account no' and the like."""
    text = scan.text
    # on ASCII text, lower-casing keeps every position
    matches = (
        BANK_ACCOUNT_LOWER.finditer(text.lower()) if text.isascii() else BANK_ACCOUNT.finditer(text)
    )
    for match in matches:
        digits = re.sub(r"\D", "", match.group(1))
        if 9 <= len(digits) <= 18:
            yield Finding(match.start(1), match.end(1), "bank_account", "[account withheld]")


def upi_ids(scan: Scan) -> Iterator[Finding]:
    """UPI handles (name@psp) that are not e-mail addresses."""
    if "@" not in scan.text:
        return
    for match in UPI.finditer(scan.text):
        yield Finding(match.start(), match.end(), "upi", "[UPI id withheld]")


def emails(scan: Scan) -> Iterator[Finding]:
    """E-mail addresses."""
    if "@" not in scan.text:
        return
    for match in EMAIL.finditer(scan.text):
        yield Finding(match.start(), match.end(), "email", "[e-mail withheld]")


voter_ids = _simple(EPIC, "voter_id", "voter ID", seven_digits=True)
passports = _simple(PASSPORT, "passport", "passport", seven_digits=True)
driving_licences = _simple(DRIVING_LICENCE, "driving_licence", "driving licence", seven_digits=True)


def ifsc_codes(scan: Scan) -> Iterator[Finding]:
    """IFSC codes: four letters, '0', six letters or digits."""
    for match in IFSC.finditer(scan.text):
        yield Finding(match.start() - IFSC_PREFIX, match.end(), "ifsc", "[IFSC withheld]")
