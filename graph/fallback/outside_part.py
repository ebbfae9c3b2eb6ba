"""The part of an outside-figure comparison the records answer: "compare Whitefield thefts in
2025 with the national average" asks the records for the Whitefield count, and the answer says
which part (the national figure) is missing because web search is not configured."""

from __future__ import annotations

import re

from graph.fallback.compute import OUTSIDE_FIGURE
from graph.fallback.numbers import quantities
from graph.fallback.records_math import RecordsMath, about_records, count_question, tidy

LEAD = re.compile(
    r"^\s*(?:please\s+)?(?:compare|contrast|check|how (?:do|does|did)|where (?:do|does))\s+", re.I
)
JOIN = re.compile(
    r"(?:[\s,;:-]+|\b(?:and|then|compare[ds]?|it|them|with|to|against|vs|versus|than|the"
    r"|from|or|a|an|latest|current|recent|official|karnataka['’]s|india['’]s|the state['’]s"
    r"|state['’]s|the country['’]s|national)\b\.?)+$",
    re.IGNORECASE,
)
"""What joins the records clause to the outside figure ("... with the latest", "... vs the")."""
TALLY_WORD = re.compile(r"\b(?:count|number|figures?|total|tally)\b\s*", re.IGNORECASE)
"""'the robbery count in Mandya': the records service is asked for 'robbery in Mandya'."""


def outside_comparison(question: str) -> RecordsMath | None:
    """The records count named before the outside figure, when that clause names records and
    states no numbers of its own (a stated rate is compared as said)."""
    m = OUTSIDE_FIGURE.search(question)
    if m is None:
        return None
    local = JOIN.sub("", LEAD.sub("", question[: m.start()]))
    local = TALLY_WORD.sub("", re.sub(r"^\s*the\s+", "", local, flags=re.I))
    if len(local.split()) < 2 or quantities(local) or not about_records(local):
        return None
    return RecordsMath("count", (count_question(local),), (tidy(local),))
