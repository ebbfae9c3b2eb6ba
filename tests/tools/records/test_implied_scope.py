"""A statement's precinct condition that its clearance sources already apply is left out of
the SQL that runs, and every answer stays the same, on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest
import sqlglot

from schemas.officer import Officer
from tools.records.clearance import plan_clearance
from tools.records.dialect import to_postgres, to_sqlite, with_table_sources
from tools.records.executor import RecordsExecutor, RecordsQuery
from tools.records.implied_scope import SourcedScope, implied_conditions
from tools.records.postgres_executor import PostgresExecutor
from tools.records.seed import build_records_db
from tools.records.seed_pg import load_postgres
from tools.records.service import RecordsService
from tools.records.sqlite_executor import SqliteExecutor
from tools.roster import officer_by_badge
from tools.text2zcql.offline import OfflineZcqlGenerator
from validators.clearance.policy import load_policy
from validators.clearance.sql_scope import precinct_list
from validators.zcql import AcceptedStatement, validate

TODAY = date(2026, 12, 2)
NOW = datetime(2026, 12, 2, 6, 30, tzinfo=UTC)
OFFICERS = ("KA-5005", "KA-3003")
QUESTIONS = (
    "which station has the highest number of pending cases",
    "how many vehicle thefts in Whitefield last month",
    "count of chain snatching cases since January",
    "list open cheating cases in KR Puram this year",
    "Give me all murder cases in Bengaluru East since 2025",
    "cheating cases by status since January",
    "month-wise thefts 2025",
    "monthly trend of chain snatching in Whitefield since 2024",
    "top 5 beats of Whitefield for burglary",
    "cases involving Ravi Kumar",
    "is KA05MN4321 stolen?",
)


def _accepted(statement: str, officer: Officer) -> AcceptedStatement:
    verdict = validate(statement, officer.precincts)
    assert verdict.accepted_statement is not None, verdict.reasons
    return verdict.accepted_statement


def _whole(officer: Officer) -> str:
    return f"precinct_id IN ({precinct_list(officer)})"


def test_the_jurisdiction_said_again_is_left_out_over_sources() -> None:
    officer = officer_by_badge("KA-5005")
    listed = precinct_list(officer)
    accepted = _accepted(
        f"SELECT precinct_id, COUNT(ROWID) FROM firs WHERE {_whole(officer)} "
        "AND status = 'Under Investigation' GROUP BY precinct_id",
        officer,
    )
    plan = plan_clearance(accepted, officer, load_policy(), "sqlite")
    scope = SourcedScope(officer.precincts, frozenset(plan.sources))
    restated = with_table_sources(to_sqlite(accepted), plan.sources)
    once = with_table_sources(to_sqlite(accepted, scope=scope), plan.sources)
    assert restated.count(listed) == 2
    assert once.count(listed) == 1 and "\"status\" = 'Under Investigation'" in once
    assert to_postgres(accepted, scope=scope).count(listed) == 0


def test_a_narrower_precinct_condition_and_an_unsourced_table_keep_theirs() -> None:
    officer = officer_by_badge("KA-5005")
    accepted = _accepted(
        "SELECT f.fir_id, s.station_name FROM firs AS f INNER JOIN police_stations AS s "
        f"ON f.precinct_id = s.precinct_id WHERE f.precinct_id = 'BLR-E-WFD' "
        f"AND s.{_whole(officer)}",
        officer,
    )
    sourced = SourcedScope(officer.precincts, frozenset({"firs"}))
    assert implied_conditions(accepted.tree, sourced) == {}
    kept = to_sqlite(accepted, scope=sourced)
    assert kept.count(precinct_list(officer)) == 1 and "\"precinct_id\" = 'BLR-E-WFD'" in kept


def test_only_an_and_ed_condition_on_a_sourced_table_naming_exactly_the_jurisdiction() -> None:
    officer = officer_by_badge("KA-3003")
    tree = sqlglot.parse_one(
        f"SELECT fir_id FROM firs WHERE {_whole(officer)} AND (status = 'Closed' "
        f"OR {_whole(officer)}) AND NOT precinct_id IN ('BLR-E-KRP')",
        read="mysql",
    )
    assert isinstance(tree, sqlglot.exp.Select)
    implied = implied_conditions(tree, SourcedScope(officer.precincts, frozenset({"firs"})))
    assert list(implied.values()) == ["firs"]
    assert implied_conditions(tree, SourcedScope(officer.precincts, frozenset({"persons"}))) == {}
    wider = SourcedScope(officer.precincts | {"MYS-C-LSK"}, frozenset({"firs"}))
    assert implied_conditions(tree, wider) == {}


class WithoutJurisdiction:
    """The same executor, never told what the sources restrict: every condition runs."""

    def __init__(self, inner: RecordsExecutor) -> None:
        self.inner = inner
        self.backend = inner.backend
        self.name_index = getattr(inner, "name_index", False)

    async def execute(
        self, query: RecordsQuery, table_sources: Any = None, *, jurisdiction: Any = None
    ) -> Any:
        return await self.inner.execute(query, table_sources)

    async def count(
        self, query: RecordsQuery, table_sources: Any = None, *, jurisdiction: Any = None
    ) -> int:
        return await self.inner.count(query, table_sources)

    async def day_counts(
        self, query: RecordsQuery, table_sources: Any = None, *, jurisdiction: Any = None
    ) -> Any:
        return await self.inner.day_counts(query, table_sources)


async def _answers(executor: Any) -> list[tuple[str, Any, Any]]:
    service = RecordsService(OfflineZcqlGenerator(), executor, load_policy(), lambda: NOW)
    out = []
    for badge in OFFICERS:
        for question in QUESTIONS:
            outcome = await service.ask(question, officer_by_badge(badge))
            answer = outcome.answer
            out.append((question, outcome.message, answer.table if answer else None))
    return out


async def _same_answers(executor: RecordsExecutor) -> None:
    told = await _answers(executor)
    untold = await _answers(WithoutJurisdiction(executor))
    assert told == untold
    assert sum(1 for _, _, table in told if table) >= len(told) * 3 // 4, told


@pytest.fixture(scope="module")
def sqlite_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("implied") / "records.db"
    build_records_db(path, n_firs=3000, seed=7, today=TODAY)
    return path


@pytest.fixture()
def sqlite_executor(sqlite_db: Path) -> Iterator[SqliteExecutor]:
    executor = SqliteExecutor(sqlite_db)
    yield executor
    executor.close()


async def test_sqlite_answers_are_the_same_with_the_condition_left_out(
    sqlite_executor: SqliteExecutor,
) -> None:
    await _same_answers(sqlite_executor)


@pytest.fixture(scope="module")
def pg_reader() -> Iterator[str]:
    from tests.conftest import _pg_admin_dsn, dsn_for

    admin = _pg_admin_dsn()
    name = "crimeassist_test_implied_scope"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'.encode())
        db.execute(f'CREATE DATABASE "{name}"'.encode())
    owner = dsn_for(admin, dbname=name)
    load_postgres(owner, n_firs=3000, seed=7, today=TODAY)
    yield dsn_for(owner, user="crimeassist_reader")
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'.encode())


async def test_postgres_answers_are_the_same_with_the_condition_left_out(pg_reader: str) -> None:
    executor = PostgresExecutor(pg_reader, timeout_s=10.0)
    try:
        await _same_answers(executor)
    finally:
        await executor.close()
