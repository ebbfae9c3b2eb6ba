"""An IO's "workload" (kaam, case load): the FIRs each IO holds.

"IO wise workload", "workload of each IO", "pending workload" are FIRs counted per IO;
"workload of T. Kumar" is that IO's FIRs (a named IO drops the per-IO grouping). Read as
"cases io wise" before grounding, so the word is neither asked about nor dropped.
"""

from __future__ import annotations

import re

_WORKLOAD = re.compile(r"\b(?:work[- ]?loads?|case[- ]?loads?|caseloads?)\b", re.IGNORECASE)


def read_workload(question: str) -> str:
    """The question with "workload" read as FIRs counted per IO."""
    return " ".join(_WORKLOAD.sub(" cases io wise ", question).split())
