"""Who may read a knowledge-base document, as a predicate and as a Qdrant filter.

Both forms state one rule: clearance at most the officer's, and the document is either
for all precincts or names one of the officer's precincts.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from schemas.officer import Officer


def may_read_document(officer: Officer, clearance: int, precincts: Collection[str]) -> bool:
    """True when the officer may read a document of this clearance and precinct scope."""
    if clearance > officer.clearance:
        return False
    return not precincts or any(p in officer.precincts for p in precincts)


def qdrant_filter_spec(officer: Officer) -> dict[str, Any]:
    """The same rule as a Qdrant filter (JSON form) over the chunk payload.

    Payload: `clearance` (int), `precincts` (keyword list), `all_precincts` (bool, true
    when the document names no precinct, because Qdrant cannot match an empty list).
    """
    scope: list[dict[str, Any]] = [{"key": "all_precincts", "match": {"value": True}}]
    if officer.precincts:
        scope.append({"key": "precincts", "match": {"any": sorted(officer.precincts)}})
    return {
        "must": [
            {"key": "clearance", "range": {"lte": officer.clearance}},
            {"should": scope},
        ]
    }
