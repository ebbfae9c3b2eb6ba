"""Only the validator makes an AcceptedStatement; only the records service a TrustedQuery."""

from __future__ import annotations

import dataclasses

import pytest
import sqlglot

from tools.records.trusted import TrustedQuery, context_queries
from validators.zcql.validate import AcceptedStatement, validate

from .conftest import PRECINCTS

GOOD = "SELECT fir_id FROM firs WHERE precinct_id = 'BLR-E-KRP'"


def test_validate_hands_back_an_accepted_statement_only_when_accepted() -> None:
    accepted = validate(GOOD, PRECINCTS).accepted_statement
    assert isinstance(accepted, AcceptedStatement)
    assert accepted.tables == frozenset({"firs"})
    assert validate("SELECT fir_id FROM firs", PRECINCTS).accepted_statement is None


def test_an_accepted_statement_cannot_be_built_by_hand() -> None:
    with pytest.raises(TypeError):
        AcceptedStatement("SELECT fir_id FROM firs", frozenset({"firs"}), "0" * 64)


def test_an_accepted_statement_cannot_be_altered_into_another() -> None:
    accepted = validate(GOOD, PRECINCTS).accepted_statement
    assert accepted is not None
    with pytest.raises(TypeError):
        dataclasses.replace(accepted, statement="SELECT fir_id FROM firs")


def test_an_accepted_statement_survives_a_checkpoint_round_trip_in_this_process() -> None:
    accepted = validate(GOOD, PRECINCTS).accepted_statement
    assert accepted is not None
    restored = AcceptedStatement(
        **{f.name: getattr(accepted, f.name) for f in dataclasses.fields(accepted)}
    )
    assert restored.tree.sql() == sqlglot.parse_one(GOOD, read="mysql").sql()


def test_a_trusted_query_cannot_be_built_by_hand() -> None:
    (built,) = context_queries("firs", ["FIR-2026-00001"], _officer())
    assert isinstance(built, TrustedQuery)
    with pytest.raises(TypeError):
        TrustedQuery(built.statement, built.tree, built.tables)


def _officer():  # type: ignore[no-untyped-def]
    from schemas.officer import Officer

    return Officer(
        badge_id="KA-1", name="x", rank="PSI", clearance=1, precincts=frozenset({"BLR-E-KRP"})
    )
