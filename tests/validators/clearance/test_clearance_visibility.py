"""Officer x record kind: exactly what each officer sees, via SQL scopes and the Python filter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.validators.clearance.clearance_casefile import (
    FIRS,
    HOME,
    OTHER,
    PERSONS,
    ROSTER,
    STATIONS,
    VEHICLES,
    CatalystLike,
    accepted,
    raw_rows,
    run_with_clearance,
)
from tools.records.postgres_executor import PostgresExecutor
from tools.records.seed_schema import insert_sql, table_ddl
from tools.records.sqlite_executor import SqliteExecutor
from validators.clearance.cleared import ClearedRows
from validators.clearance.policy import ClearancePolicy
from validators.clearance.python_filter import filter_rows
from validators.clearance.rules import RecordContext

IDENTITY = {"full_name", "phone", "address", "age"}
CONTACT = {"phone", "address"}
NARRATIVE = {"brief_facts"}
LOCATION = {"latitude", "longitude", "place_of_occurrence"}
NUMERIC = {"age", "latitude", "longitude"}

PERSON_COLUMNS = ["person_id", "full_name", "phone", "address", "age", "gender"]
FIR_COLUMNS = [
    "fir_id",
    "crime_head",
    "brief_facts",
    "latitude",
    "longitude",
    "place_of_occurrence",
]

PERSONS_QUERY = (
    f"SELECT {', '.join(PERSON_COLUMNS)} FROM persons "
    f"WHERE persons.precinct_id = '{HOME}' ORDER BY person_id"
)
FIRS_QUERY = (
    f"SELECT {', '.join(FIR_COLUMNS)} FROM firs WHERE firs.precinct_id = '{HOME}' ORDER BY fir_id"
)

# officer -> (visible person -> masked columns, withheld rows, reasons)
PERSONS_SPEC: dict[str, tuple[dict[str, set[str]], int, dict[str, int]]] = {
    "constable": (
        {"P-00001": CONTACT, "P-00002": CONTACT},
        5,
        {"sensitivity_above_clearance": 5, "contact_below_clearance": 4},
    ),
    "clearance2": (
        {
            "P-00001": CONTACT,
            "P-00002": CONTACT,
            "P-00003": IDENTITY,
            "P-00004": CONTACT,
            "P-00005": IDENTITY,
        },
        2,
        {
            "sensitivity_above_clearance": 2,
            "sexual_offence_victim_identity": 4,
            "juvenile_identity": 4,
            "contact_below_clearance": 6,
        },
    ),
    "inspector": (
        {
            "P-00001": set(),
            "P-00002": set(),
            "P-00003": IDENTITY,
            "P-00004": set(),
            "P-00005": IDENTITY,
            "P-00008": IDENTITY,
        },
        1,
        {
            "sensitivity_above_clearance": 1,
            "sexual_offence_victim_identity": 8,
            "juvenile_identity": 4,
        },
    ),
    "sou": (
        {
            "P-00001": set(),
            "P-00002": set(),
            "P-00003": set(),
            "P-00004": set(),
            "P-00005": IDENTITY,
            "P-00008": IDENTITY,
        },
        1,
        {"sensitivity_above_clearance": 1, "juvenile_identity": 8},
    ),
    "juvenile_unit": (
        {
            "P-00001": set(),
            "P-00002": set(),
            "P-00003": IDENTITY,
            "P-00004": set(),
            "P-00005": set(),
            "P-00008": IDENTITY,
        },
        1,
        {"sensitivity_above_clearance": 1, "sexual_offence_victim_identity": 8},
    ),
    "chief": (
        {f"P-0000{i}": set[str]() for i in (1, 2, 3, 4, 5, 6, 8)},
        0,
        {},
    ),
}

# officer -> (visible FIR -> masked columns, withheld rows, reasons)
FIRS_SPEC: dict[str, tuple[dict[str, set[str]], int, dict[str, int]]] = {
    "constable": ({"FIR-2026-00001": set()}, 4, {"sensitivity_above_clearance": 4}),
    "clearance2": (
        {
            "FIR-2026-00001": set(),
            "FIR-2026-00002": NARRATIVE | LOCATION,
            "FIR-2026-00003": NARRATIVE,
        },
        2,
        {
            "sensitivity_above_clearance": 2,
            "sexual_offence_narrative": 1,
            "sexual_offence_location": 3,
            "juvenile_narrative": 1,
        },
    ),
    "inspector": (
        {
            "FIR-2026-00001": set(),
            "FIR-2026-00002": NARRATIVE,
            "FIR-2026-00003": NARRATIVE,
            "FIR-2026-00006": NARRATIVE,
        },
        1,
        {
            "sensitivity_above_clearance": 1,
            "sexual_offence_narrative": 2,
            "juvenile_narrative": 1,
        },
    ),
    "sou": (
        {
            "FIR-2026-00001": set(),
            "FIR-2026-00002": set(),
            "FIR-2026-00003": NARRATIVE,
            "FIR-2026-00006": NARRATIVE,
        },
        1,
        {"sensitivity_above_clearance": 1, "juvenile_narrative": 2},
    ),
    "juvenile_unit": (
        {
            "FIR-2026-00001": set(),
            "FIR-2026-00002": NARRATIVE,
            "FIR-2026-00003": set(),
            "FIR-2026-00006": NARRATIVE,
        },
        1,
        {"sensitivity_above_clearance": 1, "sexual_offence_narrative": 2},
    ),
    "chief": (
        {f"FIR-2026-0000{i}": set[str]() for i in (1, 2, 3, 4, 6)},
        0,
        {},
    ),
}


def expected_rows(
    db: Path, table: str, key: str, columns: list[str], spec: dict[str, set[str]]
) -> list[dict[str, Any]]:
    """The raw rows of the visible records with exactly the specified cells masked."""
    raw = {r[key]: r for r in raw_rows(db, f"SELECT * FROM {table}")}
    out = []
    for record_id in sorted(spec):
        row = {c: raw[record_id][c] for c in columns}
        for column in spec[record_id]:
            row[column] = None if column in NUMERIC else "[withheld]"
        out.append(row)
    return out


def full_context(db: Path) -> RecordContext:
    return RecordContext(
        firs={r["fir_id"]: r for r in raw_rows(db, "SELECT * FROM firs")},
        persons={r["person_id"]: r for r in raw_rows(db, "SELECT * FROM persons")},
    )


def assert_cleared(
    cleared: ClearedRows, rows: list[dict[str, Any]], withheld: int, reasons: dict[str, int]
) -> None:
    assert cleared.rows == rows
    assert cleared.withheld_rows == withheld
    assert cleared.reasons == reasons
    assert cleared.masked_fields == sum(reasons.values()) - withheld


@pytest.mark.parametrize("badge", sorted(PERSONS_SPEC))
async def test_persons_via_sql_scope_show_exactly_what_the_policy_allows(
    badge: str, case_db: Path, sqlite_executor: SqliteExecutor, policy: ClearancePolicy
) -> None:
    visible, withheld, reasons = PERSONS_SPEC[badge]
    cleared = await run_with_clearance(
        accepted(PERSONS_QUERY), ROSTER[badge], sqlite_executor, policy
    )
    expected = expected_rows(case_db, "persons", "person_id", PERSON_COLUMNS, visible)
    assert_cleared(cleared, expected, withheld, reasons)
    assert cleared.policy_version == policy.version


@pytest.mark.parametrize("badge", sorted(PERSONS_SPEC))
def test_persons_via_python_filter_match_the_same_spec(
    badge: str, case_db: Path, policy: ClearancePolicy
) -> None:
    visible, withheld, reasons = PERSONS_SPEC[badge]
    rows = raw_rows(case_db, f"{PERSONS_QUERY.split(' WHERE ')[0]} ORDER BY person_id")
    cleared = filter_rows(rows, ROSTER[badge], policy, full_context(case_db), sources="persons")
    everywhere = visible | {"P-00007": set()} if badge == "chief" else visible
    expected = expected_rows(case_db, "persons", "person_id", PERSON_COLUMNS, everywhere)
    other = {} if badge == "chief" else {"other_precinct": 1}
    assert_cleared(cleared, expected, withheld + len(other), reasons | other)


@pytest.mark.parametrize("badge", sorted(FIRS_SPEC))
async def test_firs_via_sql_scope_show_exactly_what_the_policy_allows(
    badge: str, case_db: Path, sqlite_executor: SqliteExecutor, policy: ClearancePolicy
) -> None:
    visible, withheld, reasons = FIRS_SPEC[badge]
    cleared = await run_with_clearance(accepted(FIRS_QUERY), ROSTER[badge], sqlite_executor, policy)
    expected = expected_rows(case_db, "firs", "fir_id", FIR_COLUMNS, visible)
    assert_cleared(cleared, expected, withheld, reasons)


@pytest.mark.parametrize("badge", sorted(FIRS_SPEC))
def test_firs_via_python_filter_match_the_same_spec(
    badge: str, case_db: Path, policy: ClearancePolicy
) -> None:
    visible, withheld, reasons = FIRS_SPEC[badge]
    rows = raw_rows(case_db, f"SELECT {', '.join(FIR_COLUMNS)}, precinct_id, sensitivity FROM firs")
    cleared = filter_rows(rows, ROSTER[badge], policy, full_context(case_db), sources="firs")
    everywhere = visible | {"FIR-2026-00005": set()} if badge == "chief" else visible
    expected = expected_rows(case_db, "firs", "fir_id", FIR_COLUMNS, everywhere)
    for row in cleared.rows:
        del row["precinct_id"], row["sensitivity"]
    other = {} if badge == "chief" else {"other_precinct": 1}
    assert_cleared(cleared, expected, withheld + len(other), reasons | other)


async def test_statement_naming_another_precinct_returns_nothing_from_it(
    sqlite_executor: SqliteExecutor, policy: ClearancePolicy
) -> None:
    query = f"SELECT person_id, full_name FROM persons WHERE persons.precinct_id = '{OTHER}'"
    cleared = await run_with_clearance(
        accepted(query), ROSTER["inspector"], sqlite_executor, policy
    )
    assert (cleared.rows, cleared.withheld_rows) == ([], 0)


async def test_chief_sees_every_precinct_of_the_jurisdiction(
    sqlite_executor: SqliteExecutor, policy: ClearancePolicy
) -> None:
    query = (
        "SELECT person_id, phone FROM persons "
        f"WHERE persons.precinct_id IN ('{HOME}', '{OTHER}') ORDER BY person_id"
    )
    cleared = await run_with_clearance(accepted(query), ROSTER["chief"], sqlite_executor, policy)
    assert [r["person_id"] for r in cleared.rows] == [f"P-0000{i}" for i in range(1, 9)]
    assert "[withheld]" not in {r["phone"] for r in cleared.rows}


async def test_joined_vehicles_take_the_sensitivity_of_their_fir(
    sqlite_executor: SqliteExecutor, policy: ClearancePolicy
) -> None:
    query = (
        "SELECT vehicle_id, registration_no FROM vehicles "
        f"WHERE vehicles.precinct_id = '{HOME}' ORDER BY vehicle_id"
    )
    low = await run_with_clearance(accepted(query), ROSTER["inspector"], sqlite_executor, policy)
    high = await run_with_clearance(accepted(query), ROSTER["chief"], sqlite_executor, policy)
    assert [r["vehicle_id"] for r in low.rows] == ["V-00001"]
    assert low.withheld_rows == 1
    assert [r["vehicle_id"] for r in high.rows] == ["V-00001", "V-00002"]


@pytest.mark.parametrize("badge", sorted(PERSONS_SPEC))
async def test_persons_via_catalyst_post_filter_match_the_same_spec(
    badge: str, case_db: Path, catalyst_executor: CatalystLike, policy: ClearancePolicy
) -> None:
    visible, withheld, reasons = PERSONS_SPEC[badge]
    cleared = await run_with_clearance(
        accepted(PERSONS_QUERY), ROSTER[badge], catalyst_executor, policy
    )
    expected = expected_rows(case_db, "persons", "person_id", PERSON_COLUMNS, visible)
    sealed = reasons.get("sensitivity_above_clearance", 0)  # bounded in the statement sent
    masks = {k: n for k, n in reasons.items() if k != "sensitivity_above_clearance"}
    assert_cleared(cleared, expected, withheld - sealed, masks)


def load_into_postgres(dsn: str) -> None:
    """The hand-built case file, loaded into an empty PostgreSQL database."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(table_ddl().encode())
        for table, rows in (
            ("police_stations", STATIONS),
            ("firs", FIRS),
            ("persons", PERSONS),
            ("vehicles", VEHICLES),
        ):
            with conn.cursor() as cur:
                cur.executemany(insert_sql(table).replace("?", "%s").encode(), rows)


@pytest.mark.postgres
async def test_postgres_scopes_show_exactly_what_the_policy_allows(
    pg_database: str, case_db: Path, policy: ClearancePolicy
) -> None:
    load_into_postgres(pg_database)
    executor = PostgresExecutor(pg_database)
    await executor.open()
    try:
        for query, table, key, columns, spec in (
            (PERSONS_QUERY, "persons", "person_id", PERSON_COLUMNS, PERSONS_SPEC),
            (FIRS_QUERY, "firs", "fir_id", FIR_COLUMNS, FIRS_SPEC),
        ):
            for badge, (visible, withheld, reasons) in spec.items():
                cleared = await run_with_clearance(accepted(query), ROSTER[badge], executor, policy)
                expected = expected_rows(case_db, table, key, columns, visible)
                assert_cleared(cleared, expected, withheld, reasons)
    finally:
        await executor.close()
