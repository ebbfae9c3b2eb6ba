"""A person named before "involved in" ("is A. Ayesha involved in any case?", "has Ravi
Kumar been booked in any FIR"): read as "cases involving <name>", the wording the person
recogniser takes, so the name is looked up instead of being asked about as an unknown word.
"""

from __future__ import annotations

import re

from tools.text2zcql.entities import VOCABULARY

_NAMED_BEFORE = re.compile(
    r"\b(?:is|was|has|have|are|were)\s+(?P<name>(?:[a-z]\.?\s+)?[a-z]{3,}(?:\s+[a-z]{3,})?)\s+"
    r"(?:been\s+)?(?:involved|named|mentioned|booked|listed)\s+(?:in|as)\b",
    re.IGNORECASE,
)


def _as_involving(m: re.Match[str]) -> str:
    words = re.findall(r"[a-z]+", m["name"].lower())
    if any(w in VOCABULARY for w in words if len(w) > 1):
        return m.group(0)
    return f"cases involving {m['name']} in"


def read_involved(question: str) -> str:
    """The question with "is <name> involved in" read as "cases involving <name> in"."""
    return _NAMED_BEFORE.sub(_as_involving, question)
