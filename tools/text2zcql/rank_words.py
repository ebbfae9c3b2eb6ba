"""Ranking wording read before grounding: "which single station" is "which one station" (the
top one), "which three heads lead the count" is "which three heads top the count", "the five
IOs with the most pending cases" is "the top five IOs with pending cases", and "the most
frequent crime" is "the most common crime head"."""

from __future__ import annotations

import re

from tools.text2zcql.lexicon import DIMENSIONS

_SINGLE = re.compile(r"\b(which|what)\s+single\b", re.IGNORECASE)
_LEAD = re.compile(
    r"\b(?:lead|leads|led|head|heads|top)\s+(?:the\s+)?(?:count|counts|list|table|tally|"
    r"numbers|chart|charts)\b",
    re.IGNORECASE,
)
_COUNT_WORD = r"\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten"
_DIMENSION = "|".join(
    rf"{re.escape(d)}(?:s|es)?" for d in sorted(DIMENSIONS, key=len, reverse=True)
)
_MOST = r"most|highest|maximum|max|largest|biggest"
_FEWEST = r"fewest|least|lowest|minimum"
_WITH_THE_MOST = re.compile(
    rf"\b(?:the\s+)?(?:(?P<n>{_COUNT_WORD})\s+)?(?P<d>{_DIMENSION})\s+"
    rf"(?:with|having|that have|that has|who have|who has|which have|which has)\s+(?:the\s+)?"
    rf"(?:(?P<most>{_MOST})|(?P<fewest>{_FEWEST}))\b",
    re.IGNORECASE,
)
"""A ranked dimension named before its measure: "the five IOs with the most ..."."""
_COMMON_CRIME = re.compile(
    r"\b(most|least)\s+(?:(?:common|frequent|prevalent|usual)(?:ly)?(?:\s+reported)?|reported)\s+"
    r"(?:type of\s+|kind of\s+)?(?:crimes?|offen[cs]es?|cases?)\b",
    re.IGNORECASE,
)
""""the most frequent crime" asks for the crime head with the most FIRs."""
_WHICH_CRIME = re.compile(
    r"\b(?:which|what|kaunsa|kaunsi|kaun sa|kaun si|kaun se|konsa|konsi|yaava|yavudu)\s+"
    r"(?:type of\s+|kind of\s+)?(?:crimes?|offen[cs]es?)\b(?!\s+(?:head|group))",
    re.IGNORECASE,
)
_RANKED = re.compile(
    r"\b(?:most|highest|maximum|max|least|fewest|lowest|minimum|top|sabse|zyada|jyada|"
    r"hechchu|kadime)\b",
    re.IGNORECASE,
)
""""which crime ... the most" ("sabse zyada kaunsa crime") asks for a crime head ranked."""


def _ranked_first(m: re.Match[str]) -> str:
    word = "top" if m["most"] else "bottom"
    plural = m["d"].lower().endswith("s") and m["d"].lower() not in ("ps", "status")
    n = m["n"] or ("" if plural else "one")
    return " ".join(w for w in (word, n, m["d"], "with") if w)


def read_rank_words(question: str) -> str:
    """The question with its ranking wording in the grammar's words (unchanged otherwise)."""
    text = _SINGLE.sub(r"\1 one", question)
    text = _LEAD.sub("top", text)
    text = _COMMON_CRIME.sub(r"\1 common crime head", text)
    if _RANKED.search(text):
        text = _WHICH_CRIME.sub("which crime head", text)
    text = _WITH_THE_MOST.sub(_ranked_first, text)
    return text
