"""Ranking wording read before grounding: "which single station" is "which one station" (the
top one), and "which three heads lead the count" is "which three heads top the count"."""

from __future__ import annotations

import re

_SINGLE = re.compile(r"\b(which|what)\s+single\b", re.IGNORECASE)
_LEAD = re.compile(
    r"\b(?:lead|leads|led|head|heads|top)\s+(?:the\s+)?(?:count|counts|list|table|tally|"
    r"numbers|chart|charts)\b",
    re.IGNORECASE,
)


def read_rank_words(question: str) -> str:
    """The question with its ranking wording in the grammar's words (unchanged otherwise)."""
    text = _SINGLE.sub(r"\1 one", question)
    text = _LEAD.sub("top", text)
    return text
