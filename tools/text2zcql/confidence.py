"""Confidence of a parsed draft: how completely the question was grounded, calibrated.

The parser answers only when every content word is grounded, so what varies is how it was
grounded (exactly from the vocabulary, through a fuzzy correction, or by carrying filters
from an earlier question) and what shape of answer it drafted: a count or a grouping is
right more often than a single FIR's lookup or a person search, whose wording varies more.
The value is the grounding class's accuracy times the intent's factor. The grounding classes
were fitted on the development set `data/eval/records_heldout.jsonl`; the intent factors were
refitted on it and the version 2 set together (answers routed to records, 2026-12-03, after
the fixes for the version 2 failure classes: counts 253 of 254 right, lists 94 of 95,
person searches 11 of 11, lookups 11 of 11). Lookups and person searches, a handful of cases
each, are shrunk towards the earlier cautious value rather than fitted to 1.0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tools.text2zcql.understand import Understanding

CALIBRATED: dict[str, float] = {
    "exact": 0.99,
    "corrected": 0.96,
    "follow_up": 0.97,
}
"""Grounding class -> accuracy of its counts and groupings on the development set."""
INTENT_FACTOR: dict[str, float] = {
    "list": 0.99,
    "lookup_status": 0.97,
    "lookup_io": 0.97,
    "person_lookup": 0.97,
}
"""Intents measured less accurate than counts (accuracy relative to a count); others 1.0."""


def grounding_class(u: Understanding) -> str:
    """'follow_up', 'corrected' or 'exact'."""
    if u.follows:
        return "follow_up"
    if u.corrections:
        return "corrected"
    return "exact"


def draft_confidence(u: Understanding, intent: str) -> float:
    """The calibrated confidence of a draft from this understanding and its intent."""
    return round(CALIBRATED[grounding_class(u)] * INTENT_FACTOR.get(intent, 1.0), 4)


SET_ASIDE_FACTOR = 0.97
"""Relative accuracy of an answer that set framing words aside ("for the DCP", "reply in
grp"): a clause read as framing could, rarely, have been meant as part of the question."""


def framed_confidence(confidence: float, aside: tuple[str, ...]) -> float:
    """`confidence` lowered when words were set aside as framing (see `tools.text2zcql.framing`)."""
    return round(confidence * SET_ASIDE_FACTOR, 4) if aside else confidence
