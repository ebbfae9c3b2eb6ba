"""Cleared plans: sources narrowed to the columns a statement reads, and planned once."""

from __future__ import annotations

import pytest

from schemas.records import TABLE_COLUMNS
from tools.records.clearance import plan_clearance
from tools.roster import officer_by_badge
from validators.clearance.policy import load_policy
from validators.clearance.sql_scope import read_columns
from validators.zcql import AcceptedStatement, validate

INSPECTOR = officer_by_badge("KA-3003")


def _accepted(statement: str) -> AcceptedStatement:
    verdict = validate(statement, INSPECTOR.precincts)
    assert verdict.accepted_statement is not None, verdict.reasons
    return verdict.accepted_statement


def test_a_count_reads_only_its_filter_columns_and_the_key() -> None:
    statement = _accepted(
        "SELECT COUNT(ROWID) FROM firs WHERE precinct_id = 'BLR-E-KRP' AND status = 'Closed'"
    )
    assert read_columns(statement.tree)["firs"] == {"fir_id", "precinct_id", "status"}
    source = plan_clearance(statement, INSPECTOR, load_policy(), "postgres").sources["firs"]
    assert source.startswith("SELECT t.fir_id, t.precinct_id, t.status FROM public.firs AS t")


@pytest.mark.parametrize(
    ("statement", "table"),
    [
        ("SELECT * FROM persons WHERE precinct_id = 'BLR-E-KRP'", "persons"),
        ("SELECT * FROM vehicles WHERE precinct_id = 'BLR-E-KRP'", "vehicles"),
    ],
)
def test_a_star_reads_every_column(statement: str, table: str) -> None:
    accepted = _accepted(statement)
    assert read_columns(accepted.tree)[table] == set(TABLE_COLUMNS[table])
    source = plan_clearance(accepted, INSPECTOR, load_policy(), "sqlite").sources[table]
    assert all(f"t.{column}" in source for column in TABLE_COLUMNS[table])


def test_a_masked_column_keeps_its_mask_in_a_narrow_source() -> None:
    statement = _accepted(
        "SELECT full_name FROM persons WHERE precinct_id = 'BLR-E-KRP' AND role = 'victim'"
    )
    source = plan_clearance(statement, INSPECTOR, load_policy(), "sqlite").sources["persons"]
    assert source.startswith("SELECT t.precinct_id, t.role, CASE WHEN ")
    assert "ELSE '[withheld]' END AS full_name FROM main.persons AS t" in source


def test_a_plan_is_the_same_whether_compiled_or_reused() -> None:
    statement = _accepted("SELECT fir_id FROM firs WHERE precinct_id = 'BLR-E-KRP'")
    policy = load_policy()
    first = plan_clearance(statement, INSPECTOR, policy, "postgres")
    again = plan_clearance(statement, INSPECTOR, policy, "postgres")
    assert first == again and first.sources is not again.sources
    other = policy.model_copy(update={"mask": "[sealed]"})
    narrower = plan_clearance(statement, INSPECTOR, other, "postgres")
    assert narrower.sources is not first.sources
    top = plan_clearance(statement, officer_by_badge("KA-5005"), policy, "postgres")
    assert top.sources != first.sources
