"""Joined persons and FIRs: masks follow the person, sensitivity follows the joined FIR."""

from __future__ import annotations

import sqlglot
from sqlglot import exp

from tests.validators.clearance.clearance_casefile import (
    HOME,
    ROSTER,
    CatalystLike,
    accepted,
    run_with_clearance,
)
from tools.records.sqlite_executor import SqliteExecutor
from validators.clearance.policy import ClearancePolicy
from validators.clearance.projection import fir_links

W = "[withheld]"


def joined(*extra: str) -> str:
    columns = ", ".join(["firs.fir_id", *extra, "persons.full_name", "persons.phone"])
    return (
        f"SELECT {columns} FROM firs INNER JOIN persons ON persons.fir_id = firs.fir_id "
        f"WHERE firs.precinct_id = '{HOME}' AND persons.precinct_id = '{HOME}' "
        "ORDER BY persons.person_id"
    )


async def test_sql_join_masks_exactly_the_protected_people(
    sqlite_executor: SqliteExecutor, policy: ClearancePolicy
) -> None:
    cleared = await run_with_clearance(
        accepted(joined()), ROSTER["inspector"], sqlite_executor, policy
    )
    assert [r["persons.full_name"] for r in cleared.rows] == [
        "Anil Kumar",
        "Bharath Gowda",
        W,
        "Xavier Dsouza",
        W,
        W,
    ]
    assert cleared.withheld_rows == 1
    assert cleared.reasons == {
        "sensitivity_above_clearance": 1,
        "sexual_offence_victim_identity": 4,
        "juvenile_identity": 2,
    }


async def test_catalyst_join_without_person_keys_masks_every_identity(
    catalyst_executor: CatalystLike, policy: ClearancePolicy
) -> None:
    cleared = await run_with_clearance(
        accepted(joined()), ROSTER["inspector"], catalyst_executor, policy
    )
    assert len(cleared.rows) == 6, "the joined FIR proves each row's sensitivity"
    assert {r["persons.full_name"] for r in cleared.rows} == {W}
    assert cleared.withheld_rows == 0  # the sealed FIR is bounded out by the statement sent


async def test_catalyst_join_with_person_keys_matches_the_sql_scope(
    sqlite_executor: SqliteExecutor, catalyst_executor: CatalystLike, policy: ClearancePolicy
) -> None:
    query = accepted(joined("persons.person_id"))
    sql = await run_with_clearance(query, ROSTER["inspector"], sqlite_executor, policy)
    post = await run_with_clearance(query, ROSTER["inspector"], catalyst_executor, policy)
    assert post.rows == sql.rows
    assert (post.withheld_rows, post.masked_fields) == (0, sql.masked_fields)


def test_fir_links_read_join_and_where_equalities() -> None:
    tree = sqlglot.parse_one(
        "SELECT p.full_name FROM firs f INNER JOIN persons p ON p.fir_id = f.fir_id "
        "LEFT JOIN vehicles v ON v.vehicle_id = f.fir_id WHERE f.precinct_id = 'X'",
        dialect="mysql",
    )
    assert isinstance(tree, exp.Select)
    assert fir_links(tree) == {"p": "f"}
    where = sqlglot.parse_one(
        "SELECT v.make FROM vehicles v, firs f WHERE v.fir_id = f.fir_id AND f.sensitivity = 1",
        dialect="mysql",
    )
    assert isinstance(where, exp.Select)
    assert fir_links(where) == {"v": "f"}
