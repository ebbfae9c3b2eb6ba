"""Clearance semantics for knowledge-base documents, shared with the records policy.

A document is readable when its clearance is at most the officer's and it is either
force-wide (no precincts) or tagged with at least one of the officer's precincts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from schemas.officer import Officer


def may_read_document(officer: Officer, clearance: int, precincts: Iterable[str]) -> bool:
    """True when the officer may read a document with this clearance and precinct tags."""
    tags = set(precincts)
    return clearance <= officer.clearance and (not tags or bool(tags & officer.precincts))


def qdrant_filter_spec(officer: Officer) -> dict[str, Any]:
    """The same rule as plain must-conditions for the retrieval engineer's qdrant Filter.

    `{"must": [{"key": "clearance", "range": {"lte": N}},
               {"any_of": [{"is_empty": "precincts"},
                           {"key": "precincts", "match_any": [...]}]}]}`
    """
    return {
        "must": [
            {"key": "clearance", "range": {"lte": officer.clearance}},
            {
                "any_of": [
                    {"is_empty": "precincts"},
                    {"key": "precincts", "match_any": sorted(officer.precincts)},
                ]
            },
        ]
    }
