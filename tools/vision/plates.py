"""Indian registration numbers: normalisation, position-aware OCR repair and validation.

Pure functions over OCR strings; the pre-parser feeds them candidate lines and keeps the best.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import product

#: State and union-territory codes in use (plus the older OR, UA, DN, CT spellings).
_STATE_CODES_TEXT = """
AN AP AR AS BR CG CH CT DD DL DN GA GJ HP HR JH JK KA KL LA LD MH ML MN MP MZ NL OD OR
PB PY RJ SK TG TN TR TS UA UK UP WB
"""
STATE_CODES: frozenset[str] = frozenset(_STATE_CODES_TEXT.split())
PLATE_RE = re.compile(r"^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{1,4}$")
BH_RE = re.compile(r"^[0-9]{2}BH[0-9]{4}[A-Z]{1,2}$")

#: What OCR reads in place of a digit (keys) -> the digit, and the reverse for letters.
TO_DIGIT: dict[str, str] = {
    "O": "0",
    "D": "0",
    "Q": "0",
    "U": "0",
    "I": "1",
    "L": "1",
    "J": "1",
    "B": "8",
    "S": "5",
    "Z": "2",
    "G": "6",
    "T": "7",
    "A": "4",
}
TO_LETTER: dict[str, str] = {
    "0": "O",
    "1": "I",
    "8": "B",
    "5": "S",
    "2": "Z",
    "6": "G",
    "7": "T",
    "4": "A",
}
_SUBSTITUTION_PENALTY = 0.08
_SHORT_NUMBER_PENALTY = 0.05
_SEPARATORS = re.compile(r"[^A-Z0-9]")


@dataclass(frozen=True)
class PlateReading:
    """A validated plate: normalised value, how many characters were repaired, its shape."""

    value: str
    repairs: int
    bh_series: bool

    @property
    def confidence_factor(self) -> float:
        """Multiplier on the OCR score: repairs and a short number (printed plates show 4
        digits) each cost a little confidence."""
        short = 0 if self.bh_series else 4 - self.number_digits
        penalty = _SUBSTITUTION_PENALTY * self.repairs + _SHORT_NUMBER_PENALTY * short
        return max(0.0, 1.0 - penalty)

    @property
    def number_digits(self) -> int:
        """Digits in the trailing number part."""
        return len(self.value) - len(self.value.rstrip("0123456789"))

    @property
    def state(self) -> str | None:
        """The state/UT code (None for a BH-series plate)."""
        return None if self.bh_series else self.value[:2]


def normalise(raw: str) -> str:
    """Uppercase with spaces, hyphens, dots and any other separators removed."""
    return _SEPARATORS.sub("", raw.upper())


def is_valid_plate(plate: str) -> bool:
    """True for a normalised plate of a known state/UT, or a BH-series plate."""
    if BH_RE.match(plate):
        return True
    return bool(PLATE_RE.match(plate)) and plate[:2] in STATE_CODES


def _layouts(length: int) -> list[str]:
    """Every pattern (`L` letter, `D` digit, else literal) of a `length`-character plate."""
    patterns = []
    for rto, series, number in product((1, 2), (0, 1, 2, 3), (1, 2, 3, 4)):
        if 2 + rto + series + number == length:
            patterns.append("LL" + "D" * rto + "L" * series + "D" * number)
    for suffix in (1, 2):
        if 8 + suffix == length:
            patterns.append("DD" + "BH" + "DDDD" + "L" * suffix)
    return patterns


def _fit(text: str, layout: str) -> tuple[str, int] | None:
    """`text` forced into `layout` by confusion repairs, with the repair count; None if it can't."""
    out: list[str] = []
    repairs = 0
    for char, want in zip(text, layout, strict=True):
        if want == "D":
            fixed = char if char.isdigit() else TO_DIGIT.get(char)
        elif want == "L":
            fixed = char if char.isalpha() else TO_LETTER.get(char)
        else:
            fixed = want if want in (char, TO_LETTER.get(char)) else None
        if fixed is None:
            return None
        repairs += fixed != char
        out.append(fixed)
    return "".join(out), repairs


def _typicality(reading: PlateReading) -> tuple[int, int]:
    """Tie-break among equally cheap repairs: prefer 2-digit RTOs and 4-digit numbers."""
    if reading.bh_series:
        return (0, 0)
    rto_two = int(reading.value[3].isdigit())
    return (-rto_two, -reading.number_digits)


def read_plate(raw: str) -> PlateReading | None:
    """The most plausible valid plate in an OCR string, repairing confusions by position."""
    text = normalise(raw)
    if text.startswith("IND") and len(text) > 10:
        text = text[3:]
    candidates: list[PlateReading] = []
    for trim_left, trim_right in ((0, 0), (1, 0), (0, 1), (1, 1)):
        piece = text[trim_left : len(text) - trim_right]
        for layout in _layouts(len(piece)):
            fitted = _fit(piece, layout)
            if fitted is None or not is_valid_plate(fitted[0]):
                continue
            value, repairs = fitted
            repairs += trim_left + trim_right
            candidates.append(PlateReading(value, repairs, bh_series=bool(BH_RE.match(value))))
        if candidates:
            break
    if not candidates:
        return None
    return min(candidates, key=lambda item: (item.repairs, *_typicality(item)))


def lookup_question(plate: str) -> str:
    """The record lookup the officer is offered for a plate."""
    return f"is {plate} in any FIR?"
