"""Catalyst cannot take CTEs: the plain result is post-filtered and fails closed."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from schemas.officer import Officer
from tests.validators.clearance.clearance_casefile import (
    HOME,
    ROSTER,
    CatalystLike,
    accepted,
    officer,
    raw_rows,
    run_with_clearance,
)
from tools.records.catalyst_executor import CatalystExecutor
from tools.records.seed_schema import TABLE_COLUMNS
from validators.clearance.policy import ClearancePolicy
from validators.zcql.schema import BOOLEAN_COLUMNS

COMMISSIONER = officer("commissioner", 5)


async def test_an_aggregate_below_clearance_5_counts_only_firs_within_clearance(
    catalyst_executor: CatalystLike, policy: ClearancePolicy
) -> None:
    query = f"SELECT COUNT(ROWID) FROM firs WHERE firs.precinct_id = '{HOME}'"
    cleared = await run_with_clearance(
        accepted(query), ROSTER["constable"], catalyst_executor, policy
    )
    assert [list(r.values()) for r in cleared.rows] == [[1]]  # FIR-2026-00001 alone
    assert (cleared.withheld_rows, cleared.reasons) == (0, {})


async def test_an_aggregate_over_persons_below_clearance_5_counts_only_their_visible_firs(
    catalyst_executor: CatalystLike, policy: ClearancePolicy
) -> None:
    query = f"SELECT COUNT(ROWID) FROM persons WHERE persons.precinct_id = '{HOME}'"
    cleared = await run_with_clearance(
        accepted(query), ROSTER["constable"], catalyst_executor, policy
    )
    assert [list(r.values()) for r in cleared.rows] == [[2]]  # the people of FIR-2026-00001
    assert (cleared.withheld_rows, cleared.reasons) == (0, {})


async def test_an_aggregate_is_shown_to_clearance_5(
    catalyst_executor: CatalystLike, policy: ClearancePolicy
) -> None:
    query = f"SELECT COUNT(ROWID) FROM firs WHERE firs.precinct_id = '{HOME}'"
    cleared = await run_with_clearance(accepted(query), COMMISSIONER, catalyst_executor, policy)
    assert [list(r.values()) for r in cleared.rows] == [[5]]


@pytest.mark.parametrize(
    ("who", "expected"), [(COMMISSIONER, "[withheld]"), (ROSTER["chief"], "Xavier Dsouza")]
)
async def test_an_aggregate_over_a_protected_column_is_masked_unless_every_rule_is_met(
    who: Officer, expected: str, catalyst_executor: CatalystLike, policy: ClearancePolicy
) -> None:
    query = f"SELECT MAX(full_name) FROM persons WHERE persons.precinct_id = '{HOME}'"
    cleared = await run_with_clearance(accepted(query), who, catalyst_executor, policy)
    assert [list(r.values()) for r in cleared.rows] == [[expected]]


@pytest.mark.parametrize(("badge", "found"), [("inspector", []), ("sou", ["P-00003"])])
async def test_a_row_matched_on_a_protected_value_is_dropped(
    badge: str, found: list[str], catalyst_executor: CatalystLike, policy: ClearancePolicy
) -> None:
    query = (
        "SELECT person_id, role FROM persons "
        f"WHERE persons.precinct_id = '{HOME}' AND persons.full_name = 'Vani Shetty'"
    )
    cleared = await run_with_clearance(accepted(query), ROSTER[badge], catalyst_executor, policy)
    assert [r["person_id"] for r in cleared.rows] == found
    assert cleared.withheld_rows == 0


async def test_catalyst_masks_protected_names_in_the_rows(
    catalyst_executor: CatalystLike, policy: ClearancePolicy
) -> None:
    query = f"SELECT person_id, full_name FROM persons WHERE persons.precinct_id = '{HOME}'"
    cleared = await run_with_clearance(
        accepted(query), ROSTER["inspector"], catalyst_executor, policy
    )
    assert "Vani Shetty" not in {r["full_name"] for r in cleared.rows}
    assert not hasattr(cleared, "withheld_values"), "sealed values are never carried on"


def zcql_over_sqlite(db: Path) -> httpx.MockTransport:
    """A Catalyst ZCQL endpoint answering simple single-table statements from SQLite."""

    def handle(request: httpx.Request) -> httpx.Response:
        statement = json.loads(request.content)["query"]
        table = next(t for t in TABLE_COLUMNS if f"FROM {t} " in statement)
        rows = raw_rows(db, statement)
        data = [
            {table: {k: str(v).lower() if k in BOOLEAN_COLUMNS else v for k, v in r.items()}}
            for r in rows
        ]
        return httpx.Response(200, json={"status": "success", "data": data})

    return httpx.MockTransport(handle)


async def test_the_real_catalyst_client_gets_post_filtered_rows(
    case_db: Path, policy: ClearancePolicy
) -> None:
    client = httpx.AsyncClient(transport=zcql_over_sqlite(case_db))
    executor = CatalystExecutor("https://api.example", "1", lambda: "token", client=client)
    query = (
        "SELECT person_id, full_name, phone FROM persons "
        f"WHERE persons.precinct_id = '{HOME}' ORDER BY person_id"
    )
    try:
        cleared = await run_with_clearance(accepted(query), ROSTER["inspector"], executor, policy)
    finally:
        await executor.aclose()
    assert [r["full_name"] for r in cleared.rows] == [
        "Anil Kumar",
        "Bharath Gowda",
        "[withheld]",
        "Xavier Dsouza",
        "[withheld]",
        "[withheld]",
    ]
    assert cleared.withheld_rows == 0  # the sealed FIR's person is bounded out when sent
