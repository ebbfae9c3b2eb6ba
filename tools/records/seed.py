"""Build the demo records database (SQLite) deterministically from a seed.

`build_records_db` writes police stations, the fixed canary rows (`canaries.py`) and
`n_firs` FIRs in total, registered from 2023-01-01 up to `today`, with their persons and
vehicles. FIR ids are `FIR-<year>-<5 digits>`, serials in registration order per year; a
year holds at most 99,999 FIRs, so a large build starts in an earlier year as needed
(1,000,000 FIRs start in 2016). Booleans are stored as 0/1 (see `schema.sql`).

Command line: `python -m tools.records.seed --out var/records.db --firs 20000 --seed 7`.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from tools.domain.places import STATIONS
from tools.records import canaries
from tools.records.seed_gen import Row, generate_year
from tools.records.seed_schema import index_ddl, insert_sql, table_ddl

FIRST_YEAR = 2023
MAX_PER_YEAR = 99_999

Progress = Callable[[str], None]
"""Receives one line per loaded year while a build runs (e.g. `print`)."""


@dataclass(frozen=True, slots=True)
class Batch:
    """Rows to load together: stations, FIRs, persons and vehicles (some may be empty)."""

    label: str
    stations: Sequence[Row]
    firs: Sequence[Row]
    persons: Sequence[Row]
    vehicles: Sequence[Row]


@dataclass(frozen=True, slots=True)
class SeedStats:
    """What a build wrote and how long it took."""

    path: Path | str
    """The SQLite file, or the PostgreSQL database name."""
    firs: int
    persons: int
    vehicles: int
    stations: int
    first_year: int
    seconds: float


def year_plan(n_firs: int, today: date) -> list[tuple[int, date, date, int]]:
    """(year, first day, last day, FIR count) per year, counts proportional to days covered."""
    reserved = canaries.reserved_serials()
    start = min(FIRST_YEAR, today.year)
    while True:
        spans = [
            (y, date(y, 1, 1), min(date(y, 12, 31), today)) for y in range(start, today.year + 1)
        ]
        days = [(last - first).days + 1 for _, first, last in spans]
        quotas = [n_firs * d / sum(days) for d in days]
        counts = [int(q) for q in quotas]
        by_remainder = sorted(range(len(quotas)), key=lambda i: (counts[i] - quotas[i], i))
        for i in by_remainder[: n_firs - sum(counts)]:
            counts[i] += 1
        if all(
            c + len(reserved.get(y, ())) <= MAX_PER_YEAR
            for (y, _, _), c in zip(spans, counts, strict=True)
        ):
            return [(y, f, la, c) for (y, f, la), c in zip(spans, counts, strict=True)]
        start -= 1


def _connect(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path, isolation_level=None)
    for pragma in (
        "journal_mode=OFF",
        "synchronous=OFF",
        "locking_mode=EXCLUSIVE",
        "temp_store=MEMORY",
        "cache_size=-200000",
    ):
        con.execute(f"PRAGMA {pragma}")
    return con


def batches(n_firs: int, seed: int, today: date) -> tuple[int, Iterator[Batch]]:
    """The first registration year and every row of a build, in load order (both backends)."""
    plan = year_plan(max(n_firs - len(canaries.FIRS), 0), today)

    def rows() -> Iterator[Batch]:
        stations = [
            (s.precinct_id, s.station_name, s.district, s.zone, s.latitude, s.longitude)
            for s in STATIONS
        ]
        yield Batch(
            "stations and canaries", stations, canaries.FIRS, canaries.PERSONS, canaries.VEHICLES
        )
        reserved = canaries.reserved_serials()
        for year, first, last, count in plan:
            year_rows = generate_year(
                seed, year, first, last, count, reserved.get(year, set()), today
            )
            yield Batch(str(year), (), year_rows.firs, year_rows.persons, year_rows.vehicles)

    return plan[0][0], rows()


def report_progress(
    progress: Progress | None, batch: Batch, counts: dict[str, int], started: float
) -> None:
    """One progress line after a batch is loaded."""
    if progress is not None:
        progress(
            f"  {batch.label}: {counts['firs']:,} FIRs, {counts['persons']:,} persons, "
            f"{counts['vehicles']:,} vehicles ({time.perf_counter() - started:.1f} s)"
        )


def build_records_db(
    path: Path,
    n_firs: int = 20_000,
    seed: int = 7,
    today: date | None = None,
    progress: Progress | None = None,
) -> SeedStats:
    """Build the records database at `path` (replaced atomically); same arguments, same rows."""
    started = time.perf_counter()
    today = today or date.today()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    first_year, rows = batches(n_firs, seed, today)
    counts = {"firs": 0, "persons": 0, "vehicles": 0}
    con = _connect(tmp)
    try:
        con.executescript(table_ddl())
        for batch in rows:
            con.execute("BEGIN")
            con.executemany(insert_sql("police_stations"), batch.stations)
            _insert(con, batch.firs, batch.persons, batch.vehicles, counts)
            con.execute("COMMIT")
            report_progress(progress, batch, counts, started)
        if progress is not None:
            progress("  building indexes and statistics")
        con.executescript(index_ddl("sqlite"))
        con.execute("ANALYZE")
    finally:
        con.close()
    os.replace(tmp, path)
    return SeedStats(
        path,
        counts["firs"],
        counts["persons"],
        counts["vehicles"],
        len(STATIONS),
        first_year,
        round(time.perf_counter() - started, 3),
    )


def _insert(
    con: sqlite3.Connection,
    firs: Sequence[Row],
    persons: Sequence[Row],
    vehicles: Sequence[Row],
    counts: dict[str, int],
) -> None:
    for table, rows in (("firs", firs), ("persons", persons), ("vehicles", vehicles)):
        con.executemany(insert_sql(table), rows)
        counts[table] += len(rows)


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point: build and print the stats."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("var/records.db"))
    parser.add_argument("--firs", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--today", type=date.fromisoformat, default=None)
    args = parser.parse_args(argv)
    stats = build_records_db(args.out, args.firs, args.seed, args.today, progress=print)
    print(stats)


if __name__ == "__main__":
    main()
