"""Trends and date comparisons count every matching FIR, however many pages the rows fill.

A trend's statement selects `registered_at`; its rows were read 300 at a time up to a page
cap, so a period holding more FIRs than the cap was cut short without a word (found at 1M
FIRs: a year of thefts showed only January to March). SQLite and PostgreSQL now count the
cleared rows per day in the database. Each test compares that path with reading every page,
on the same cleared sources; where only paging is possible (Catalyst), a period holding more
FIRs than the pages is refused with the reason rather than cut short.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from schemas.errors import QueryRejected
from tests.conftest import DEMO_FIRS, TODAY
from tools.records import service as service_module
from tools.records.executor import RecordsExecutor, RecordsQuery
from tools.records.seed import build_records_db
from tools.records.service import RecordsService
from tools.records.sqlite_executor import SqliteExecutor
from tools.roster import load_roster
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from validators.clearance.policy import load_policy

TOP, CLEARANCE_3 = "KA-5005", "KA-3003"
CLOCK = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)


def _trend(officer: Any) -> str:
    precincts = ", ".join(f"'{p}'" for p in sorted(officer.precincts))
    return (
        f"SELECT registered_at FROM firs WHERE precinct_id IN ({precincts}) "
        "ORDER BY registered_at LIMIT 0, 300"
    )


class _Drafted:
    async def generate(self, request: ZcqlRequest) -> ZcqlDraft:
        raise AssertionError("the tests run statements directly")


class PagesOnly:
    """The same executor without day counts, as on Catalyst: the trend pages through rows."""

    def __init__(self, inner: RecordsExecutor) -> None:
        self.inner = inner
        self.backend = inner.backend

    async def execute(
        self, query: RecordsQuery, table_sources: Any = None, *, jurisdiction: Any = None
    ) -> Any:
        return await self.inner.execute(query, table_sources, jurisdiction=jurisdiction)

    async def count(
        self, query: RecordsQuery, table_sources: Any = None, *, jurisdiction: Any = None
    ) -> int:
        return await self.inner.count(query, table_sources, jurisdiction=jurisdiction)

    async def day_counts(
        self, query: RecordsQuery, table_sources: Any = None, *, jurisdiction: Any = None
    ) -> None:
        return None


def _service(executor: Any) -> RecordsService:
    return RecordsService(
        generator=_Drafted(), executor=executor, policy=load_policy(), clock=lambda: CLOCK
    )


async def _months(executor: Any, badge: str, intent: str = "trend") -> list[dict[str, Any]]:
    officer = load_roster()[badge]
    records = _service(executor)
    verdict = records.validate(_trend(officer), officer)
    assert verdict.accepted_statement is not None, verdict.reasons
    cleared = await records.execute(records.plan(verdict.accepted_statement, officer), intent)
    buckets = ("2025", "2026") if intent == "compare" else ()
    answer = records.compose(intent, "FIRs", cleared, _trend(officer), buckets)
    return answer.table


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from datetime import date

    path = tmp_path_factory.mktemp("trend") / "records.db"
    build_records_db(path, n_firs=DEMO_FIRS, seed=7, today=date.fromisoformat(TODAY))
    return path


@pytest.fixture()
def sqlite(db: Path) -> Iterator[SqliteExecutor]:
    built = SqliteExecutor(db)
    yield built
    built.close()


@pytest.mark.parametrize("badge", [TOP, CLEARANCE_3])
@pytest.mark.parametrize("intent", ["trend", "compare"])
async def test_day_counts_equal_reading_every_page_on_sqlite(
    sqlite: SqliteExecutor, badge: str, intent: str
) -> None:
    counted = await _months(sqlite, badge, intent)
    paged = await _months(PagesOnly(sqlite), badge, intent)
    assert counted == paged
    if intent == "trend":
        assert sum(row["firs"] for row in counted) > 300, "more rows than one page"


async def test_a_trend_is_never_cut_short_by_the_page_cap(
    sqlite: SqliteExecutor, monkeypatch: pytest.MonkeyPatch
) -> None:
    full = await _months(sqlite, TOP)
    monkeypatch.setattr(service_module, "MAX_TREND_PAGES", 2)
    assert sum(r["firs"] for r in full) > 600
    with pytest.raises(QueryRejected, match="more than 600 FIRs"):
        await _months(PagesOnly(sqlite), TOP)
    assert await _months(sqlite, TOP) == full


@pytest.mark.postgres
async def test_day_counts_equal_reading_every_page_on_postgres(
    pg_database: str, sqlite: SqliteExecutor
) -> None:
    from datetime import date

    from tools.records.postgres_executor import PostgresExecutor
    from tools.records.seed_pg import load_postgres

    load_postgres(pg_database, DEMO_FIRS, seed=7, today=date.fromisoformat(TODAY))
    postgres = PostgresExecutor(pg_database)
    try:
        for badge in (TOP, CLEARANCE_3):
            counted = await _months(postgres, badge)
            assert counted == await _months(PagesOnly(postgres), badge)
            assert counted == await _months(sqlite, badge)
    finally:
        await postgres.close()
