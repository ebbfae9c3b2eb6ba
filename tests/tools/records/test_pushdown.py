"""Only error-free filters on unmasked text columns are copied into PostgreSQL's fenced sources."""

from __future__ import annotations

import pytest

from tools.records.clearance import plan_clearance
from tools.records.pushdown import safe_filters
from tools.roster import officer_by_badge
from validators.clearance.policy import load_policy
from validators.zcql import AcceptedStatement, validate

INSPECTOR = officer_by_badge("KA-3003")
KRP = "precinct_id = 'BLR-E-KRP'"


def _accepted(statement: str) -> AcceptedStatement:
    verdict = validate(statement, INSPECTOR.precincts)
    assert verdict.accepted_statement is not None, verdict.reasons
    return verdict.accepted_statement


def test_text_comparisons_in_lists_and_ranges_are_copied_onto_the_row_alias() -> None:
    statement = _accepted(
        f"SELECT COUNT(ROWID) FROM firs WHERE {KRP} AND crime_head IN ('MURDER', 'DACOITY') "
        "AND registered_at >= '2026-01-01 00:00:00' AND status != 'Closed'"
    )
    assert safe_filters(statement, INSPECTOR, load_policy()) == {
        "firs": " AND t.precinct_id = 'BLR-E-KRP'"
        " AND t.crime_head IN ('MURDER', 'DACOITY')"
        " AND t.registered_at >= '2026-01-01 00:00:00'"
        " AND t.status <> 'Closed'"
    }


@pytest.mark.parametrize(
    "statement",
    [
        # a masked column must be filtered on its mask, outside the fence
        "SELECT COUNT(person_id) FROM persons WHERE persons.precinct_id = 'BLR-E-KRP' "
        "AND persons.full_name = 'Ravi Kumar'",
        # not a plain comparison with a string literal
        f"SELECT COUNT(ROWID) FROM firs WHERE {KRP} AND crime_head NOT LIKE '*THEFT'",
        f"SELECT COUNT(ROWID) FROM firs WHERE {KRP} AND sensitivity = 2",
        f"SELECT COUNT(ROWID) FROM firs WHERE {KRP} AND status NOT IN ('Closed')",
    ],
)
def test_nothing_else_is_copied(statement: str) -> None:
    extra = safe_filters(_accepted(statement), INSPECTOR, load_policy())
    assert extra == {next(iter(extra)): " AND t.precinct_id = 'BLR-E-KRP'"}


def test_a_statement_with_a_subquery_copies_nothing() -> None:
    statement = _accepted(
        f"SELECT fir_id FROM firs WHERE {KRP} AND registered_at = "
        f"(SELECT MAX(registered_at) FROM firs WHERE {KRP} AND status = 'Closed')"
    )
    assert safe_filters(statement, INSPECTOR, load_policy()) == {}


def test_only_postgres_sources_carry_the_copies() -> None:
    statement = _accepted(f"SELECT COUNT(ROWID) FROM firs WHERE {KRP} AND status = 'Closed'")
    policy = load_policy()
    postgres = plan_clearance(statement, INSPECTOR, policy, "postgres").sources["firs"]
    sqlite = plan_clearance(statement, INSPECTOR, policy, "sqlite").sources["firs"]
    assert postgres.endswith(
        "t.sensitivity <= 3 AND t.precinct_id = 'BLR-E-KRP' AND t.status = 'Closed'"
    )
    assert sqlite.endswith("t.sensitivity <= 3")


def test_like_is_copied_as_the_postgres_translation() -> None:
    statement = _accepted(
        f"SELECT COUNT(ROWID) FROM firs WHERE {KRP} AND crime_head LIKE '*THEFT?'"
    )
    assert safe_filters(statement, INSPECTOR, load_policy()) == {
        "firs": " AND t.precinct_id = 'BLR-E-KRP' AND t.crime_head ILIKE '%THEFT_'"
    }
