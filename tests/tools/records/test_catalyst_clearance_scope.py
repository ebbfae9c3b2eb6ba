"""Counts and trends for an officer below the top clearance on Catalyst, against a mocked ZCQL
API that runs each statement's own text over an in-memory table: the answer is exact over the
FIRs the officer may see, and identical on two Data Stores that differ only in sealed FIRs."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from tests.tools.records.catalyst_mock import catalyst_service
from tools.records.catalyst_scope import SensitivityDoesNotFit
from tools.records.service import RecordsService
from tools.roster import load_roster
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest

CLEARANCE_3 = "KA-3003"
CLOCK = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
Fir = tuple[str, str, int, str, str]
"""fir_id, precinct_id, sensitivity, status, registered_at"""


def firs(n: int, sensitivity: int, first: int = 0) -> list[Fir]:
    """`n` FIRs of one sensitivity over KA-3003's precincts, spread over 2025."""
    officer = load_roster()[CLEARANCE_3]
    precincts = sorted(officer.precincts)
    start = datetime(2025, 1, 1)
    return [
        (
            f"FIR-2025-{first + i:05d}",
            precincts[i % len(precincts)],
            sensitivity,
            "Closed" if i % 5 == 0 else "Under Investigation",
            (start + timedelta(hours=12 * i + 7 * sensitivity)).strftime("%Y-%m-%d %H:%M:%S"),
        )
        for i in range(n)
    ]


class ZcqlOverSqlite:
    """The ZCQL API over one firs table: each statement's own text run by SQLite."""

    def __init__(self, rows: list[Fir]) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute(
            "CREATE TABLE firs (fir_id TEXT, precinct_id TEXT, sensitivity INT, status TEXT, "
            "registered_at TEXT, sexual_offence INT DEFAULT 0, involves_juvenile INT DEFAULT 0)"
        )
        self.db.executemany(
            "INSERT INTO firs (fir_id, precinct_id, sensitivity, status, registered_at) "
            "VALUES (?, ?, ?, ?, ?)",
            rows,
        )
        self.statements: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        statement = json.loads(request.content)["query"]
        self.statements.append(statement)
        cursor = self.db.execute(statement)
        names = [d[0] for d in cursor.description]
        data = [
            {"firs": {k: None if v is None else str(v) for k, v in zip(names, row, strict=True)}}
            for row in cursor.fetchall()
        ]
        return httpx.Response(200, json={"status": "success", "data": data})


def service(catalyst: ZcqlOverSqlite) -> RecordsService:
    return catalyst_service(catalyst, CLOCK)


def jurisdiction() -> str:
    return ", ".join(f"'{p}'" for p in sorted(load_roster()[CLEARANCE_3].precincts))


def count_statement() -> str:
    return (
        f"SELECT COUNT(ROWID) FROM firs WHERE precinct_id IN ({jurisdiction()}) "
        "AND status != 'Closed'"
    )


def trend_statement(start: str = "2025-01-01", end: str = "2026-01-01") -> str:
    return (
        f"SELECT registered_at FROM firs WHERE precinct_id IN ({jurisdiction()}) "
        f"AND status != 'Closed' AND registered_at >= '{start} 00:00:00' "
        f"AND registered_at < '{end} 00:00:00' ORDER BY registered_at LIMIT 0, 300"
    )


async def answer(catalyst: ZcqlOverSqlite, statement: str, intent: str) -> Any:
    """What the officer receives: the composed text and table."""
    records = service(catalyst)
    officer = load_roster()[CLEARANCE_3]
    verdict = records.validate(statement, officer)
    assert verdict.accepted_statement is not None, verdict.reasons
    cleared = await records.execute(records.plan(verdict.accepted_statement, officer), intent)
    composed = records.compose(intent, "Open FIRs", cleared, verdict.accepted_statement.statement)
    return composed.text, composed.table


VISIBLE = firs(400, 2) + firs(300, 3, first=400)
SEALED = firs(250, 4, first=700) + firs(90, 5, first=950)


def open_in(rows: list[Fir]) -> list[Fir]:
    return [r for r in rows if r[3] != "Closed"]


async def test_a_clearance_3_count_is_the_count_of_the_firs_they_may_see() -> None:
    catalyst = ZcqlOverSqlite(VISIBLE + SEALED)
    _, table = await answer(catalyst, count_statement(), "count")
    assert table == [{"FIRs": str(len(open_in(VISIBLE)))}]
    assert catalyst.statements[0].endswith("AND status != 'Closed' AND sensitivity <= 3 LIMIT 300")


async def test_a_clearance_3_month_trend_counts_the_firs_they_may_see() -> None:
    catalyst = ZcqlOverSqlite(VISIBLE + SEALED)
    _, table = await answer(catalyst, trend_statement(), "trend")
    months = Counter(r[4][:7] for r in open_in(VISIBLE))
    assert sum(months.values()) > 300
    assert len(catalyst.statements) == 1 + 12  # the full first page, then a COUNT per month
    assert {row["month"]: row["firs"] for row in table} == dict(months)


async def test_a_trend_too_long_to_count_by_month_pages_the_firs_they_may_see() -> None:
    catalyst = ZcqlOverSqlite(VISIBLE + SEALED)
    _, table = await answer(catalyst, trend_statement("2024-01-01", "2026-06-01"), "trend")
    assert {row["month"]: row["firs"] for row in table} == dict(
        Counter(r[4][:7] for r in open_in(VISIBLE))
    )
    assert [s.rsplit("LIMIT ", 1)[1] for s in catalyst.statements] == ["0, 300", "300, 300"]
    assert all("AND sensitivity <= 3 ORDER BY" in s for s in catalyst.statements)


async def test_sealed_firs_change_no_count_or_trend() -> None:
    paged = trend_statement("2024-01-01", "2026-06-01")
    for statement, intent in (
        (count_statement(), "count"),
        (trend_statement(), "trend"),
        (paged, "trend"),
    ):
        without = await answer(ZcqlOverSqlite(VISIBLE), statement, intent)
        with_sealed = await answer(ZcqlOverSqlite(VISIBLE + SEALED), statement, intent)
        assert without == with_sealed


async def test_the_top_clearance_sends_the_statement_unchanged() -> None:
    catalyst = ZcqlOverSqlite(VISIBLE + SEALED)
    records = service(catalyst)
    top = load_roster()["KA-5005"]
    listed = ", ".join(f"'{p}'" for p in sorted(top.precincts))
    statement = f"SELECT COUNT(ROWID) FROM firs WHERE precinct_id IN ({listed})"
    verdict = records.validate(statement, top)
    assert verdict.accepted_statement is not None
    await records.execute(records.plan(verdict.accepted_statement, top), "count")
    assert catalyst.statements == [f"{statement} LIMIT 300"]


async def test_a_count_with_no_room_for_the_sensitivity_condition_is_refused() -> None:
    full = (
        f"SELECT COUNT(ROWID) FROM firs WHERE precinct_id IN ({jurisdiction()}) "
        "AND status != 'Closed' AND crime_head = 'Theft' AND io_name = 'Ravi' "
        "AND complaint_mode = 'Walk-in'"
    )
    catalyst = ZcqlOverSqlite(VISIBLE)
    with pytest.raises(SensitivityDoesNotFit) as refused:
        await answer(catalyst, full, "count")
    assert "five filters" in refused.value.safe_message
    assert catalyst.statements == []


async def test_a_limited_list_shows_the_same_firs_whatever_is_sealed() -> None:
    statement = (
        f"SELECT fir_id, registered_at FROM firs WHERE precinct_id IN ({jurisdiction()}) "
        "ORDER BY registered_at LIMIT 0, 20"
    )
    without = await answer(ZcqlOverSqlite(VISIBLE), statement, "list")
    with_sealed = await answer(ZcqlOverSqlite(VISIBLE + SEALED), statement, "list")
    assert without == with_sealed and len(without[1]) == 20


class SerialsDraft:
    """A generator whose draft names FIRs by number alone, too many to probe with the bound."""

    def __init__(self, serials: tuple[str, ...]) -> None:
        self.serials = serials

    async def generate(self, request: ZcqlRequest) -> ZcqlDraft:
        statement = f"SELECT fir_id FROM firs WHERE precinct_id IN ({jurisdiction()})"
        return ZcqlDraft(statement, "list", "FIRs", fir_serials=self.serials)


async def test_a_serial_probe_with_no_room_for_the_bound_finds_nothing_instead_of_failing() -> None:
    catalyst = ZcqlOverSqlite(VISIBLE)
    records = replace(
        service(catalyst), generator=SerialsDraft(("00001", "00002", "00003", "00004"))
    )
    officer = load_roster()[CLEARANCE_3]
    request = records.request("FIRs 1, 2, 3 and 4", officer)
    draft = await records.draft(request, officer)
    assert draft.statement is not None and draft.clarification is None
    assert catalyst.statements == []
