"""Confidence of a parsed draft: how completely the question was grounded, calibrated.

The parser answers only when every content word is grounded, so what varies is how it was
grounded: exactly from the vocabulary, through a fuzzy correction, or by carrying filters
from an earlier question. Each class's value is its execution accuracy measured on the
development set (`data/text2zcql/grounding_dev.jsonl`, see `tools.text2zcql.calibration`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tools.text2zcql.understand import Understanding

CALIBRATED: dict[str, float] = {
    "exact": 0.97,
    "corrected": 0.9,
    "follow_up": 0.9,
}
"""Grounding class -> measured accuracy on the development set (rounded down)."""


def grounding_class(u: Understanding) -> str:
    """'follow_up', 'corrected' or 'exact'."""
    if u.follows:
        return "follow_up"
    if u.corrections:
        return "corrected"
    return "exact"


def draft_confidence(u: Understanding, intent: str) -> float:
    """The calibrated confidence of a draft from this understanding."""
    del intent
    return CALIBRATED[grounding_class(u)]
