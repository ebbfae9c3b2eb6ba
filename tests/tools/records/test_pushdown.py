"""Only error-free filters are copied into the fenced sources: on unmasked text columns, and
on a masked column only an =, IN or LIKE its mask cannot satisfy."""

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
        # a masked column's filter the mask itself may satisfy stays outside the fence
        "SELECT COUNT(person_id) FROM persons WHERE persons.precinct_id = 'BLR-E-KRP' "
        "AND persons.full_name = '[WITHHELD]'",
        "SELECT COUNT(person_id) FROM persons WHERE persons.precinct_id = 'BLR-E-KRP' "
        "AND persons.full_name LIKE '*hel?*'",
        "SELECT COUNT(person_id) FROM persons WHERE persons.precinct_id = 'BLR-E-KRP' "
        "AND persons.full_name LIKE '*Ravi Kumàr*'",
        "SELECT COUNT(person_id) FROM persons WHERE persons.precinct_id = 'BLR-E-KRP' "
        "AND persons.full_name != 'Ravi Kumar'",
        "SELECT COUNT(person_id) FROM persons WHERE persons.precinct_id = 'BLR-E-KRP' "
        "AND persons.full_name > 'Ravi'",
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


def test_only_fenced_postgres_sources_carry_the_copies_of_unmasked_filters() -> None:
    policy = load_policy()
    fenced = _accepted(f"SELECT SUM(victim_count) FROM firs WHERE {KRP} AND status = 'Closed'")
    postgres = plan_clearance(fenced, INSPECTOR, policy, "postgres").sources["firs"]
    sqlite = plan_clearance(fenced, INSPECTOR, policy, "sqlite").sources["firs"]
    assert postgres.endswith(
        "t.sensitivity <= 3 AND t.precinct_id = 'BLR-E-KRP' AND t.status = 'Closed'"
    )
    assert sqlite.endswith("t.sensitivity <= 3")
    flattened = _accepted(f"SELECT COUNT(ROWID) FROM firs WHERE {KRP} AND status = 'Closed'")
    unfenced = plan_clearance(flattened, INSPECTOR, policy, "postgres").sources["firs"]
    assert unfenced.endswith(
        "WHERE COALESCE(t.precinct_id, '') IN ('BLR-E-IND', 'BLR-E-KRP', 'BLR-E-MHD', 'BLR-E-WFD') "
        "AND t.sensitivity <= 3"
    )


@pytest.mark.parametrize(
    ("dialect", "copied"),
    [
        (
            "postgres",
            " AND t.precinct_id = 'BLR-E-KRP' AND (t.full_name ILIKE '%Ravi%Kumar%' "
            "AND (t.full_name || '') ILIKE '%Ravi Kumar%')",
        ),
        ("sqlite", " AND t.full_name LIKE '%Ravi Kumar%'"),
    ],
)
def test_a_name_search_the_mask_cannot_satisfy_is_copied_onto_the_raw_column(
    dialect: str, copied: str
) -> None:
    """Where `CASE ... ELSE '[withheld]' END LIKE '%Ravi Kumar%'` holds the cell is the name."""
    statement = _accepted(
        "SELECT persons.fir_id FROM persons WHERE persons.precinct_id = 'BLR-E-KRP' "
        "AND persons.full_name LIKE '*Ravi Kumar*'"
    )
    assert safe_filters(statement, INSPECTOR, load_policy(), dialect) == {"persons": copied}  # type: ignore[arg-type]


def test_an_equality_on_a_masked_column_is_copied_when_it_is_not_the_mask() -> None:
    statement = _accepted(
        "SELECT persons.fir_id FROM persons WHERE persons.precinct_id = 'BLR-E-KRP' "
        "AND persons.full_name IN ('Ravi Kumar', 'Asha Rao')"
    )
    assert safe_filters(statement, INSPECTOR, load_policy(), "sqlite") == {
        "persons": " AND t.full_name IN ('Ravi Kumar', 'Asha Rao')"
    }


def test_like_is_copied_as_the_postgres_translation() -> None:
    statement = _accepted(
        f"SELECT COUNT(ROWID) FROM firs WHERE {KRP} AND crime_head LIKE '*THEFT?'"
    )
    assert safe_filters(statement, INSPECTOR, load_policy()) == {
        "firs": " AND t.precinct_id = 'BLR-E-KRP' AND t.crime_head ILIKE '%THEFT_'"
    }


def test_a_join_narrows_the_other_fence_to_the_fir_ids_the_copies_match() -> None:
    statement = _accepted(
        "SELECT persons.fir_id, firs.status FROM persons INNER JOIN firs "
        "ON persons.fir_id = firs.fir_id WHERE persons.precinct_id = 'BLR-E-KRP' "
        "AND firs.precinct_id = 'BLR-E-KRP' AND persons.full_name LIKE '*Ravi*'"
    )
    extra = safe_filters(statement, INSPECTOR, load_policy())
    assert extra["firs"] == (
        " AND t.precinct_id = 'BLR-E-KRP' AND t.fir_id IN (SELECT t.fir_id FROM public.persons"
        " AS t WHERE t.precinct_id = 'BLR-E-KRP' AND t.full_name ILIKE '%Ravi%')"
    )
    assert (
        "IN (SELECT" not in safe_filters(statement, INSPECTOR, load_policy(), "sqlite")["persons"]
    )


def test_an_outer_join_narrows_nothing() -> None:
    statement = _accepted(
        "SELECT persons.fir_id, firs.status FROM persons LEFT JOIN firs "
        "ON persons.fir_id = firs.fir_id WHERE persons.precinct_id = 'BLR-E-KRP' "
        "AND firs.precinct_id = 'BLR-E-KRP' AND persons.full_name LIKE '*Ravi*'"
    )
    assert "IN (SELECT" not in safe_filters(statement, INSPECTOR, load_policy())["firs"]


def test_a_precinct_filter_naming_the_whole_jurisdiction_is_not_copied() -> None:
    listed = ", ".join(f"'{p}'" for p in sorted(INSPECTOR.precincts))
    statement = _accepted(
        f"SELECT COUNT(ROWID) FROM firs WHERE precinct_id IN ({listed}) AND status = 'Closed'"
    )
    assert safe_filters(statement, INSPECTOR, load_policy()) == {"firs": " AND t.status = 'Closed'"}
