"""What was stolen, said with a local or inflected theft word: "two wheeler chori", "bike ki
chori", "mobile kalavu", "car thefts", "2 wheeler missing" (a vehicle gone missing is a theft
case; a missing person stays a missing person: "person theft" is no crime phrase).

The crime vocabulary holds each head once with "theft" ("two wheeler theft"); a question that
names the object with another theft word would otherwise match only the wider group (every
THEFT), a silent widening. Such a phrase is read as "<object> theft" when that is a known
crime phrase; anything else is left as typed.
"""

from __future__ import annotations

import re

from tools.text2zcql.lexicon import CRIME_PHRASES

_OBJECT_THEFT = re.compile(
    r"\b((?:[\w-]+\s+)?[\w-]+)\s+(?:(?:ki|ka|ke|da|de|of)\s+)?"
    r"(?:chori|choriyan|choriyaan|kalavu|kalvu|thefts|stealing|missing)\b",
    re.IGNORECASE,
)

_LINKS = frozenset({"ki", "ka", "ke", "da", "de", "of"})


def _as_theft(m: re.Match[str]) -> str:
    words = m[1].split()
    if words[-1].lower() in _LINKS:
        words = words[:-1]
    for start in range(len(words)):
        phrase = " ".join(words[start:]).lower()
        if f"{phrase} theft" in CRIME_PHRASES:
            kept = " ".join(words[:start])
            return f"{kept} {phrase} theft".strip()
    return m.group(0)


def read_theft_words(question: str) -> str:
    """The question with "<object> chori/kalavu/thefts" read as the crime "<object> theft"."""
    return _OBJECT_THEFT.sub(_as_theft, question)
