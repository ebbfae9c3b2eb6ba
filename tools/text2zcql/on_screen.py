"""Ways of pointing at the FIR list on screen ("the FIRs shown on my screen", "in this view",
"the records displayed", "on the page") read as "of these" (but "the FIR on my screen" is
the one FIR open), so the count or list is scoped to
the page context's visible FIRs instead of stopping at "screen" or "view"."""

from __future__ import annotations

import re

_PLACE = r"(?:on|in)\s+(?:my |the |this |your )?(?:screen|view|page|display)"
_LEAD = r"(?:(?:out of|of|among|from|in)\s+)?(?:the |these |those )?"
_NOUN = r"(?:firs|cases|records|ones|entries|rows)"
_ON_SCREEN = re.compile(
    rf"\b{_LEAD}(?:{_NOUN}\s+(?:shown|displayed|listed|visible)(?:\s+{_PLACE})?"
    rf"|(?:{_NOUN}\s+)?{_PLACE})\b",
    re.IGNORECASE,
)
_IN_VIEW = re.compile(r"\b(?:in|from|of)\s+this\s+(?:view|page|screen)\b", re.IGNORECASE)


_ONE = re.compile(
    r"\b(?:fir|case|record|one|this|that)(?:\s+(?:(?:that|which)\s+is\s+)?(?:currently\s+)?"
    r"open(?:ed)?)?\s*$",
    re.IGNORECASE,
)
"""One FIR before the screen is named ("the FIR open on my screen"): the open one."""


def _these(m: re.Match[str], text: str) -> str:
    """ "of these", unless one FIR is meant ("the FIR on my screen" is the open one)."""
    return m[0] if _ONE.search(text[: m.start()]) else " of these "


def read_on_screen(question: str) -> str:
    """`question` with its reference to the listed FIRs written as "of these"."""
    out = _IN_VIEW.sub(" of these ", question)
    out = _ON_SCREEN.sub(lambda m: _these(m, out), out)
    return " ".join(out.split())
