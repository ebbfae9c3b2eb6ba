"""Translating the shared clearance spec into each engine's filter, failing closed."""

from __future__ import annotations

import pytest
from qdrant_client import models

from tools.knowledge.qfilter import (
    AllOf,
    AnyOf,
    IsTrue,
    MatchAny,
    Range,
    UnsupportedFilter,
    to_filter,
)
from tools.knowledge.server import server_filter
from validators.clearance.knowledge import qdrant_filter_spec


def test_the_shared_spec_becomes_clearance_and_precinct_conditions(make_officer) -> None:
    flt = to_filter(qdrant_filter_spec(make_officer(3, "BLR-E-KRP", "BLR-E-WFD")))
    assert flt == AllOf(
        (
            Range("clearance", lte=3),
            AnyOf((IsTrue("all_precincts"), MatchAny("precincts", ("BLR-E-KRP", "BLR-E-WFD")))),
        )
    )


def test_an_officer_without_precincts_keeps_only_the_all_precincts_option(make_officer) -> None:
    flt = to_filter(qdrant_filter_spec(make_officer(2)))
    assert flt.conditions[1] == AnyOf((IsTrue("all_precincts"),))


def test_the_server_filter_matches_the_flag_as_an_integer(make_officer) -> None:
    flt = server_filter(to_filter(qdrant_filter_spec(make_officer(3, "BLR-E-KRP"))))
    clearance, scope = flt.must  # type: ignore[misc]
    assert clearance == models.FieldCondition(key="clearance", range=models.Range(lte=3))
    assert isinstance(scope, models.Filter)
    assert scope.should == [
        models.FieldCondition(key="all_precincts", match=models.MatchValue(value=1)),
        models.FieldCondition(key="precincts", match=models.MatchAny(any=["BLR-E-KRP"])),
    ]


@pytest.mark.parametrize(
    "spec",
    [
        {},
        {"must": []},
        {"should": [{"key": "clearance", "range": {"lte": 1}}]},
        {"must": [{"key": "clearance", "equals": 1}]},
        {"must": [{"key": "clearance", "range": {}}]},
        {"must": [{"key": "clearance", "range": {"lte": 1, "ne": 2}}]},
        {"must": [{"is_empty": "roles"}]},
        {"must": [{"any_of": [{"key": "precincts", "match_any": []}]}]},
        {"must": [{"key": "precincts", "match_any": []}]},
    ],
)
def test_unknown_or_unsatisfiable_specs_raise_instead_of_filtering_nothing(spec: dict) -> None:
    with pytest.raises(UnsupportedFilter):
        to_filter(spec)
