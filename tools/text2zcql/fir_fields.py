"""Fields of one FIR asked for by name ("place of occurrence in FIR 161", "registered date of
FIR 389", "the IO here and the status"): read before grounding so the words are not asked
about, and shown by the FIR look-up. Any other question that names such a field is asked
about instead (the parser cannot count or group by it), never answered without it.
"""

from __future__ import annotations

import re
from functools import partial

PLACE = "place_of_occurrence"
REGISTERED = "registered_at"
STATUS = "status"

_FIELDS = (
    (
        re.compile(
            r"\b(?:place|location|scene|spot)s?\s+of\s+(?:the\s+)?(?:occurrence|"
            r"offen[cs]e|crime|incident)\b(?![- ]?wise)|\boccurrence\s+(?:place|location)s?\b",
            re.IGNORECASE,
        ),
        PLACE,
        "fieldplace",
    ),
    (
        re.compile(
            r"\b(?:date\s+of\s+registration|registration\s+date|registered\s+date|"
            r"date\s+(?:it\s+was\s+|of\s+being\s+)?registered|date\s+of\s+(?:the\s+)?fir)\b",
            re.IGNORECASE,
        ),
        REGISTERED,
        "fieldregistered",
    ),
)
TOKENS = frozenset(token for _, _, token in _FIELDS)
"""The words the fields are read as: grammar words, never filters."""
_STATUS = re.compile(r"\bstatus\b")


_GROUPING_CUE = re.compile(
    r"\b(?:top\s+\w+|bottom\s+\w+|most|least|common|frequent|which|what|each|every|all|"
    r"different|by|per)\s+$",
    re.IGNORECASE,
)
"""Words before a field that make it a grouping ("top 2 places of occurrence"), not one FIR's."""


def read_fir_fields(question: str) -> str:
    """The question with each named FIR field written as its token (a field named as a
    grouping, "top 3 places of occurrence", is left for the grouping words)."""
    text = question
    for pattern, _, token in _FIELDS:
        text = pattern.sub(partial(_token_unless_grouped, token=token), text)
    return text


def _token_unless_grouped(m: re.Match[str], token: str) -> str:
    return m.group(0) if _GROUPING_CUE.search(m.string[: m.start()]) else token


def fields_asked(text: str) -> tuple[str, ...]:
    """The FIR columns a question's text names (after `read_fir_fields`)."""
    named = [column for _, column, token in _FIELDS if token in text]
    if _STATUS.search(text):
        named.append(STATUS)
    return tuple(named)


def names_a_field(text: str) -> bool:
    """True when the text names a field only the FIR look-up shows."""
    return any(token in text for token in TOKENS)
