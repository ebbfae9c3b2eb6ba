"""The Python filter and the SQL scopes agree, record by record, for every officer of a roster."""

from __future__ import annotations

import itertools
import random
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from schemas.officer import Officer
from schemas.records import KEYS
from tests.validators.clearance.clearance_casefile import (
    accepted,
    build_db,
    fir,
    officer,
    person,
    raw_rows,
    run_with_clearance,
)
from tools.records.seed import build_records_db
from tools.records.sqlite_executor import SqliteExecutor
from validators.clearance.cleared import ClearedRows
from validators.clearance.policy import ClearancePolicy
from validators.clearance.python_filter import filter_rows
from validators.clearance.rules import RecordContext

SYNTHETIC_PRECINCTS = ("BLR-E-KRP", "BLR-W-RJN", "MYS-C-DVR")
ROLES = ("complainant", "victim", "accused", "witness")


def synthetic_db(path: Path) -> Path:
    """Flags independent of sensitivity, and persons filed under another FIR's precinct."""
    rng = random.Random(11)
    stations = [(p, p, "D", "Z", 12.0, 77.0) for p in SYNTHETIC_PRECINCTS]
    firs, persons, vehicles = [], [], []
    for i in range(80):
        fir_id, precinct = f"FIR-2026-{i:05d}", rng.choice(SYNTHETIC_PRECINCTS)
        firs.append(
            fir(
                fir_id,
                precinct,
                rng.randint(1, 5),
                sexual=int(rng.random() < 0.3),
                juvenile=int(rng.random() < 0.25),
                place=f"Place {i}",
            )
        )
        for j in range(rng.randint(0, 4)):
            where = precinct if rng.random() < 0.9 else rng.choice(SYNTHETIC_PRECINCTS)
            persons.append(
                person(
                    f"P-{i:03d}{j:02d}",
                    fir_id,
                    where,
                    rng.choice(ROLES),
                    f"Name {i}-{j}",
                    age=rng.randint(8, 70),
                    juvenile=int(rng.random() < 0.2),
                )
            )
        for j in range(rng.randint(0, 2)):
            vehicles.append(
                (
                    f"V-{i:03d}{j}",
                    fir_id,
                    precinct,
                    f"KA01AB{i:02d}{j:02d}",
                    "Car",
                    "Make",
                    "Blue",
                    "Stolen",
                )
            )
    return build_db(path, firs, persons, vehicles, stations)


def roster(precincts: list[str]) -> list[Officer]:
    """Every clearance with every combination of the two unit roles, on one or three precincts."""
    role_sets = [
        (),
        ("sexual_offence_unit",),
        ("juvenile_unit",),
        ("sexual_offence_unit", "juvenile_unit"),
    ]
    out = []
    for n, (clearance, roles) in enumerate(itertools.product(range(1, 6), role_sets)):
        scope = tuple(precincts[:1]) if n % 2 else tuple(precincts[:3])
        out.append(officer(f"O{n:02d}", clearance, *roles, precincts=scope))
    return out


@pytest.fixture(scope="module")
def seeded_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("clearance-seeded") / "records.db"
    build_records_db(path, n_firs=600, seed=3, today=date(2026, 12, 1))
    return path


@pytest.fixture(scope="module")
def generated_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synthetic_db(tmp_path_factory.mktemp("clearance-synthetic") / "records.db")


def busiest_precincts(db: Path) -> list[str]:
    rows = raw_rows(db, "SELECT precinct_id, COUNT(*) AS n FROM firs GROUP BY 1 ORDER BY 2 DESC")
    return [r["precinct_id"] for r in rows[:3]]


def by_key(table: str, cleared: ClearedRows) -> dict[str, dict[str, Any]]:
    """Rows keyed by primary key, booleans as 0/1 like the raw rows."""

    def norm(v: Any) -> Any:
        return int(v) if isinstance(v, bool) else v

    return {r[KEYS[table]]: {k: norm(v) for k, v in r.items()} for r in cleared.rows}


async def assert_equivalent(db: Path, policy: ClearancePolicy) -> int:
    executor = SqliteExecutor(db)
    context = RecordContext(
        firs={r["fir_id"]: r for r in raw_rows(db, "SELECT * FROM firs")},
        persons={r["person_id"]: r for r in raw_rows(db, "SELECT * FROM persons")},
    )
    compared = 0
    try:
        for who in roster(busiest_precincts(db)):
            listed = ", ".join(f"'{p}'" for p in sorted(who.precincts))
            for table in ("firs", "persons", "vehicles"):
                query = f"SELECT * FROM {table} WHERE {table}.precinct_id IN ({listed}) LIMIT 300"
                sql = await run_with_clearance(accepted(query), who, executor, policy)
                raw = raw_rows(db, f"SELECT * FROM {table}")
                py = filter_rows(raw, who, policy, context, sources=table)
                assert by_key(table, sql) == by_key(table, py), (who.badge_id, table)
                assert sql.masked_fields == py.masked_fields, (who.badge_id, table)
                row_reasons = {"other_precinct", "sensitivity_above_clearance"}
                assert sql.withheld_rows == py.reasons.get("sensitivity_above_clearance", 0)
                assert {k: v for k, v in sql.reasons.items() if k not in row_reasons} == {
                    k: v for k, v in py.reasons.items() if k not in row_reasons
                }
                compared += len(sql.rows)
    finally:
        executor.close()
    return compared


async def test_filter_matches_sql_scope_on_the_seeded_db(
    seeded_db: Path, policy: ClearancePolicy
) -> None:
    assert await assert_equivalent(seeded_db, policy) > 1000


async def test_filter_matches_sql_scope_on_adversarial_synthetic_db(
    generated_db: Path, policy: ClearancePolicy
) -> None:
    assert await assert_equivalent(generated_db, policy) > 1000
