"""Words that say an FIR is still being worked on ("K. Rohan is investigating right now",
"currently with R. Lokesh", "still working on", "probing now", "under investigation at
present") read as the status Under Investigation ("pending"). Left alone, "currently" and
"now" are padding, and the IO's FIRs of every status would be counted."""

from __future__ import annotations

import re

_NOW = (
    r"(?:right now|just now|now|currently|presently|at present|at the moment|as of now|"
    r"as of today|still)"
)
_WORKING = (
    r"(?:investigating|probing|handling|working on|sitting on|holding|dealing with|"
    r"being investigated|being probed|being handled)"
)
_CURRENT = re.compile(rf"\b(?:{_NOW}\s+{_WORKING}|{_WORKING}\s+{_NOW})\b", re.IGNORECASE)
_CURRENT_WITH = re.compile(
    rf"\b{_NOW}\s+(?:with|under(?!\s+investigation)|assigned to)\b", re.IGNORECASE
)
"""Still with an IO ("currently with R. Lokesh"); "still under investigation" is the status."""
_PENDING_NOW = re.compile(
    r"\b(under investigation|pending|open)\s+(?:at present|as of now|as of today|right now|"
    r"currently|now)\b",
    re.IGNORECASE,
)


_SITTING_ON = re.compile(r"\b(?:is|are)\s+sitting\s+on\b", re.IGNORECASE)


def read_current_work(question: str) -> str:
    """`question` with still-being-worked-on wording written as "pending"; "is sitting on"
    (files an IO holds) as "has"."""
    out = _PENDING_NOW.sub(r"\1", question)
    out = _SITTING_ON.sub("has", out)
    out = _CURRENT.sub(" pending ", out)
    out = _CURRENT_WITH.sub(" pending with ", out)
    return " ".join(out.split())
