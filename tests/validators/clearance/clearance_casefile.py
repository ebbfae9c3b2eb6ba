"""The clearance tests' case file: a hand-built records DB, officers, verdicts, executors."""

from __future__ import annotations

import importlib
import sqlite3
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import sqlglot
from sqlglot import exp

from schemas.officer import Officer
from tools.records import clearance
from tools.records.executor import QueryRows, RecordsExecutor
from tools.records.seed_schema import insert_sql, table_ddl
from tools.records.sqlite_executor import SqliteExecutor
from validators.clearance.cleared import ClearedRows
from validators.clearance.policy import ClearancePolicy
from validators.zcql.validate import AcceptedStatement

HOME = "BLR-E-KRP"
OTHER = "BLR-W-RJN"

STATIONS = [
    (HOME, "KR Puram PS", "Bengaluru East", "East", 13.0, 77.7),
    (OTHER, "Rajajinagar PS", "Bengaluru West", "West", 12.99, 77.55),
]


def fir(
    fir_id: str,
    precinct: str,
    sensitivity: int,
    *,
    sexual: int = 0,
    juvenile: int = 0,
    facts: str = "Facts.",
    place: str = "Market Road",
) -> tuple[Any, ...]:
    """One FIR row in DDL column order."""
    return (
        fir_id,
        precinct,
        "Bengaluru",
        "2026-11-01 10:00:00",
        "2026-10-31 22:00:00",
        "THEFT",
        "Theft",
        "BNS 303(2)",
        "Under Investigation",
        place,
        "Beat 1",
        13.01,
        77.71,
        "KGID-1",
        "R. Rao (PSI)",
        "Walk-in",
        sensitivity,
        juvenile,
        sexual,
        1,
        1,
        0,
        facts,
    )


def person(
    pid: str, fir_id: str, precinct: str, role: str, name: str, *, age: int = 30, juvenile: int = 0
) -> tuple[Any, ...]:
    """One person row in DDL column order."""
    return (
        pid,
        fir_id,
        precinct,
        role,
        name,
        age,
        "F",
        f"98450{pid[-5:]}",
        f"{name} House",
        juvenile,
        0,
        None,
    )


#: The hand-built case file: what each FIR and person is, in one place.
FIRS = [
    fir("FIR-2026-00001", HOME, 1, facts="Phone stolen at the bus stand."),
    fir(
        "FIR-2026-00002",
        HOME,
        2,
        sexual=1,
        facts="Victim assaulted near her home.",
        place="12 Lake View",
    ),
    fir("FIR-2026-00003", HOME, 2, juvenile=1, facts="A boy aged 16 snatched a chain."),
    fir("FIR-2026-00004", HOME, 4, facts="Intelligence-led seizure."),
    fir("FIR-2026-00005", OTHER, 1, facts="Other precinct theft."),
    fir("FIR-2026-00006", HOME, 3, sexual=1, juvenile=1, facts="POCSO complaint."),
]
PERSONS = [
    person("P-00001", "FIR-2026-00001", HOME, "complainant", "Anil Kumar"),
    person("P-00002", "FIR-2026-00001", HOME, "accused", "Bharath Gowda"),
    person("P-00003", "FIR-2026-00002", HOME, "victim", "Vani Shetty"),
    person("P-00004", "FIR-2026-00002", HOME, "accused", "Xavier Dsouza"),
    person("P-00005", "FIR-2026-00003", HOME, "accused", "Jayanth Minor", age=16, juvenile=1),
    person("P-00006", "FIR-2026-00004", HOME, "complainant", "Harish Rao"),
    person("P-00007", "FIR-2026-00005", OTHER, "complainant", "Omkar Patil"),
    person("P-00008", "FIR-2026-00006", HOME, "victim", "Kavya Child", age=12, juvenile=1),
]
VEHICLES = [
    ("V-00001", "FIR-2026-00001", HOME, "KA01AB1234", "Motorcycle", "Honda", "Black", "Stolen"),
    ("V-00002", "FIR-2026-00004", HOME, "KA02CD5678", "Car", "Maruti", "White", "Seized"),
    ("V-00003", "FIR-2026-00005", OTHER, "KA03EF9012", "Car", "Tata", "Red", "Stolen"),
]


def officer(
    badge: str, clearance: int, *roles: str, precincts: tuple[str, ...] = (HOME,)
) -> Officer:
    """A test officer."""
    return Officer(
        badge_id=badge,
        name=badge,
        rank="PSI",
        clearance=clearance,
        precincts=frozenset(precincts),
        roles=frozenset(roles),
    )


ROSTER = {
    "constable": officer("constable", 1),
    "clearance2": officer("clearance2", 2),
    "inspector": officer("inspector", 3),
    "sou": officer("sou", 3, "sexual_offence_unit"),
    "juvenile_unit": officer("juvenile_unit", 3, "juvenile_unit"),
    "chief": officer(
        "chief", 5, "sexual_offence_unit", "juvenile_unit", "cyber_cell", precincts=(HOME, OTHER)
    ),
}


def build_db(
    path: Path,
    firs: list[tuple[Any, ...]],
    persons: list[tuple[Any, ...]],
    vehicles: list[tuple[Any, ...]],
    stations: list[tuple[Any, ...]] = STATIONS,
) -> Path:
    """A records DB with the project's DDL and the given rows."""
    conn = sqlite3.connect(path)
    conn.executescript(table_ddl())
    for table, rows in (
        ("police_stations", stations),
        ("firs", firs),
        ("persons", persons),
        ("vehicles", vehicles),
    ):
        conn.executemany(insert_sql(table), rows)
    conn.commit()
    conn.close()
    return path


def raw_rows(path: Path, sql: str) -> list[dict[str, Any]]:
    """Rows straight from the DB (no clearance), as dicts."""
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def accepted(sql: str) -> AcceptedStatement:
    """A statement sealed as accepted without running the validator (test-only).

    The clearance tier is tested here on statements the validator might refuse (unscoped
    ones); the validator's own rules are tested in tests/validators/zcql.
    """
    tree = sqlglot.parse_one(sql, dialect="mysql")
    assert isinstance(tree, exp.Select)
    tables = frozenset(t.name for t in tree.find_all(exp.Table))
    validate_module = importlib.import_module("validators.zcql.validate")
    return validate_module._accept(sql, tree, tables)


async def run_with_clearance(
    statement: AcceptedStatement,
    officer: Officer,
    executor: RecordsExecutor,
    policy: ClearancePolicy,
) -> ClearedRows:
    """Cleared execution with the audit-only withheld count turned on."""
    return await clearance.run_with_clearance(
        statement, officer, executor, policy, count_withheld=True
    )


class CatalystLike:
    """A Catalyst stand-in over SQLite: no CTEs, booleans as 'true'/'false' strings."""

    backend = "catalyst"

    def __init__(self, inner: SqliteExecutor) -> None:
        self.inner = inner

    async def execute(
        self,
        verdict: Any,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> QueryRows:
        assert table_sources is None, "Catalyst cannot take table sources"
        rows = await self.inner.execute(verdict)
        text = [
            {k: str(v).lower() if isinstance(v, bool) else v for k, v in r.items()}
            for r in rows.rows
        ]
        return replace(rows, rows=text, backend=self.backend)

    async def count(
        self,
        verdict: Any,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> int:
        raise AssertionError("the Catalyst path must not rely on COUNT with table sources")
