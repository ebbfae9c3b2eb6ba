"""People and vehicles for an officer below the top clearance on Catalyst, through the real
Catalyst client against a mocked ZCQL API (httpx.MockTransport) that runs each statement's
own text over in-memory firs, persons and vehicles tables: their sensitivity is their FIR's,
so the statement sent joins `firs` and bounds it, and the answer is exact and identical on
two Data Stores that differ only in sealed FIRs and their people and vehicles."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from typing import Any

import httpx
import pytest

from tests.tools.records.catalyst_mock import catalyst_service
from tests.tools.records.test_catalyst_clearance_scope import CLOCK, Fir, firs
from tools.records.catalyst_scope import SensitivityDoesNotFit
from tools.records.masked_filter import MaskedFilterRefused
from tools.roster import load_roster

CLEARANCE_3 = "KA-3003"
ROLES = ("complainant", "accused", "witness")


def people(rows: list[Fir]) -> list[tuple[str, str, str, str, int]]:
    """Two people per FIR: person_id, fir_id, precinct_id, role, arrested."""
    return [
        (f"P-{fir[0][-5:]}-{k}", fir[0], fir[1], ROLES[(i + k) % 3], (i + k) % 2)
        for i, fir in enumerate(rows)
        for k in range(2)
    ]


def cars(rows: list[Fir]) -> list[tuple[str, str, str, str]]:
    """One vehicle per third FIR: vehicle_id, fir_id, precinct_id, status."""
    return [
        (f"V-{fir[0][-5:]}", fir[0], fir[1], "Stolen" if i % 2 else "Seized")
        for i, fir in enumerate(rows)
        if i % 3 == 0
    ]


class CaseDataStore:
    """The ZCQL API over firs, persons and vehicles: each statement's own text run by SQLite,
    every returned value keyed under the statement's base table."""

    def __init__(self, rows: list[Fir]) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.executescript(
            "CREATE TABLE firs (fir_id TEXT, precinct_id TEXT, sensitivity INT, status TEXT, "
            "registered_at TEXT, brief_facts TEXT DEFAULT 'x', io_name TEXT, "
            "sexual_offence INT DEFAULT 0, involves_juvenile INT DEFAULT 0);"
            "CREATE TABLE persons (person_id TEXT, fir_id TEXT, precinct_id TEXT, role TEXT, "
            "arrested INT, is_juvenile INT DEFAULT 0);"
            "CREATE TABLE vehicles (vehicle_id TEXT, fir_id TEXT, precinct_id TEXT, "
            "registration_no TEXT DEFAULT 'KA01', vehicle_type TEXT DEFAULT 'Car', "
            "make TEXT DEFAULT 'Tata', colour TEXT DEFAULT 'Red', status TEXT);"
        )
        self.db.executemany(
            "INSERT INTO firs (fir_id, precinct_id, sensitivity, status, registered_at) "
            "VALUES (?, ?, ?, ?, ?)",
            rows,
        )
        self.db.execute("UPDATE firs SET io_name = 'IO-' || (CAST(substr(fir_id, 10) AS INT) % 7)")
        self.db.executemany("INSERT INTO persons VALUES (?, ?, ?, ?, ?, 0)", people(rows))
        self.db.executemany(
            "INSERT INTO vehicles (vehicle_id, fir_id, precinct_id, status) VALUES (?, ?, ?, ?)",
            cars(rows),
        )
        self.statements: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        statement = json.loads(request.content)["query"]
        self.statements.append(statement)
        base = statement.split(" FROM ", 1)[1].split()[0]
        cursor = self.db.execute(statement)
        names = [d[0] for d in cursor.description]
        data = [
            {base: {k: None if v is None else str(v) for k, v in zip(names, row, strict=True)}}
            for row in cursor.fetchall()
        ]
        return httpx.Response(200, json={"status": "success", "data": data})


VISIBLE = firs(400, 2) + firs(300, 3, first=400)
SEALED = firs(250, 4, first=700) + firs(90, 5, first=950)


def jurisdiction() -> str:
    return ", ".join(f"'{p}'" for p in sorted(load_roster()[CLEARANCE_3].precincts))


async def answer(store: CaseDataStore, statement: str, intent: str) -> Any:
    """What the officer receives: the composed text and table."""
    records = catalyst_service(store, CLOCK)
    officer = load_roster()[CLEARANCE_3]
    verdict = records.validate(statement, officer)
    assert verdict.accepted_statement is not None, verdict.reasons
    cleared = await records.execute(records.plan(verdict.accepted_statement, officer), intent)
    composed = records.compose(intent, "Records", cleared, verdict.accepted_statement.statement)
    return composed.text, composed.table


def persons_by_role() -> str:
    return (
        f"SELECT role, COUNT(ROWID) FROM persons WHERE precinct_id IN ({jurisdiction()}) "
        "AND arrested = TRUE GROUP BY role ORDER BY role"
    )


def stolen_vehicles() -> str:
    return (
        f"SELECT COUNT(ROWID) FROM vehicles WHERE precinct_id IN ({jurisdiction()}) "
        "AND status = 'Stolen'"
    )


def person_fir_join() -> str:
    return (
        "SELECT COUNT(persons.ROWID) FROM persons INNER JOIN firs ON persons.fir_id = "
        f"firs.fir_id WHERE persons.precinct_id IN ({jurisdiction()}) AND firs.precinct_id "
        f"IN ({jurisdiction()}) AND firs.status != 'Closed'"
    )


async def test_a_grouped_count_of_people_counts_only_those_of_firs_they_may_see() -> None:
    store = CaseDataStore(VISIBLE + SEALED)
    _, table = await answer(store, persons_by_role(), "count")
    expected = Counter(p[3] for p in people(VISIBLE) if p[4])
    assert {row["role"]: int(next(v for k, v in row.items() if k != "role")) for row in table} == (
        dict(expected)
    )
    assert "INNER JOIN firs ON persons.fir_id = firs.fir_id" in store.statements[0]
    assert "AND firs.sensitivity <= 3 GROUP BY persons.role" in store.statements[0]


async def test_a_count_of_vehicles_is_the_count_of_those_they_may_see() -> None:
    store = CaseDataStore(VISIBLE + SEALED)
    _, table = await answer(store, stolen_vehicles(), "count")
    assert [list(row.values()) for row in table] == [
        [str(sum(v[3] == "Stolen" for v in cars(VISIBLE)))]
    ]


async def test_a_join_of_people_to_their_firs_gets_the_bound_on_its_firs() -> None:
    store = CaseDataStore(VISIBLE + SEALED)
    _, table = await answer(store, person_fir_join(), "count")
    open_firs = {f[0] for f in VISIBLE if f[3] != "Closed"}
    assert [list(row.values()) for row in table] == [
        [str(sum(p[1] in open_firs for p in people(VISIBLE)))]
    ]
    assert store.statements[0].endswith("AND firs.sensitivity <= 3 LIMIT 300")


def same_io_as(fir_id: str) -> str:
    """The FIRs of the IO of a named FIR, read by a subquery (as `same_io` drafts it)."""
    return (
        f"SELECT fir_id FROM firs WHERE precinct_id IN ({jurisdiction()}) AND io_name = "
        f"(SELECT io_name FROM firs WHERE precinct_id IN ({jurisdiction()}) AND fir_id = "
        f"'{fir_id}') ORDER BY fir_id LIMIT 0, 20"
    )


async def test_a_subquery_naming_a_sealed_fir_reads_nothing_from_it() -> None:
    sealed, visible = SEALED[0][0], VISIBLE[0][0]
    without = await answer(CaseDataStore(VISIBLE), same_io_as(sealed), "list")
    store = CaseDataStore(VISIBLE + SEALED)
    assert await answer(store, same_io_as(sealed), "list") == without
    assert "AND sensitivity <= 3) AND sensitivity <= 3 ORDER BY" in store.statements[0]
    _, table = await answer(CaseDataStore(VISIBLE + SEALED), same_io_as(visible), "list")
    assert len(table) == 20  # a visible FIR's IO is still read


async def test_sealed_firs_people_and_vehicles_change_no_answer() -> None:
    listed = (
        f"SELECT person_id, role FROM persons WHERE precinct_id IN ({jurisdiction()}) "
        "ORDER BY person_id LIMIT 0, 20"
    )
    for statement, intent in (  # each answer is exact (the tests above), so none is empty
        (persons_by_role(), "count"),
        (stolen_vehicles(), "count"),
        (person_fir_join(), "count"),
        (listed, "list"),
        (same_io_as(SEALED[0][0]), "list"),
    ):
        without = await answer(CaseDataStore(VISIBLE), statement, intent)
        with_sealed = await answer(CaseDataStore(VISIBLE + SEALED), statement, intent)
        assert without == with_sealed


async def test_people_with_no_room_for_the_fir_bound_are_refused_not_answered_empty() -> None:
    statement = (
        f"SELECT COUNT(ROWID) FROM persons WHERE precinct_id IN ({jurisdiction()}) "
        "AND arrested = TRUE AND role = 'accused' AND is_juvenile = FALSE"
    )
    store = CaseDataStore(VISIBLE)
    with pytest.raises(SensitivityDoesNotFit) as refused:
        await answer(store, statement, "count")
    assert "five filters" in refused.value.safe_message
    assert store.statements == []


@pytest.mark.parametrize("rows", [VISIBLE, VISIBLE + SEALED])
async def test_a_count_filtered_on_a_masked_narrative_is_refused_naming_why(
    rows: list[Fir],
) -> None:
    statement = (
        f"SELECT COUNT(ROWID) FROM firs WHERE precinct_id IN ({jurisdiction()}) "
        "AND brief_facts LIKE '*knife*'"
    )
    store = CaseDataStore(rows)
    with pytest.raises(MaskedFilterRefused) as refused:
        await answer(store, statement, "count")
    assert "withheld from you" in refused.value.safe_message
    assert not any(ch.isdigit() for ch in refused.value.safe_message)
    assert refused.value.reasons == ["an aggregate reads firs.brief_facts, masked for this officer"]
    assert store.statements == []


async def test_a_star_list_of_vehicles_keeps_its_columns_and_shows_only_those_they_may_see() -> (
    None
):
    statement = (
        f"SELECT * FROM vehicles WHERE precinct_id IN ({jurisdiction()}) "
        "ORDER BY vehicle_id LIMIT 0, 300"
    )
    store = CaseDataStore(VISIBLE + SEALED)
    shown = await answer(store, statement, "list")
    assert [row["vehicle_id"] for row in shown[1]] == sorted(v[0] for v in cars(VISIBLE))
    assert set(shown[1][0]) >= {"vehicle_id", "registration_no", "status"}
    assert "SELECT vehicles.vehicle_id, vehicles.fir_id" in store.statements[0]
    assert await answer(CaseDataStore(VISIBLE), statement, "list") == shown


async def test_people_with_no_join_left_for_their_firs_are_refused() -> None:
    chained = " ".join(f"INNER JOIN vehicles v{i} ON v{i}.fir_id = p.fir_id" for i in range(4))
    scope = " AND ".join(f"v{i}.precinct_id IN ({jurisdiction()})" for i in range(4))
    statement = (
        f"SELECT COUNT(p.ROWID) FROM persons p {chained} "
        f"WHERE p.precinct_id IN ({jurisdiction()}) AND {scope}"
    )
    store = CaseDataStore(VISIBLE)
    with pytest.raises(SensitivityDoesNotFit):
        await answer(store, statement, "count")
    assert store.statements == []
