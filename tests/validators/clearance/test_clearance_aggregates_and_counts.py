"""Aggregates run only over visible rows; withheld counts, reasons and the deny-list are exact."""

from __future__ import annotations

import pytest

from tests.validators.clearance.clearance_casefile import (
    HOME,
    ROSTER,
    accepted,
    run_with_clearance,
)
from tools.records.sqlite_executor import SqliteExecutor
from validators.clearance.policy import ClearancePolicy

COUNT_FIRS = f"SELECT COUNT(ROWID) FROM firs WHERE firs.precinct_id = '{HOME}'"
AVG_AGE = f"SELECT AVG(age) FROM persons WHERE persons.precinct_id = '{HOME}'"


@pytest.mark.parametrize(("badge", "visible", "withheld"), [("constable", 1, 4), ("chief", 5, 0)])
async def test_count_covers_only_visible_firs(
    badge: str,
    visible: int,
    withheld: int,
    sqlite_executor: SqliteExecutor,
    policy: ClearancePolicy,
) -> None:
    cleared = await run_with_clearance(accepted(COUNT_FIRS), ROSTER[badge], sqlite_executor, policy)
    assert [list(r.values()) for r in cleared.rows] == [[visible]]
    assert cleared.withheld_rows == withheld


async def test_average_age_skips_withheld_ages(
    sqlite_executor: SqliteExecutor, policy: ClearancePolicy
) -> None:
    low = await run_with_clearance(accepted(AVG_AGE), ROSTER["clearance2"], sqlite_executor, policy)
    chief = await run_with_clearance(accepted(AVG_AGE), ROSTER["chief"], sqlite_executor, policy)
    assert list(low.rows[0].values()) == [30.0]
    assert list(chief.rows[0].values()) == [pytest.approx((30 * 5 + 16 + 12) / 7)]


async def test_group_by_counts_only_visible_rows(
    sqlite_executor: SqliteExecutor, policy: ClearancePolicy
) -> None:
    query = (
        f"SELECT crime_group, COUNT(ROWID) FROM firs WHERE firs.precinct_id = '{HOME}' "
        "GROUP BY crime_group"
    )
    cleared = await run_with_clearance(
        accepted(query), ROSTER["constable"], sqlite_executor, policy
    )
    assert [list(r.values()) for r in cleared.rows] == [["THEFT", 1]]
    assert (cleared.withheld_rows, cleared.masked_fields) == (4, 0)


@pytest.mark.parametrize(("badge", "matches"), [("inspector", 0), ("sou", 1)])
async def test_a_masked_name_cannot_be_probed_through_where(
    badge: str, matches: int, sqlite_executor: SqliteExecutor, policy: ClearancePolicy
) -> None:
    query = (
        "SELECT COUNT(ROWID) FROM persons "
        f"WHERE persons.precinct_id = '{HOME}' AND persons.full_name = 'Vani Shetty'"
    )
    cleared = await run_with_clearance(accepted(query), ROSTER[badge], sqlite_executor, policy)
    assert [list(r.values()) for r in cleared.rows] == [[matches]]
    assert cleared.withheld_rows == 0


async def test_everything_visible_leaves_nothing_withheld(
    sqlite_executor: SqliteExecutor, policy: ClearancePolicy
) -> None:
    query = f"SELECT * FROM persons WHERE persons.precinct_id = '{HOME}'"
    cleared = await run_with_clearance(accepted(query), ROSTER["chief"], sqlite_executor, policy)
    assert len(cleared.rows) == 7
    assert (cleared.withheld_rows, cleared.masked_fields, cleared.reasons) == (0, 0, {})
