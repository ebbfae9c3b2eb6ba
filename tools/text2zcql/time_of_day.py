"""Times of day ("at night", "in the morning", "after 10 pm"): asked about, never dropped.

The records keep when an FIR was registered and when the offence occurred, but a time of day
is a set of hours across every day, which one ZCQL query cannot filter within its 5
conditions (ZCQL has no date or time functions). So a time of day is read only where a
stored value carries it: burglary by night or by day (`refine_burglary`), and a named night
("31st December night", "Diwali night"), which is that date. Anywhere else the parser asks,
naming the words it could not use, instead of answering for the whole day.
"""

from __future__ import annotations

import re

from tools.text2zcql.dates import FESTIVALS, MONTHS
from tools.text2zcql.lexicon import CrimeFilter

_TIME = re.compile(
    r"\b(?:(?:at|during|in the|by|late|early|every|mid)\s+)?"
    r"(?:night(?:s|-?time)?|midnight|morning|evening|afternoon|dawn|dusk|day-?time|"
    r"raat|raatri|rathri|ratri|subah|shaam|sham|dopahar|beligge|sanje|madhyahna)\b"
    r"|\b(?:after|before|between|around|past|from|till|until|by)\s+\d{1,2}(?:[:.]\d{2})?\s*"
    r"(?:am|pm|a\.m\.|p\.m\.|baje|o'?clock|hrs|hours)\b"
    r"|\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|baje)\b"
)
_DAYS = sorted(
    {*MONTHS, *(v for vs in FESTIVALS.values() for v in vs), "eve", "new year", "new years"},
    key=len,
    reverse=True,
)
_NAMED_NIGHT = re.compile(
    r"\b(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:" + "|".join(map(re.escape, _DAYS)) + r")"
    r"(?:\s+\d{1,2}(?:st|nd|rd|th)?)?(?:\s+(?:19|20)\d{2})?\s+(?:night|raat|raatri)\b"
)
"""A night named by its date ("31st dec night", "Diwali night"): the date itself."""
_BURGLARY = frozenset({"BURGLARY - DAY", "BURGLARY - NIGHT"})


def unread_time_of_day(text: str, crimes: list[CrimeFilter]) -> str | None:
    """The time-of-day words in `text` no reading applied, or None."""
    if any(set(c.values) <= _BURGLARY for c in crimes):
        return None
    rest = _NAMED_NIGHT.sub(" ", text)
    m = _TIME.search(rest)
    return m[0].strip() if m else None
