"""Year-wise trends: "year-wise", "per year", "year on year", "har saal", "prati varsha".

A year-wise trend is drafted like the month-wise one (the statement selects `registered_at`
in time order, counted per day by the database when a page comes back full) and the answer
step counts it per calendar year instead of per month: the draft's `buckets` are `YEARLY`.
Every way of saying it is read here as the one grammar word `yearwise`, so no part of it is
left over as an unplaced word; "how has X changed year on year" is that trend too.
"""

from __future__ import annotations

import re

YEARLY = ("year",)
"""A `trend` draft's `buckets` when its rows are counted per year (not per month)."""
TOKEN = "yearwise"
"""The grammar word every year-wise phrase is read as."""
_PHRASE = re.compile(
    r"\b(?:year[- ]?wise|yearly|annually|annual|per (?:calendar )?year|by (?:calendar )?year|"
    r"each year|every year|for each year|year (?:by|to|after|over|on) year|"
    r"year[- ]on[- ]year|y-?o-?y|saal[- ]?wise|har saal|har sal|saal dar saal|"
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
    """The question with its year-wise phrase read as `yearwise` (unchanged without one)."""
    if not _PHRASE.search(question):
        return question
    text = _HOW_MOVED.sub(r"\1", _PHRASE.sub(f" {TOKEN} ", question))
    return " ".join(text.split())


def is_yearly(text: str) -> bool:
    """True when the (read) question asks for a year-wise trend."""
    return bool(_READ.search(text))
