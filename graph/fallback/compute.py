"""What the offline planner computes from a question's words: percentages, ratios,
differences and rates per 100,000 as calculator expressions, the two records counts a
"how many X, and what percentage were solved?" question needs, and whether a question needs
a figure from outside the records.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUM = r"(\d[\d,]*(?:\.\d+)?)"
PERCENT_WORD = re.compile(r"\bpercent(?:age)?\b|%|\bper cent\b|\bshare\b", re.IGNORECASE)
PART_OF_WHOLE = re.compile(
    rf"{_NUM}\s+(?:out of|of|from)\s+(?:the\s+|a total of\s+|total\s+)?{_NUM}\b", re.IGNORECASE
)
RATIO = re.compile(rf"\bratio (?:of|between) {_NUM} (?:to|and) {_NUM}", re.IGNORECASE)
DIFFERENCE = re.compile(
    rf"\bdifference between {_NUM} and {_NUM}|\bhow many more\b.*?{_NUM}.*?\bthan\b.*?{_NUM}",
    re.IGNORECASE,
)
RATE = re.compile(
    rf"{_NUM}\s+(?:[a-z-]+\s+){{0,3}}?(?:in|for|among|with)\s+(?:a\s+)?population of\s+{_NUM}"
    r"\s*(lakh|crore|million)?",
    re.IGNORECASE,
)
CHANGE = re.compile(
    rf"\b(?:percentage|percent) (?:increase|decrease|change|rise|fall)\b.*?\bfrom {_NUM} to {_NUM}",
    re.IGNORECASE,
)
SCALE = {"lakh": 100_000, "crore": 10_000_000, "million": 1_000_000}
SHARE_OF_RECORDS = re.compile(
    r"^(?P<base>.*?\bhow many\b.+?)(?:,\s*|\s+)(?:and\s+)?(?:what|which)\s+"
    r"(?:percentage|percent|share|proportion|fraction)\s+(?:of (?:them|those)\s+)?"
    r"(?:were|was|are|is|have been|got)\s+(?P<outcome>solved|detected|charge[- ]?sheeted|closed|"
    r"undetected|pending|under investigation)\b",
    re.IGNORECASE,
)
OUTCOME_STATUS = {
    "solved": "charge sheeted",
    "detected": "charge sheeted",
    "charge sheeted": "charge sheeted",
    "chargesheeted": "charge sheeted",
    "charge-sheeted": "charge sheeted",
    "closed": "closed",
    "undetected": "undetected",
    "pending": "under investigation",
    "under investigation": "under investigation",
}
OUTSIDE_FIGURE = re.compile(
    r"\bncrb\b|\bnational (?:average|rate|figure)\b|\ball[- ]india\b|\bstate average\b"
    r"|\bcountry(?:wide)? average\b|\blatest (?:figure|statistics|data|average)\b",
    re.IGNORECASE,
)


def _n(text: str) -> str:
    return text.replace(",", "")


@dataclass(frozen=True)
class Computation:
    """A calculator expression and how to say its result (`{value}` is filled in)."""

    expression: str
    sentence: str


def computation(question: str) -> Computation | None:
    """The arithmetic a question asks for in words, if any."""
    if m := CHANGE.search(question):
        old, new = _n(m[1]), _n(m[2])
        return Computation(
            f"round(({new} - {old})*100/{old}, 2)",
            f"The change from {m[1]} to {m[2]} is {{value}}%.",
        )
    if (m := PART_OF_WHOLE.search(question)) and PERCENT_WORD.search(question):
        return Computation(
            f"round({_n(m[1])}*100/{_n(m[2])}, 2)", f"{m[1]} out of {m[2]} is {{value}}%."
        )
    if m := RATE.search(question):
        population = f"{_n(m[2])}*{SCALE[m[3].lower()]}" if m[3] else _n(m[2])
        return Computation(
            f"round({_n(m[1])}*100000/({population}), 2)",
            f"{m[1]} in a population of {m[2]}{' ' + m[3] if m[3] else ''} is {{value}} per "
            "100,000 people.",
        )
    if m := RATIO.search(question):
        return Computation(
            f"round({_n(m[1])}/{_n(m[2])}, 2)", f"The ratio of {m[1]} to {m[2]} is {{value}} : 1."
        )
    if m := DIFFERENCE.search(question):
        first, second = (m[1], m[2]) if m[1] else (m[3], m[4])
        return Computation(
            f"{_n(first)} - {_n(second)}",
            f"The difference between {first} and {second} is {{value}}.",
        )
    return None


@dataclass(frozen=True)
class RecordsShare:
    """Two records counts and the share one is of the other."""

    total_question: str
    part_question: str
    outcome: str
    status: str


def records_share(question: str) -> RecordsShare | None:
    """'how many thefts in Whitefield this year, and what percentage were solved?'"""
    m = SHARE_OF_RECORDS.search(question.strip())
    if m is None:
        return None
    base = m["base"].strip(" ,")
    outcome = m["outcome"].lower()
    status = OUTCOME_STATUS.get(outcome, outcome)
    part = re.sub(r"\bhow many\b", f"how many {status}", base, count=1, flags=re.IGNORECASE)
    return RecordsShare(base, part, outcome, status)


def needs_outside_figure(question: str) -> bool:
    """A comparison with a figure the records do not hold (NCRB, a national average)."""
    return OUTSIDE_FIGURE.search(question) is not None


def single_count(rows: list[dict[str, object]]) -> int | None:
    """The count in a one-row, one-number records result."""
    if len(rows) != 1:
        return None
    numbers = [v for v in rows[0].values() if isinstance(v, int) and not isinstance(v, bool)]
    return numbers[0] if len(numbers) == 1 else None
