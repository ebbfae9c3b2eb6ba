"""Load the demo records into PostgreSQL: the same rows as the SQLite build, by COPY.

`load_postgres` replaces the four records tables of the database `dsn` names in one
transaction (drop, create, COPY every batch, build the indexes after the load, ANALYZE),
then applies `deploy/postgres/records_readonly_role.sql` so the reader role can query them.
Connect as the tables' owner or a superuser.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import date
from pathlib import Path

import psycopg

from schemas.records import TABLE_COLUMNS
from tools.domain.places import STATIONS
from tools.records.seed import Batch, Progress, SeedStats, batches, report_progress
from tools.records.seed_gen import Row
from tools.records.seed_schema import index_ddl, table_ddl

ROLE_SQL = Path(__file__).resolve().parents[2] / "deploy" / "postgres" / "records_readonly_role.sql"
DROP = "DROP TABLE IF EXISTS vehicles, persons, firs, police_stations CASCADE"


def load_postgres(
    dsn: str,
    n_firs: int = 20_000,
    seed: int = 7,
    today: date | None = None,
    progress: Progress | None = None,
) -> SeedStats:
    """Replace the records tables of `dsn` with a build of `n_firs` FIRs; same rows as SQLite."""
    started = time.perf_counter()
    first_year, rows = batches(n_firs, seed, today or date.today())
    counts = {"firs": 0, "persons": 0, "vehicles": 0}
    with psycopg.connect(dsn, autocommit=True) as conn:
        dbname = conn.info.dbname
        with conn.transaction(), conn.cursor() as cur:
            cur.execute(DROP)
            cur.execute(table_ddl().encode())
            for batch in rows:
                _copy_batch(cur, batch, counts)
                report_progress(progress, batch, counts, started)
            if progress is not None:
                progress("  building indexes")
            cur.execute(index_ddl("postgres").encode())
        if progress is not None:
            progress("  VACUUM ANALYZE and the reader role")
        conn.execute("VACUUM ANALYZE police_stations, firs, persons, vehicles")
        conn.execute(ROLE_SQL.read_text(encoding="utf-8").encode())
    return SeedStats(
        dbname,
        counts["firs"],
        counts["persons"],
        counts["vehicles"],
        len(STATIONS),
        first_year,
        round(time.perf_counter() - started, 3),
    )


def _copy_batch(cur: psycopg.Cursor, batch: Batch, counts: dict[str, int]) -> None:
    tables = (
        ("police_stations", batch.stations),
        ("firs", batch.firs),
        ("persons", batch.persons),
        ("vehicles", batch.vehicles),
    )
    for table, table_rows in tables:
        _copy(cur, table, table_rows)
        if table in counts:
            counts[table] += len(table_rows)


def _copy(cur: psycopg.Cursor, table: str, rows: Sequence[Row]) -> None:
    if not rows:
        return
    columns = ", ".join(TABLE_COLUMNS[table])
    with cur.copy(f"COPY {table} ({columns}) FROM STDIN".encode()) as copy:
        for row in rows:
            copy.write_row(row)
