"""schema.sql: the contract's columns, constraints, and portability to PostgreSQL."""

import sqlite3
import uuid

import pytest

from tests.conftest import _pg_admin_dsn
from tools.records.seed_schema import TABLE_COLUMNS, index_ddl, insert_sql, table_ddl

FIR = {
    "fir_id": "FIR-2026-00001",
    "precinct_id": "BLR-E-KRP",
    "district": "Bengaluru East",
    "registered_at": "2026-01-01 10:00:00",
    "occurred_at": None,
    "crime_group": "THEFT",
    "crime_head": "OTHER THEFT",
    "act_sections": "BNS 303(2)",
    "status": "Closed",
    "place_of_occurrence": None,
    "beat": None,
    "latitude": None,
    "longitude": None,
    "io_badge": None,
    "io_name": None,
    "complaint_mode": "e-FIR",
    "sensitivity": 1,
    "involves_juvenile": 0,
    "sexual_offence": 0,
    "victim_count": 0,
    "accused_count": 0,
    "arrested_count": 0,
    "brief_facts": None,
}


@pytest.fixture
def con() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.executescript(table_ddl())
    db.executescript(index_ddl())
    db.execute(
        insert_sql("police_stations"),
        ("BLR-E-KRP", "KR Puram PS", "Bengaluru East", "Bengaluru City", 13.0, 77.7),
    )
    return db


def _insert_fir(con: sqlite3.Connection, **changes: object) -> None:
    row = FIR | changes
    con.execute(insert_sql("firs"), [row[c] for c in TABLE_COLUMNS["firs"]])


def test_a_valid_fir_is_accepted(con: sqlite3.Connection) -> None:
    _insert_fir(con)
    assert con.execute("SELECT COUNT(*) FROM firs").fetchone()[0] == 1


@pytest.mark.parametrize(
    "change",
    [
        {"status": "Pending Trial"},
        {"complaint_mode": "Online"},
        {"sensitivity": 6},
        {"sensitivity": 0},
        {"sexual_offence": 2},
        {"involves_juvenile": -1},
    ],
)
def test_values_outside_the_contract_enumerations_are_refused(
    con: sqlite3.Connection, change: dict[str, object]
) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        _insert_fir(con, **change)


def test_index_part_is_separate_from_the_table_part() -> None:
    assert "CREATE INDEX" not in table_ddl()
    assert "CREATE TABLE" not in index_ddl()
    assert index_ddl().count("CREATE INDEX") >= 11


@pytest.mark.postgres
def test_the_same_ddl_runs_on_postgresql() -> None:
    dsn = _pg_admin_dsn()
    import psycopg

    schema = f"seedcheck_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(dsn, autocommit=True) as pg:
        pg.execute(f"CREATE SCHEMA {schema}")
        try:
            pg.execute(f"SET search_path TO {schema}")
            pg.execute(table_ddl())
            pg.execute(index_ddl())
            for table, columns in TABLE_COLUMNS.items():
                got = pg.execute(
                    "SELECT column_name FROM information_schema.columns "
                    "WHERE table_schema = %s AND table_name = %s ORDER BY ordinal_position",
                    (schema, table),
                ).fetchall()
                assert [r[0] for r in got] == list(columns)
        finally:
            pg.execute(f"DROP SCHEMA {schema} CASCADE")
