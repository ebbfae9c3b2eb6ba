"""Indian identity documents read from OCR lines: PAN, Aadhaar, voter ID (EPIC), driving
licence, plus the holder's name and date of birth when the card labels them.

Aadhaar numbers never leave this module whole: only the last four digits are kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from stdnum.in_ import aadhaar as stdnum_aadhaar
from stdnum.in_ import epic as stdnum_epic
from stdnum.in_ import pan as stdnum_pan

from tools.vision.findings import Extraction
from tools.vision.lines import OcrLine
from tools.vision.plates import STATE_CODES, TO_DIGIT, TO_LETTER
from tools.vision.redact import mask_aadhaar

PAN_RE = re.compile(r"[A-Z]{5}[0-9]{4}[A-Z]")
PAN_HOLDER_TYPES: dict[str, str] = {
    "P": "individual",
    "C": "company",
    "H": "HUF",
    "F": "firm/LLP",
    "A": "AOP",
    "T": "trust",
    "B": "BOI",
    "L": "local authority",
    "J": "artificial juridical person",
    "G": "government",
}
AADHAAR_RE = re.compile(r"(?<![0-9])[0-9]{4} ?[0-9]{4} ?[0-9]{4}(?![0-9])")
EPIC_RE = re.compile(r"(?<![A-Z0-9])([A-Z]{3})[ /-]?([0-9]{7})(?![0-9])")
DL_RE = re.compile(
    r"(?<![A-Z0-9])([A-Z]{2})([0-9]{2})[- ]?((?:19|20)[0-9]{2}) ?([0-9]{7})(?![0-9])"
)
DATE_RE = re.compile(r"(?<![0-9])([0-3]?[0-9])[/.-]([01]?[0-9])[/.-]((?:19|20)[0-9]{2})(?![0-9])")
_NAME_LABEL = re.compile(r"^\s*name\s*[:.]?\s*(.*)$", re.IGNORECASE)
_DOB_LABEL = re.compile(r"(date\s*of\s*birth|d\.?\s*o\.?\s*b\.?|birth)", re.IGNORECASE)
_CHECK_FAILED_FACTOR = 0.5
#: Punctuation the recogniser returns for a letter (`IFVPA3076]` for `IFVPA3076J`).
PUNCT_TO_LETTER: dict[str, str] = {"]": "J", "|": "I", "!": "I", "$": "S", "@": "A"}
_PUNCT_IN_WORD = re.compile(r"(?<=[A-Z0-9])[\]|!$@](?=[A-Z0-9]|\s|$)|[\]|!$@](?=[A-Z0-9])")
MAX_PAN_REPAIRS = 2


@dataclass(frozen=True)
class CardMatch:
    """An identity number found on one line (`line_index` lets callers skip that line)."""

    extraction: Extraction
    line_index: int


def _repair(token: str, layout: str) -> tuple[str, int]:
    """`token` with confusions repaired by position (`L` letter, `D` digit), and the count."""
    out = []
    for char, want in zip(token, layout, strict=True):
        if want == "D" and not char.isdigit():
            char = TO_DIGIT.get(char, char)
        elif want == "L" and char.isdigit():
            char = TO_LETTER.get(char, char)
        out.append(char)
    repaired = "".join(out)
    return repaired, sum(a != b for a, b in zip(token, repaired, strict=True))


def _unpunctuate(text: str) -> str:
    """Uppercase, with punctuation OCR reads for a letter inside or ending a word restored."""
    return _PUNCT_IN_WORD.sub(lambda match: PUNCT_TO_LETTER[match.group(0)], text.upper())


def _pan(line: OcrLine) -> Extraction | None:
    for token in re.split(r"[^A-Z0-9]+", _unpunctuate(line.text)):
        if len(token) != 10:
            continue
        candidate, repairs = _repair(token, "LLLLLDDDDL")
        if repairs > MAX_PAN_REPAIRS or not PAN_RE.fullmatch(candidate):
            continue
        checks = {
            "format": True,
            "holder_type": candidate[3] in PAN_HOLDER_TYPES,
            "valid": bool(stdnum_pan.is_valid(candidate)),
        }
        fields = {"holder_type": PAN_HOLDER_TYPES.get(candidate[3], "unknown")}
        return _extraction("pan", candidate, fields, checks, line.score)
    return None


def _aadhaar(line: OcrLine) -> Extraction | None:
    text = "".join(TO_DIGIT.get(ch, ch) if ch.isalpha() else ch for ch in line.text.upper())
    match = AADHAAR_RE.search(text)
    if match is None:
        return None
    digits = match.group(0).replace(" ", "")
    checks = {"format": digits[0] in "23456789", "verhoeff": bool(stdnum_aadhaar.is_valid(digits))}
    last4 = digits[-4:]
    del digits  # the full number goes no further than this function
    return _extraction("aadhaar", mask_aadhaar(last4), {"last4": last4}, checks, line.score)


def _epic(line: OcrLine) -> Extraction | None:
    match = EPIC_RE.search(_unpunctuate(line.text))
    if match is None:
        return None
    number = "".join(match.groups())
    checks = {"format": True, "checksum": bool(stdnum_epic.is_valid(number))}
    return _extraction("voter_id", number, {}, checks, line.score)


def _driving_licence(line: OcrLine) -> Extraction | None:
    match = DL_RE.search(line.text.upper().replace(".", ""))
    if match is None:
        return None
    state, rto, year, serial = match.groups()
    number = f"{state}{rto}{year}{serial}"
    checks = {"format": True, "state_code": state in STATE_CODES}
    fields = {"state": state, "rto": rto, "issue_year": year}
    return _extraction("driving_licence", number, fields, checks, line.score)


def _extraction(
    kind: str, value: str, fields: dict[str, str], checks: dict[str, bool], score: float
) -> Extraction:
    confidence = score if all(checks.values()) else score * _CHECK_FAILED_FACTOR
    return Extraction.model_validate(
        {
            "kind": kind,
            "value": value,
            "fields": fields,
            "checks": checks,
            "confidence": round(min(max(confidence, 0.0), 1.0), 4),
        }
    )


#: Recognisers in priority order; the first that claims a line wins it.
RECOGNISERS: tuple[Callable[[OcrLine], Extraction | None], ...] = (
    _driving_licence,
    _aadhaar,
    _epic,
    _pan,
)


def find_identity_numbers(lines: Sequence[OcrLine]) -> list[CardMatch]:
    """Every identity number on the card, one per line at most."""
    matches: list[CardMatch] = []
    for index, line in enumerate(lines):
        for recognise in RECOGNISERS:
            found = recognise(line)
            if found is not None:
                matches.append(CardMatch(found, index))
                break
    return matches


def _labelled_value(lines: Sequence[OcrLine], index: int, inline: str) -> str | None:
    """The value after a label: on the same line, else on the next line."""
    if inline.strip():
        return inline.strip()
    if index + 1 < len(lines):
        return lines[index + 1].text.strip() or None
    return None


def holder_fields(lines: Sequence[OcrLine], claimed: set[int]) -> dict[str, str]:
    """`name` and `dob` when the card labels them (`claimed` lines hold ID numbers)."""
    fields: dict[str, str] = {}
    for index, line in enumerate(lines):
        if "name" not in fields:
            name = _NAME_LABEL.match(line.text)
            if name:
                value = _labelled_value(lines, index, name.group(1))
                if value and index + 1 not in claimed and not DATE_RE.search(value):
                    fields["name"] = value
        if "dob" not in fields and _DOB_LABEL.search(line.text):
            same = DATE_RE.search(line.text)
            following = DATE_RE.search(lines[index + 1].text) if index + 1 < len(lines) else None
            date = same or following
            if date:
                day, month, year = date.groups()
                fields["dob"] = f"{int(day):02d}/{int(month):02d}/{year}"
    return fields
