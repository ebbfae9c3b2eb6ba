"""The quantities a question states: numbers with their scale (lakh, crore, million; weights
in mixed units put in grams), minus everything that only looks like a number (dates, years,
times, FIR and section numbers, "per 100,000" rate bases).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from schemas.records import FIR_ID_PATTERN

SCALES = {"lakh": 100_000, "lakhs": 100_000, "lac": 100_000, "crore": 10_000_000}
SCALES |= {"crores": 10_000_000, "million": 1_000_000, "thousand": 1_000, "k": 1_000}

_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_MEASURE = (
    r"kgs?|kilo(?:gram)?s?|g|gms?|grams?|mg|milligrams?|quintals?|tonnes?|per\s?cent"
    r"|lakhs?|lac|crores?|million|thousand|k|km|kms|litres?|l|metres?|m"
)
"""Units after a number that make "3.25" a measure, not a clock time."""
RATE_BASE = re.compile(
    r"\bper\s+(?:(?:one|1|a)\s+)?(?P<word>lakh|lac|crore|million|hundred\s+thousand|thousand"
    r"|capita)\b"
    r"|\bper\s+(?P<num>1,?00,?000|100,?000|10,?00,?000|1,?000,?000|1,?000|100\s?k|1\s?k)\b",
    re.IGNORECASE,
)
BASE_VALUES = {"lakh": 100_000, "lac": 100_000, "crore": 10_000_000, "million": 1_000_000}
BASE_VALUES |= {"hundred thousand": 100_000, "thousand": 1_000, "capita": 1}
_NOT_QUANTITIES = (
    re.compile(rf"\b{FIR_ID_PATTERN}\b", re.IGNORECASE),
    re.compile(r"\b\d{4}-\d{2}-\d{2}\b"),
    re.compile(r"\b\d{1,2}[/.\-]\d{1,2}[/.\-](?:\d{4}|\d{2})\b"),
    re.compile(
        r"\b\d{1,2}:\d{2}\s*(?:am|pm)?\b|\b\d{1,2}\.\d{2}\b(?!\s*(?:%|(?:" + _MEASURE + r")\b))"
        r"|\b\d{1,2}\s*(?:am|pm)\b",
        re.IGNORECASE,
    ),
    re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTHS})\b\.?", re.IGNORECASE),
    re.compile(rf"\b(?:{_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b", re.IGNORECASE),
    re.compile(
        r"\b(?:bns|bnss|bsa|ipc|crpc|section|sec|s\.|u/s|pocso)\s*\d+[a-z]?(?:\(\w+\))*", re.I
    ),
    re.compile(r"\b(?:19|20)\d{2}\b(?![,.]?\d)"),
)
_NUMBER = re.compile(
    r"(?<![\w.])(?P<n>\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:\s*(?P<scale>lakhs?|lac|crores?|million|thousand|k)\b)?(?P<pct>\s*(?:%|per\s?cent\b))?"
    r"(?:\s*(?P<mass>kgs?|kilo(?:gram)?s?|g|gms?|grams?|mg|milligrams?|quintals?|tonnes?)\b)?",
    re.IGNORECASE,
)
_GRAM_UNITS = {
    "kg kgs kilo kilos kilogram kilograms": "1000",
    "g gm gms gram grams": "1",
    "mg milligram milligrams": "0.001",
    "quintal quintals": "100000",
    "tonne tonnes": "1000000",
}
GRAMS: dict[str, Decimal] = {
    unit: Decimal(size) for units, size in _GRAM_UNITS.items() for unit in units.split()
}
"""A weight unit -> grams (used only when a question mixes weight units)."""


@dataclass(frozen=True)
class Quantity:
    """One stated number: its value (scale applied), the text as written, and where."""

    value: Decimal
    text: str
    start: int
    end: int
    percent: bool = False

    @property
    def literal(self) -> str:
        """The value as a calculator literal (no grouping, no needless decimals)."""
        text = f"{self.value:f}"
        return text.rstrip("0").rstrip(".") if "." in text else text


def _masked(question: str) -> str:
    """The question with non-quantities (and rate bases) blanked out, positions kept."""
    text = question
    for pattern in (*_NOT_QUANTITIES, RATE_BASE):
        text = pattern.sub(lambda m: " " * len(m.group(0)), text)
    return text


def quantities(question: str) -> list[Quantity]:
    """Every quantity in the question, in order of appearance. Weights stated in different
    units ("2 kg ... 250 g") are all put in grams, so they compare."""
    found = list(_NUMBER.finditer(_masked(question)))
    units = {GRAMS[m["mass"].lower()] for m in found if m["mass"]}
    out: list[Quantity] = []
    for m in found:
        scale = Decimal(SCALES.get((m["scale"] or "").lower(), 1))
        if len(units) > 1 and m["mass"]:
            scale *= GRAMS[m["mass"].lower()]
        value = Decimal(m["n"].replace(",", "")) * scale
        text = question[m.start() : m.end()].strip()
        quantity = Quantity(value, text, m.start(), m.end(), percent=bool(m["pct"]))
        out.append(
            _compound(question, out.pop(), quantity) if _continues(question, out, m) else quantity
        )
    return out


def _scale_of(text: str) -> int:
    """The scale word a quantity's text ends with (1 when none)."""
    word = re.search(r"([a-z]+)\s*$", text, re.IGNORECASE)
    return SCALES.get(word[1].lower(), 1) if word else 1


def _continues(question: str, out: list[Quantity], m: re.Match[str]) -> bool:
    """The number goes on the one before it, as Indian numbers are said: "3 lakh 24 thousand",
    "1 crore 20 lakh" (a scale, then a smaller scale, with nothing but "and" between)."""
    if not out or out[-1].percent or m["pct"] or m["mass"] or not m["scale"]:
        return False
    before = out[-1]
    if not re.fullmatch(r"\s*(?:and\s+)?", question[before.end : m.start()], re.IGNORECASE):
        return False
    scale = SCALES[m["scale"].lower()]
    return Decimal(m["n"].replace(",", "")) * scale < _scale_of(before.text) and scale > 1


def _compound(question: str, before: Quantity, after: Quantity) -> Quantity:
    """One quantity of two said together ("3 lakh" + "24 thousand" -> 3,24,000)."""
    text = question[before.start : after.end].strip()
    return Quantity(before.value + after.value, text, before.start, after.end)


def rate_base(question: str) -> tuple[int, str] | None:
    """The base of a rate ("per lakh" -> 100000), with the words used."""
    m = RATE_BASE.search(question)
    if m is None:
        return None
    if m["word"]:
        return BASE_VALUES[" ".join(m["word"].lower().split())], m.group(0)
    number = re.sub(r"[,\s]", "", m["num"]).lower()
    return (int(number[:-1]) * 1000 if number.endswith("k") else int(number)), m.group(0)
