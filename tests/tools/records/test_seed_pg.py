"""The PostgreSQL loader: the SQLite rows by COPY, indexes after the load, the reader role."""

from __future__ import annotations

import math
import sqlite3
from datetime import date
from pathlib import Path

import psycopg
import pytest

from schemas.records import PRIMARY_KEYS, TABLE_COLUMNS
from tests.conftest import dsn_for
from tools.records.seed import build_records_db
from tools.records.seed_pg import load_postgres
from tools.records.seed_schema import index_ddl

TODAY = date(2026, 12, 2)
N_FIRS = 600


def _rows(cursor: sqlite3.Cursor | psycopg.Cursor, table: str) -> list[tuple]:
    cols = ", ".join(TABLE_COLUMNS[table])
    query = f"SELECT {cols} FROM {table} ORDER BY {PRIMARY_KEYS[table]}"
    if isinstance(cursor, sqlite3.Cursor):
        cursor.execute(query)
    else:
        cursor.execute(query.encode())
    return [tuple(row) for row in cursor.fetchall()]


def _same(pg_row: tuple, lite_row: tuple) -> bool:
    """Equal values; REAL is single precision on PostgreSQL, so floats agree to 1e-6."""
    return len(pg_row) == len(lite_row) and all(
        math.isclose(a, b, rel_tol=1e-6) if isinstance(a, float) else a == b
        for a, b in zip(pg_row, lite_row, strict=True)
    )


def test_postgres_holds_the_same_rows_as_sqlite_with_indexes_and_the_reader_role(
    pg_database: str, tmp_path: Path
) -> None:
    lines: list[str] = []
    loaded = load_postgres(pg_database, N_FIRS, seed=7, today=TODAY, progress=lines.append)
    built = build_records_db(tmp_path / "records.db", N_FIRS, seed=7, today=TODAY)

    assert (loaded.firs, loaded.persons, loaded.vehicles) == (
        built.firs,
        built.persons,
        built.vehicles,
    )
    assert any(line.startswith("  2026: ") for line in lines)
    assert any("indexes" in line for line in lines)
    lite = sqlite3.connect(built.path)
    with psycopg.connect(pg_database) as pg:
        for table in TABLE_COLUMNS:
            pg_rows, lite_rows = _rows(pg.cursor(), table), _rows(lite.cursor(), table)
            assert len(pg_rows) == len(lite_rows), table
            assert all(_same(a, b) for a, b in zip(pg_rows, lite_rows, strict=True)), table
        indexes = {r[0] for r in pg.execute("SELECT indexname FROM pg_indexes")}
    lite.close()
    ddl = index_ddl("postgres").splitlines()
    wanted = {line.split()[5] for line in ddl if "CREATE INDEX" in line}
    assert "ix_persons_full_name_trgm" in wanted
    assert wanted and wanted <= indexes

    with psycopg.connect(dsn_for(pg_database, user="crimeassist_reader")) as reader:
        assert reader.execute("SELECT COUNT(*) FROM firs").fetchone() == (N_FIRS,)
        with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
            reader.execute("DELETE FROM firs")


def test_loading_again_replaces_the_tables(pg_database: str) -> None:
    load_postgres(pg_database, 300, seed=7, today=TODAY)
    load_postgres(pg_database, 200, seed=7, today=TODAY)
    with psycopg.connect(pg_database) as pg:
        assert pg.execute("SELECT COUNT(*) FROM firs").fetchone() == (200,)
