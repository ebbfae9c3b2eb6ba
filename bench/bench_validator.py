"""Validator overhead: median time of `validate()` versus a bare `sqlglot.parse` of the same text.

The timed call is `judge`, which parses and checks every time; `validate` returns a verdict
it already made for the same text and precincts, so timing it would time a dictionary look-up.

Run: `uv run python -m bench.bench_validator` (prints JSON). The goal is a ratio of at most 1.5:
all rules together should cost no more than half a parse.
"""

from __future__ import annotations

import functools
import itertools
import json
import statistics
import time
from collections.abc import Callable

import sqlglot

from validators.zcql import validate
from validators.zcql.validate import PARSE_DIALECT, judge

PRECINCTS = frozenset({"BLR-E-KRP", "BLR-E-WFD", "BLR-E-MHD"})
REPEATS = 7

_PRECINCT = ["'BLR-E-KRP'", "'BLR-E-WFD'", "'BLR-E-MHD'", "'MYS-C-LSK'"]
_STATUS = ["Closed", "Undetected", "Under Investigation", "Charge Sheeted", "Transferred"]
_HEADS = ["Theft*", "*Robbery*", "Chain Snatching", "Cheating*", "Vehicle Theft"]

TEMPLATES = (
    "SELECT fir_id, crime_head, status FROM firs WHERE precinct_id = {p} AND status = '{s}' "
    "ORDER BY registered_at DESC LIMIT 20",
    "SELECT COUNT(ROWID) FROM firs WHERE precinct_id = {p} AND crime_head LIKE '{h}'",
    "SELECT crime_head, COUNT(ROWID) AS n FROM firs WHERE precinct_id IN ({p}, 'BLR-E-KRP') "
    "AND registered_at >= '2026-0{m}-01 00:00:00' GROUP BY crime_head ORDER BY n DESC LIMIT 10",
    "SELECT fir_id, brief_facts FROM firs WHERE precinct_id = {p} AND brief_facts LIKE '{h}' "
    "AND victim_count > {n} LIMIT 0, 50",
    "SELECT f.fir_id, p.full_name, p.role FROM firs AS f INNER JOIN persons AS p "
    "ON f.fir_id = p.fir_id WHERE f.precinct_id = {p} AND p.precinct_id = {p} "
    "AND p.role = 'accused' AND f.status = '{s}' LIMIT 100",
    "SELECT f.fir_id, v.registration_no, v.colour FROM firs AS f LEFT JOIN vehicles AS v "
    "ON f.fir_id = v.fir_id WHERE f.precinct_id = {p} AND v.precinct_id = {p} "
    "AND v.status = 'Stolen' ORDER BY f.registered_at DESC",
    "SELECT AVG(victim_count), MAX(victim_count), MIN(registered_at) FROM firs "
    "WHERE precinct_id = {p} AND sensitivity BETWEEN 1 AND {n}",
    "SELECT fir_id FROM firs WHERE precinct_id = {p} AND victim_count > "
    "(SELECT AVG(victim_count) FROM firs WHERE precinct_id = {p}) LIMIT 30",
    "SELECT full_name, age, gender FROM persons WHERE precinct_id = {p} AND is_juvenile = TRUE "
    "AND age < 1{n}",
    "SELECT station_name, district FROM police_stations WHERE district = 'Bengaluru East'",
    "SELECT f.fir_id, p.full_name, v.registration_no, s.station_name FROM firs AS f "
    "INNER JOIN persons AS p ON f.fir_id = p.fir_id LEFT JOIN vehicles AS v "
    "ON f.fir_id = v.fir_id INNER JOIN police_stations AS s ON f.precinct_id = s.precinct_id "
    "WHERE f.precinct_id = {p} AND p.precinct_id = {p} AND v.precinct_id = {p} LIMIT 50",
    "SELECT status, COUNT(ROWID) FROM firs WHERE precinct_id = {p} AND (status = '{s}' "
    "OR involves_juvenile = TRUE) GROUP BY status HAVING COUNT(ROWID) > {n}",
    "SELECT fir_id, io_name FROM firs WHERE precinct_id = {p} AND io_badge IN ('KA-{n}01', "
    "'KA-{n}02') AND occurred_at IS NOT NULL",
    # typical generator mistakes (rejected)
    "SELECT COUNT(*) FROM firs WHERE precinct_id = {p} AND brief_facts LIKE '%{s}%'",
    "SELECT fir_id FROM firs WHERE status <> '{s}' LIMIT 10 OFFSET {n}",
    "SELECT fir_id FROM firs WHERE precinct_id = {p} OR status = '{s}'",
)


def corpus() -> list[str]:
    """About 200 statements: every template with several value combinations."""
    combos = itertools.product(_PRECINCT, _STATUS, _HEADS, range(1, 4))
    values = [dict(p=p, s=s, h=h, n=n, m=n + 1) for p, s, h, n in itertools.islice(combos, 13)]
    return [t.format(**v) for t in TEMPLATES for v in values]


def _best_of(fn: Callable[[], object]) -> float:
    """Best CPU time of this thread over REPEATS runs (wall time is noisy on a shared machine)."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.thread_time()
        fn()
        best = min(best, time.thread_time() - start)
    return best * 1e6


def run() -> dict[str, float | int]:
    """Median microseconds per statement for validate() and parse(), and their ratio."""
    statements = corpus()
    validate_us: list[float] = []
    parse_us: list[float] = []
    accepted = 0
    for statement in statements:
        accepted += validate(statement, PRECINCTS).accepted
        parse_us.append(_best_of(functools.partial(sqlglot.parse, statement, read=PARSE_DIALECT)))
        validate_us.append(_best_of(functools.partial(judge, statement, PRECINCTS)))
    median_validate = statistics.median(validate_us)
    median_parse = statistics.median(parse_us)
    per_statement = statistics.median(v / p for v, p in zip(validate_us, parse_us, strict=True))
    return {
        "statements": len(statements),
        "accepted": accepted,
        "median_validate_us": round(median_validate, 1),
        "median_parse_us": round(median_parse, 1),
        "ratio": round(median_validate / median_parse, 3),
        "median_per_statement_ratio": round(per_statement, 3),
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
