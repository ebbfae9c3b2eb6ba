"""The PostgreSQL executor and the SELECT-only reader role, proven at the database.

Uses $CRIMEASSIST_TEST_PG_DSN or the local server at 127.0.0.1:5432; skipped with the reason
when none answers.
Each test gets a throwaway database with the records schema, a few rows and the reader role.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import psycopg
import pytest

from schemas.errors import BackendUnavailable, QueryRejected
from tests.conftest import dsn_for
from tools.records.postgres_executor import PostgresExecutor
from tools.records.seed_schema import table_ddl
from validators.zcql import AcceptedStatement, validate

pytestmark = pytest.mark.postgres

ROLE_SQL = Path(__file__).resolve().parents[3] / "deploy" / "postgres" / "records_readonly_role.sql"
READER = "crimeassist_reader"
P = frozenset({"BLR-E-KRP"})

STATIONS = [
    ("BLR-E-KRP", "KR Puram PS", "Bengaluru East", "Bengaluru City", 13.0, 77.6),
    ("MYS-C-LSK", "Lashkar PS", "Mysuru", "Southern Range", 12.3, 76.6),
]
FIRS = [
    ("FIR-2026-00001", "BLR-E-KRP", 1, 0, 1),
    ("FIR-2026-00002", "BLR-E-KRP", 3, 1, 0),
    ("FIR-2026-00003", "MYS-C-LSK", 1, 0, 0),
]


@pytest.fixture
def records_db(pg_database: str) -> str:
    """The throwaway database loaded with schema, rows and the role; yields the reader DSN."""
    with psycopg.connect(pg_database, autocommit=True) as con:
        con.execute(table_ddl().encode())
        with con.cursor() as cur:
            cur.executemany("INSERT INTO police_stations VALUES (%s, %s, %s, %s, %s, %s)", STATIONS)
            cur.executemany(
                "INSERT INTO firs (fir_id, precinct_id, district, registered_at, crime_group, "
                "crime_head, act_sections, status, complaint_mode, sensitivity, "
                "involves_juvenile, sexual_offence, victim_count, accused_count, arrested_count) "
                "VALUES (%s, %s, 'd', '2026-11-01 10:00:00', 'Theft', 'Theft', 'BNS 303(2)', "
                "'Closed', 'Walk-in', %s, %s, %s, 1, 1, 0)",
                FIRS,
            )
        con.execute("CREATE TABLE secrets (s TEXT)")
        con.execute(ROLE_SQL.read_text(encoding="utf-8").encode())
    return dsn_for(pg_database, user=READER)


@pytest.fixture
async def executor(records_db: str) -> AsyncIterator[PostgresExecutor]:
    ex = PostgresExecutor(records_db, timeout_s=5.0)
    await ex.open()
    yield ex
    await ex.close()


def _v(statement: str) -> AcceptedStatement:
    verdict = validate(statement, P)
    assert verdict.accepted_statement is not None, verdict.reasons
    return verdict.accepted_statement


@pytest.mark.parametrize(
    "sql",
    [
        "INSERT INTO firs (fir_id) VALUES ('FIR-2026-99999')",
        "UPDATE firs SET status = 'Undetected'",
        "DELETE FROM firs",
        "CREATE TABLE stolen (a int)",
        "CREATE TEMP TABLE stolen (a int)",
        "DROP TABLE firs",
        "TRUNCATE firs",
        "SELECT s FROM secrets",
        "ALTER TABLE firs ADD COLUMN x int",
    ],
)
def test_reader_role_refuses_writes_even_without_the_validator(records_db: str, sql: str) -> None:
    with psycopg.connect(records_db, autocommit=True) as con:
        con.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            con.execute(sql.encode())
        assert con.execute("SELECT count(*) FROM firs").fetchone() == (3,)


def test_reader_sessions_default_to_read_only(records_db: str) -> None:
    with psycopg.connect(records_db, autocommit=True) as con:
        assert con.execute("SHOW default_transaction_read_only").fetchone() == ("on",)
        with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
            con.execute("DELETE FROM firs")


async def test_executor_runs_accepted_zcql_as_the_reader(executor: PostgresExecutor) -> None:
    result = await executor.execute(
        _v(
            "SELECT fir_id, involves_juvenile, ROWID FROM firs "
            "WHERE precinct_id = 'BLR-E-KRP' ORDER BY fir_id"
        )
    )
    assert result.backend == "postgres"
    assert [row["fir_id"] for row in result.rows] == ["FIR-2026-00001", "FIR-2026-00002"]
    assert [row["involves_juvenile"] for row in result.rows] == [False, True]
    assert result.rows[0]["ROWID"] == "FIR-2026-00001"


async def test_pooled_sessions_are_read_only_without_jit_and_under_the_timeout(
    records_db: str,
) -> None:
    ex = PostgresExecutor(records_db, timeout_s=2.5)
    await ex.open()
    try:
        async with ex._pool.connection() as conn, conn.transaction():
            shown = [
                (await (await conn.execute(f"SHOW {name}".encode())).fetchone() or ("",))[0]
                for name in ("transaction_read_only", "jit", "statement_timeout")
            ]
    finally:
        await ex.close()
    assert shown == ["on", "off", "2500ms"]


async def test_executor_counts_and_honours_table_sources(executor: PostgresExecutor) -> None:
    verdict = _v("SELECT fir_id FROM firs WHERE precinct_id = 'BLR-E-KRP' LIMIT 1")
    assert await executor.count(verdict) == 2
    shadow = {"firs": "SELECT * FROM public.firs WHERE sensitivity <= 2"}
    assert await executor.count(verdict, shadow) == 1
    rows = (await executor.execute(verdict, shadow)).rows
    assert rows == [{"fir_id": "FIR-2026-00001"}]


async def test_aggregates_and_like_translate(executor: PostgresExecutor) -> None:
    result = await executor.execute(
        _v(
            "SELECT COUNT(ROWID), AVG(sensitivity) FROM firs WHERE precinct_id = 'BLR-E-KRP' "
            "AND fir_id LIKE 'fir-2026-*'"
        )
    )
    assert result.rows == [{"COUNT(ROWID)": 2, "AVG(sensitivity)": 2.0}]


async def test_rejected_verdict_is_refused(executor: PostgresExecutor) -> None:
    with pytest.raises(QueryRejected):
        await executor.execute(validate("SELECT fir_id FROM firs WHERE status = 'x'", P))


async def test_slow_statement_hits_the_statement_timeout(pg_database: str, records_db: str) -> None:
    with psycopg.connect(pg_database, autocommit=True) as con:
        con.execute(
            "INSERT INTO firs (fir_id, precinct_id, district, registered_at, crime_group, "
            "crime_head, act_sections, status, complaint_mode, sensitivity, involves_juvenile, "
            "sexual_offence, victim_count, accused_count, arrested_count) "
            "SELECT 'X' || g, 'BLR-E-KRP', 'd', '2026-11-01', 'T', 'T', 'B', 'Closed', "
            "'Walk-in', 1, 0, 0, 1, 1, 0 FROM generate_series(1, 4000) AS g"
        )
    slow = PostgresExecutor(records_db, timeout_s=0.001)
    await slow.open()
    try:
        with pytest.raises(BackendUnavailable, match="timed out"):
            await slow.execute(
                _v(
                    "SELECT COUNT(a.ROWID) FROM firs AS a INNER JOIN firs AS b "
                    "ON a.district = b.district WHERE a.precinct_id = 'BLR-E-KRP' "
                    "AND b.precinct_id = 'BLR-E-KRP'"
                )
            )
    finally:
        await slow.close()


async def test_unreachable_server_is_unavailable() -> None:
    ex = PostgresExecutor("postgresql://nobody@127.0.0.1:1/none", timeout_s=1.0)
    with pytest.raises(BackendUnavailable):
        await ex.execute(_v("SELECT fir_id FROM firs WHERE precinct_id = 'BLR-E-KRP'"))
    await ex.close()


async def test_each_statement_is_its_own_read_only_transaction(
    pg_database: str, records_db: str
) -> None:
    """Statements run in autocommit mode (one round trip each); the executor's own session
    makes the implicit transaction read-only, even for a role that may write (the owner here),
    and nothing is left open on the pooled connection afterwards."""
    owner = PostgresExecutor(pg_database, timeout_s=5.0)
    await owner.open()
    try:
        _, rows = await owner._run("SHOW transaction_read_only")
        assert rows == [{"transaction_read_only": "on"}]
        with pytest.raises(QueryRejected, match="read-only"):
            await owner._run("CREATE TABLE stolen (a int)")
        async with owner._pool.connection() as conn:
            assert conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
    finally:
        await owner.close()
