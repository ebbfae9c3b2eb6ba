"""The embedded SQLite executor: read-only file, write-refusing authorizer, timeout, CTE shadows."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from schemas.errors import BackendUnavailable, QueryRejected
from tools.records.seed import build_records_db
from tools.records.sqlite_executor import SqliteExecutor
from validators.zcql import AcceptedStatement, validate

P = frozenset({"BLR-E-KRP", "BLR-E-WFD"})
K = "precinct_id = 'BLR-E-KRP'"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sqlite_exec") / "records.db"
    build_records_db(path, n_firs=400, seed=7, today=date(2026, 12, 1))
    return path


@pytest.fixture
def executor(db: Path) -> Iterator[SqliteExecutor]:
    ex = SqliteExecutor(db, timeout_s=5.0)
    yield ex
    ex.close()


def _v(statement: str) -> AcceptedStatement:
    verdict = validate(statement, P)
    assert verdict.accepted_statement is not None, verdict.reasons
    return verdict.accepted_statement


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_rows_come_back_as_dicts_with_bool_booleans(executor: SqliteExecutor) -> None:
    result = await executor.execute(
        _v(f"SELECT fir_id, precinct_id, involves_juvenile FROM firs WHERE {K} LIMIT 5")
    )
    assert result.backend == "sqlite"
    assert result.columns == ["fir_id", "precinct_id", "involves_juvenile"]
    assert 0 < len(result.rows) <= 5
    assert all(row["precinct_id"] == "BLR-E-KRP" for row in result.rows)
    assert all(isinstance(row["involves_juvenile"], bool) for row in result.rows)


async def test_joins_name_columns_table_dot_column(executor: SqliteExecutor) -> None:
    result = await executor.execute(
        _v(
            "SELECT f.fir_id, p.full_name, p.is_juvenile FROM firs AS f INNER JOIN persons AS p "
            "ON f.fir_id = p.fir_id WHERE f.precinct_id = 'BLR-E-KRP' "
            "AND p.precinct_id = 'BLR-E-KRP' LIMIT 3"
        )
    )
    assert result.columns == ["firs.fir_id", "persons.full_name", "persons.is_juvenile"]
    assert all(isinstance(row["persons.is_juvenile"], bool) for row in result.rows)


async def test_zcql_wildcards_and_rowid_work_end_to_end(executor: SqliteExecutor, db: Path) -> None:
    result = await executor.execute(_v(f"SELECT ROWID FROM firs WHERE {K} AND fir_id LIKE 'FIR-*'"))
    with sqlite3.connect(db) as con:
        expected = con.execute(
            "SELECT count(*) FROM firs WHERE precinct_id = 'BLR-E-KRP'"
        ).fetchone()
    assert len(result.rows) == min(expected[0], 300)
    assert all(row["ROWID"].startswith("FIR-") for row in result.rows)


async def test_count_matches_the_unlimited_row_count(executor: SqliteExecutor) -> None:
    verdict = _v(f"SELECT fir_id FROM firs WHERE {K} AND status != 'Closed' LIMIT 0, 3")
    total = await executor.count(verdict)
    everything = await executor.execute(
        _v(f"SELECT fir_id FROM firs WHERE {K} AND status != 'Closed'")
    )
    assert total == len(everything.rows) > 3


async def test_rejected_verdict_is_refused(executor: SqliteExecutor) -> None:
    verdict = validate("SELECT fir_id FROM firs WHERE status = 'Closed'", P)
    with pytest.raises(QueryRejected):
        await executor.execute(verdict)
    with pytest.raises(QueryRejected):
        await executor.count(verdict)


async def test_table_sources_shadow_the_real_table(executor: SqliteExecutor) -> None:
    verdict = _v(f"SELECT fir_id, sensitivity FROM firs WHERE {K}")
    shadow = {"firs": "SELECT * FROM main.firs WHERE sensitivity <= 1"}
    result = await executor.execute(verdict, shadow)
    assert result.rows and all(row["sensitivity"] <= 1 for row in result.rows)
    assert await executor.count(verdict, shadow) == len(result.rows)
    assert len((await executor.execute(verdict)).rows) > len(result.rows)


@pytest.mark.parametrize(
    "sql",
    [
        "DELETE FROM firs",
        "UPDATE firs SET status = 'Closed'",
        "INSERT INTO police_stations VALUES ('X', 'x', 'x', 'x', 0, 0)",
        "CREATE TABLE stolen (a)",
        "CREATE TEMP TABLE stolen (a)",
        "DROP TABLE firs",
        "ATTACH DATABASE ':memory:' AS other",
        "PRAGMA table_info(firs)",
        "BEGIN",
        "SELECT hex(fir_id) FROM firs",
        "SELECT load_extension('x')",
        "SELECT name FROM sqlite_master",
    ],
)
def test_authorizer_refuses_everything_but_reads_even_without_the_validator(
    executor: SqliteExecutor, db: Path, sql: str
) -> None:
    before = _digest(db)
    with pytest.raises((QueryRejected, BackendUnavailable)):
        executor._run_sync(sql)  # bypasses the validator on purpose
    assert _digest(db) == before


def test_file_is_opened_read_only(db: Path) -> None:
    con = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        con.execute("DELETE FROM firs")
    con.close()


async def test_statement_past_its_deadline_times_out(db: Path) -> None:
    slow = SqliteExecutor(db, timeout_s=0.0)
    verdict = _v(
        "SELECT a.fir_id FROM firs AS a INNER JOIN firs AS b ON a.district = b.district "
        "WHERE a.precinct_id = 'BLR-E-KRP' AND b.precinct_id = 'BLR-E-WFD'"
    )
    try:
        with pytest.raises(BackendUnavailable, match="timed out"):
            await slow.execute(verdict)
    finally:
        slow.close()


async def test_missing_database_is_unavailable(tmp_path: Path) -> None:
    missing = SqliteExecutor(tmp_path / "absent.db")
    with pytest.raises(BackendUnavailable):
        await missing.execute(_v(f"SELECT fir_id FROM firs WHERE {K}"))


def test_connections_map_the_file_and_keep_a_larger_cache(executor: SqliteExecutor) -> None:
    with executor._connection() as conn:
        conn.set_authorizer(None)
        mapped = conn.execute("PRAGMA mmap_size").fetchone()[0]
        cache = conn.execute("PRAGMA cache_size").fetchone()[0]
    executor.close()  # that connection no longer carries the authorizer
    assert mapped > 0
    assert cache == -65536
