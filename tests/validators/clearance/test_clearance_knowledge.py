"""One clearance rule for knowledge-base documents and the Qdrant filter spec."""

from __future__ import annotations

import pytest

from tests.validators.clearance.clearance_casefile import HOME, OTHER, ROSTER
from validators.clearance.knowledge import may_read_document, qdrant_filter_spec


@pytest.mark.parametrize(
    ("badge", "clearance", "precincts", "allowed"),
    [
        ("constable", 1, [], True),
        ("constable", 2, [], False),
        ("inspector", 3, [HOME], True),
        ("inspector", 3, [OTHER], False),
        ("inspector", 3, [OTHER, HOME], True),
        ("chief", 5, [OTHER], True),
    ],
)
def test_document_is_readable_within_clearance_and_jurisdiction(
    badge: str, clearance: int, precincts: list[str], allowed: bool
) -> None:
    assert may_read_document(ROSTER[badge], clearance, precincts) is allowed


def test_qdrant_spec_states_the_same_rule() -> None:
    spec = qdrant_filter_spec(ROSTER["chief"])
    assert spec == {
        "must": [
            {"key": "clearance", "range": {"lte": 5}},
            {
                "any_of": [
                    {"is_empty": "precincts"},
                    {"key": "precincts", "match_any": sorted([HOME, OTHER])},
                ]
            },
        ]
    }
