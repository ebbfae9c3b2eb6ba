"""Records questions at scale through the records service, each beside its bare SQL floor.

The mixed question set (look-ups, counts, lists, breakdowns, trends, top-N, persons,
vehicles) runs through `RecordsService.ask` (draft, validate, clearance plan, execute,
compose) as the top officer and as a clearance-3 officer, on SQLite and on PostgreSQL
loaded with the same rows. The floor is the same accepted statement (and, for a trend,
the same per-day count) executed with no clearance sources, on the same database, interleaved
with the service runs; it goes through the same executor, so it reads the same indexes
(the trigram name index included). Goal: p95 <= 50 ms and <= 2x the floor, both backends.

`--firs` (or BENCH_RECORDS_FIRS) sets the size, 1,000,000 by default; BENCH_RECORDS_SQLITE
and BENCH_RECORDS_PG_DSN (an owner DSN) reuse databases already built at that size.
PostgreSQL is the local server (BENCH_RECORDS_PG_ADMIN, default 127.0.0.1:5432); the
bench creates and drops its own database there.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from bench.stats import percentile, summary_ms
from schemas.officer import Officer
from tools.records.dialect import dated_column
from tools.records.executor import RecordsExecutor
from tools.records.postgres_executor import PostgresExecutor
from tools.records.seed import build_records_db
from tools.records.seed_pg import load_postgres
from tools.records.service import PAGE, PAGED_INTENTS, RecordsService
from tools.records.sqlite_executor import SqliteExecutor
from tools.roster import officer_by_badge
from tools.text2zcql.offline import OfflineZcqlGenerator
from validators.clearance.policy import load_policy
from validators.zcql import AcceptedStatement

TODAY = date(2026, 12, 2)
NOW = datetime(2026, 12, 2, 6, 30, tzinfo=UTC)
QUESTIONS = (
    ("lookup", "status of FIR-2026-04829"),
    ("lookup", "who is investigating FIR-2026-03117?"),
    ("count", "how many vehicle thefts in Whitefield last month"),
    ("count", "Number of two-wheeler thefts reported at KR Puram PS this year?"),
    ("count", "count of chain snatching cases since January"),
    ("list", "list open cheating cases in KR Puram this year"),
    ("list", "Give me all murder cases in Bengaluru East since 2025"),
    ("breakdown", "cheating cases by status since January"),
    ("trend", "monthly trend of chain snatching in Whitefield since 2024"),
    ("trend", "month-wise thefts 2025"),
    ("top_n", "which station has the highest number of pending cases"),
    ("top_n", "top 5 beats of Whitefield for burglary"),
    ("persons", "cases involving Ravi Kumar"),
    ("vehicles", "is KA05MN4321 stolen?"),
)
OFFICERS = ("KA-5005", "KA-3003")
READER = "crimeassist_reader"
BENCH_DB = "crimeassist_bench_records"
GOAL = "p95 <= 50 ms and <= 2x the bare SQL floor, both backends"


def clock() -> datetime:
    """The fixed time the seeded data was built for."""
    return NOW


async def statement_of(
    service: RecordsService, question: str, officer: Officer
) -> tuple[str, AcceptedStatement | None]:
    """The question's intent and the accepted statement the service runs for it."""
    draft = await service.draft(service.request(question, officer))
    return draft.intent, service.validate(draft.statement, officer).accepted_statement


async def run_bare(executor: RecordsExecutor, intent: str, statement: AcceptedStatement) -> None:
    """The floor: the statement with no clearance sources, and, for a trend or comparison
    whose first page is full, the same per-day count the service asks the database for."""
    rows = await executor.execute(statement)
    if intent in PAGED_INTENTS and len(rows.rows) >= PAGE and dated_column(statement):
        await executor.day_counts(statement)


async def measure(executor: RecordsExecutor, rounds: int) -> dict[str, Any]:
    """Service and floor latencies per officer over the question set."""
    service = RecordsService(OfflineZcqlGenerator(), executor, load_policy(), clock)
    out: dict[str, Any] = {}
    for badge in OFFICERS:
        officer = officer_by_badge(badge)
        plans = [(kind, q, *await statement_of(service, q, officer)) for kind, q in QUESTIONS]
        cleared: list[float] = []
        bare: list[float] = []
        tail: list[tuple[float, str]] = []
        per_question: dict[str, dict[str, list[float]]] = {}
        unanswered: list[str] = []
        for round_no in range(rounds + 1):
            for kind, question, intent, statement in plans:
                start = time.perf_counter()
                outcome = await service.ask(question, officer)
                took = (time.perf_counter() - start) * 1000
                start = time.perf_counter()
                if statement is not None:
                    await run_bare(executor, intent, statement)
                floor = (time.perf_counter() - start) * 1000
                if round_no == 0:
                    if outcome.answer is None:
                        unanswered.append(f"{question}: {outcome.message}")
                    continue
                cleared.append(took)
                bare.append(floor)
                tail.append((took, f"{kind}: {question}"))
                entry = per_question.setdefault(f"{kind}: {question}", {"ms": [], "floor": []})
                entry["ms"].append(took)
                entry["floor"].append(floor)
        out[badge] = {
            "service": summary_ms(cleared),
            "floor": summary_ms(bare),
            "p95_ratio_to_floor": round(percentile(cleared, 0.95) / percentile(bare, 0.95), 2),
            "unanswered": unanswered,
            "p95_set_by": _tail_questions(tail, percentile(cleared, 0.95)),
            "p50_per_question_ms_vs_floor": {
                q: [round(percentile(v["ms"], 0.5), 1), round(percentile(v["floor"], 0.5), 1)]
                for q, v in per_question.items()
            },
        }
    return out


def _tail_questions(samples: list[tuple[float, str]], p95: float) -> dict[str, int]:
    """How many service samples at or above the p95 each question gave."""
    kinds: dict[str, int] = {}
    for took, kind in samples:
        if took >= p95:
            kinds[kind] = kinds.get(kind, 0) + 1
    return dict(sorted(kinds.items(), key=lambda item: -item[1]))


@contextmanager
def sqlite_records(firs: int) -> Iterator[tuple[Path, float | None]]:
    """A SQLite build of `firs` FIRs (or BENCH_RECORDS_SQLITE), with its build seconds."""
    reuse = os.environ.get("BENCH_RECORDS_SQLITE")
    if reuse:
        yield Path(reuse), None  # built beforehand: `python -m tools.records.seed`
        return
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP")) as tmp:
        stats = build_records_db(Path(tmp) / "records.db", firs, seed=7, today=TODAY)
        yield Path(stats.path), stats.seconds


@contextmanager
def postgres_records(firs: int) -> Iterator[tuple[str, float | None]]:
    """An owner DSN of a database loaded with `firs` FIRs (or BENCH_RECORDS_PG_DSN)."""
    reuse = os.environ.get("BENCH_RECORDS_PG_DSN")
    if reuse:
        yield reuse, None
        return
    admin = os.environ.get(
        "BENCH_RECORDS_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres"
    )
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)".encode())
        conn.execute(f"CREATE DATABASE {BENCH_DB}".encode())
    dsn = make_conninfo(**{**conninfo_to_dict(admin), "dbname": BENCH_DB})
    try:
        stats = load_postgres(dsn, firs, seed=7, today=TODAY)
        yield dsn, stats.seconds
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)".encode())


async def on_postgres(owner_dsn: str, rounds: int) -> dict[str, Any]:
    """Measure through the reader role, as the service connects."""
    reader = make_conninfo(**{**conninfo_to_dict(owner_dsn), "user": READER})
    executor = PostgresExecutor(reader, timeout_s=30.0)
    try:
        return await measure(executor, rounds)
    finally:
        await executor.close()


async def on_sqlite(path: Path, rounds: int) -> dict[str, Any]:
    """Measure on the SQLite file."""
    executor = SqliteExecutor(path, timeout_s=30.0)
    try:
        return await measure(executor, rounds)
    finally:
        executor.close()


def run(firs: int | None = None, rounds: int | None = None) -> dict[str, Any]:
    """Both backends at `firs` FIRs (default BENCH_RECORDS_FIRS or 1,000,000)."""
    firs = firs or int(os.environ.get("BENCH_RECORDS_FIRS", "1000000"))
    rounds = rounds or int(os.environ.get("BENCH_RECORDS_ROUNDS", "5"))
    out: dict[str, Any] = {
        "load_average_at_start": round(os.getloadavg()[0], 2),
        "firs": firs,
        "rounds": rounds,
        "questions": [f"{kind}: {q}" for kind, q in QUESTIONS],
        "officers": {
            "KA-5005": "clearance 5, all precincts",
            "KA-3003": "clearance 3, 4 precincts",
        },
        "goal": GOAL,
    }
    with sqlite_records(firs) as (path, seconds):
        built = "reused (BENCH_RECORDS_SQLITE)" if seconds is None else f"built in {seconds} s"
        out["sqlite"] = {"database": built, **asyncio.run(on_sqlite(path, rounds))}
    try:
        with postgres_records(firs) as (dsn, seconds):
            built = "reused (BENCH_RECORDS_PG_DSN)" if seconds is None else f"loaded in {seconds} s"
            out["postgres"] = {"database": built, **asyncio.run(on_postgres(dsn, rounds))}
    except psycopg.OperationalError as error:
        out["postgres"] = {"not_measured": f"no PostgreSQL server: {error}"}
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--firs", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=None)
    args = parser.parse_args()
    print(run(args.firs, args.rounds))
