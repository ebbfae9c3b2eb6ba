"""Year-wise trends ("year-wise", "per year", "har saal", "prati varsha") and trends per part
of a year ("quarter-wise", "quarterly", "half-yearly", "per half year").

A year-wise trend is drafted like the month-wise one (the statement selects `registered_at`
in time order, counted per day by the database when a page comes back full) and the answer
step counts it per calendar year instead of per month: the draft's `buckets` are `YEARLY`.
Every way of saying it is read here as the one grammar word `yearwise`, so no part of it is
left over as an unplaced word; "how has X changed year on year" is that trend too. A quarter-
or half-year-wise trend is read as `quarterwise` or `halfwise`, and its buckets are `QUARTERLY`
or `HALF_YEARLY` (labels '2025-Q3', '2025-H1', from `part_label`).
"""

from __future__ import annotations

import re

YEARLY = ("year",)
"""A `trend` draft's `buckets` when its rows are counted per year (not per month)."""
TOKEN = "yearwise"
"""The grammar word every year-wise phrase is read as."""
QUARTERLY = ("quarter",)
"""A `trend` draft's `buckets` when its rows are counted per quarter."""
HALF_YEARLY = ("half",)
"""A `trend` draft's `buckets` when its rows are counted per half year."""
PART_OF_YEAR = (QUARTERLY, HALF_YEARLY)
_PARTS = (
    (
        "quarterwise",
        QUARTERLY,
        re.compile(
            r"\b(?:quarter[- ]?wise|quarterly|per quarter|by quarter|each quarter|every quarter|"
            r"quarter (?:by|on|to) quarter|q-?o-?q)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "halfwise",
        HALF_YEARLY,
        re.compile(
            r"\b(?:half[- ]?year(?:ly|[- ]?wise)|half[- ]?wise|six[- ]monthly|per half(?: year)?|"
            r"by half(?: year)?|each half(?: year)?|half (?:by|on|to) half)\b",
            re.IGNORECASE,
        ),
    ),
)
_PHRASE = re.compile(
    r"\b(?:year[- ]?wise|yearly|annually|annual|per (?:calendar )?year|by (?:calendar )?year|"
    r"each year|every year|for each year|year (?:by|to|after|over|on) year|"
    r"year[- ]on[- ]year|y-?o-?y|saal[- ]?wise|har saal|har sal|"
    r"saal[- ]dar[- ]saal|sal[- ]dar[- ]sal|varshadinda varshakke|"
    r"prati varsha|pratiyondu varsha|varsha[- ]?wise|varshavaru)\b",
    re.IGNORECASE,
)
_READ = re.compile(rf"\b{TOKEN}\b")
_HOW_MOVED = re.compile(
    r"\b(how (?:has|have|did|does|do|is|are)\b.{1,80}?)\s+"
    r"(?:moved|changed|varied|trended|fared|shifted|evolved|gone)\b",
    re.IGNORECASE,
)
"""'how has X changed': asking for the trend itself, read so only once a year phrase is said."""


def read_yearly(question: str) -> str:
    """The question with its year-wise phrase read as `yearwise`, a quarter- or half-year-wise
    one as `quarterwise` or `halfwise` (unchanged without one)."""
    for token, _, phrase in _PARTS:
        question = phrase.sub(f" {token} ", question)
    if not _PHRASE.search(question):
        return question
    text = _HOW_MOVED.sub(r"\1", _PHRASE.sub(f" {TOKEN} ", question))
    return " ".join(text.split())


def is_yearly(text: str) -> bool:
    """True when the (read) question asks for a year-wise trend."""
    return bool(_READ.search(text))


def part_buckets_of(text: str) -> tuple[str, ...] | None:
    """`QUARTERLY` or `HALF_YEARLY` when the (read) question asks for that trend, else None."""
    for token, buckets, _ in _PARTS:
        if re.search(rf"\b{token}\b", text):
            return buckets
    return None


def part_label(stamp: str, part: str) -> str:
    """The quarter ('2025-Q3') or half year ('2025-H1') of a 'YYYY-MM...' stamp."""
    month = int(stamp[5:7]) if len(stamp) >= 7 and stamp[5:7].isdigit() else 1
    if part == "quarter":
        return f"{stamp[:4]}-Q{(month + 2) // 3}"
    return f"{stamp[:4]}-H{1 if month <= 6 else 2}"


_HALF_MONTHS = {"H1": "Jan-Jun", "H2": "Jul-Dec"}


def part_name(label: str) -> tuple[str, str] | None:
    """A quarter or half-year label as (year, name): '2025-Q1' -> ('2025', 'Q1'), '2025-H2' ->
    ('2025', 'Jul-Dec'); None for any other label."""
    m = re.fullmatch(r"(\d{4})-([QH]\d)", label)
    if m is None:
        return None
    return m[1], _HALF_MONTHS.get(m[2], m[2])
