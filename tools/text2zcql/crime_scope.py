"""Crimes named only to narrow another: "other theft - just that head, not all thefts",
"drug consumption (not ganja possession)", "public nuisance under the KP Act".

Two crimes in one question are otherwise read as either one ("thefts and robberies"). A crime
ruled out ("not X", "excluding X") or named as the law another falls under ("Y under X")
is dropped from the text when that leaves exactly the other crime: the other is disjoint from
it or inside it. When the other is wider ("thefts, not chain snatching") the text is kept and
the crime ruled out is returned, so the parser asks instead of counting it in.
"""

from __future__ import annotations

import re

from tools.domain.crimes import heads_in_group
from tools.text2zcql.entities import whole_phrase
from tools.text2zcql.lexicon import CRIME_PHRASES

_PHRASES = sorted(CRIME_PHRASES, key=len, reverse=True)
_RULED_OUT = (
    r"\(?\s*\b(?:not|but not|and not|excluding|except|other than)\s+(?:all\s+|any\s+|the\s+)?"
)
_UNDER = r"\b(?:under|as per)\s+(?:the\s+)?"
_JUST_THAT = re.compile(
    r"\s*[-,]?\s*\b(?:just|only)\s+(?:that|this|the)\s+(?:crime\s+)?(?:head|one|category)\b",
    re.IGNORECASE,
)


def _heads(phrase: str) -> frozenset[str]:
    column, values = CRIME_PHRASES[phrase]
    if column == "crime_head":
        return frozenset(values)
    return frozenset(h.crime_head for g in values for h in heads_in_group(g))


def _named(text: str) -> frozenset[str]:
    """Heads of every crime phrase left in the text (longest phrases first, no overlaps)."""
    heads: set[str] = set()
    for phrase in _PHRASES:
        pattern = whole_phrase(phrase)
        if pattern.search(text):
            heads |= _heads(phrase)
            text = pattern.sub(" ", text)
    return frozenset(heads)


_PATTERNS = tuple(
    (phrase, ruled, re.compile(lead + whole_phrase(phrase).pattern + tail))
    for phrase in _PHRASES
    for ruled, lead, tail in ((True, _RULED_OUT, r"\s*\)?"), (False, _UNDER, ""))
)
_GATE = re.compile(r"\b(?:not|excluding|except|other than|under|as per)\b")


def read_crime_scope(question: str) -> tuple[str, str | None]:
    """The question without crimes that only narrow another, and a crime ruled out that
    would need an exclusion (None when there is none)."""
    text = question.lower()
    if not _GATE.search(text):
        return question, None
    for phrase, ruled, pattern in _PATTERNS:
        m = pattern.search(text)
        if m is None:
            continue
        rest = f"{text[: m.start()]} {text[m.end() :]}"
        kept, named = _named(rest), _heads(phrase)
        if not kept:
            continue
        if kept <= named or (ruled and not kept & named):
            text = rest
        elif ruled:
            return question, phrase
    if text == question.lower():
        return question, None
    return " ".join(_JUST_THAT.sub(" ", text).split()), None
