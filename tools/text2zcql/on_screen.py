"""Ways of pointing at the FIR list on screen ("the FIRs shown on my screen", "in this view",
"the records displayed", "on the page") read as "of these", so the count or list is scoped to
the page context's visible FIRs instead of stopping at "screen" or "view"."""

from __future__ import annotations

import re

_PLACE = r"(?:on|in)\s+(?:my |the |this |your )?(?:screen|view|page|display)"
_LEAD = r"(?:(?:out of|of|among|from|in)\s+)?(?:the |these |those )?"
_NOUN = r"(?:firs?|cases?|records?|ones|entries|rows)"
_ON_SCREEN = re.compile(
    rf"\b{_LEAD}(?:{_NOUN}\s+(?:shown|displayed|listed|visible)(?:\s+{_PLACE})?"
    rf"|(?:{_NOUN}\s+)?{_PLACE})\b",
    re.IGNORECASE,
)
_IN_VIEW = re.compile(r"\b(?:in|from|of)\s+this\s+(?:view|page|screen)\b", re.IGNORECASE)


def read_on_screen(question: str) -> str:
    """`question` with its reference to the listed FIRs written as "of these"."""
    out = _IN_VIEW.sub(" of these ", question)
    out = _ON_SCREEN.sub(" of these ", out)
    return " ".join(out.split())
