"""The composite indexes serve the cleared statements: the planner reads them exactly as it
reads the bare statement, on SQLite (flattened sources) and on PostgreSQL (fenced sources)."""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path

import psycopg
import pytest

from tools.records.clearance import plan_clearance
from tools.records.dialect import error_free, to_postgres, to_sqlite, with_table_sources
from tools.records.seed import build_records_db
from tools.records.seed_pg import load_postgres
from tools.roster import officer_by_badge
from validators.clearance.policy import load_policy
from validators.zcql import AcceptedStatement, validate

TODAY = date(2026, 12, 2)
OFFICERS = ("KA-3003", "KA-5005")
STATEMENTS = {
    "count": "SELECT COUNT(ROWID) FROM firs WHERE precinct_id = 'BLR-E-KRP' "
    "AND crime_head = 'TWO-WHEELER THEFT' AND registered_at >= '2026-01-01 00:00:00'",
    "list": "SELECT fir_id, registered_at, crime_head, status, precinct_id FROM firs "
    "WHERE precinct_id = 'BLR-E-WFD' AND crime_group = 'CHEATING' "
    "AND registered_at >= '2026-01-01 00:00:00'",
    "top_n": "SELECT precinct_id, COUNT(ROWID) FROM firs WHERE precinct_id IN "
    "('BLR-E-KRP', 'BLR-E-WFD') AND status = 'Under Investigation' GROUP BY precinct_id "
    "ORDER BY COUNT(ROWID) DESC, precinct_id LIMIT 0, 5",
    "vehicle": "SELECT registration_no, status, fir_id FROM vehicles "
    "WHERE precinct_id = 'BLR-E-KRP' AND registration_no = 'KA05MN4321'",
}


def _accepted(statement: str, badge: str) -> AcceptedStatement:
    verdict = validate(statement, officer_by_badge(badge).precincts)
    assert verdict.accepted_statement is not None, verdict.reasons
    return verdict.accepted_statement


@pytest.fixture(scope="module")
def sqlite_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("indexes") / "records.db"
    build_records_db(path, n_firs=2000, seed=7, today=TODAY)
    return path


def _sqlite_plan(con: sqlite3.Connection, sql: str) -> list[str]:
    return [row[3] for row in con.execute(f"EXPLAIN QUERY PLAN {sql}")]


@pytest.mark.parametrize("badge", OFFICERS)
@pytest.mark.parametrize("kind", sorted(STATEMENTS))
def test_sqlite_plans_the_cleared_statement_on_the_composite_index(
    sqlite_db: Path, kind: str, badge: str
) -> None:
    accepted = _accepted(STATEMENTS[kind], badge)
    sources = plan_clearance(accepted, officer_by_badge(badge), load_policy(), "sqlite").sources
    con = sqlite3.connect(sqlite_db)
    try:
        bare = _sqlite_plan(con, to_sqlite(accepted))
        cleared = _sqlite_plan(con, with_table_sources(to_sqlite(accepted), sources))
    finally:
        con.close()
    first = cleared[0]
    assert first.startswith("SEARCH t USING") and " INDEX ix_" in first, cleared
    # the same index, searched on the bare statement's terms (and perhaps the clearance's too)
    searched = bare[0].split(" INDEX ")[1].rstrip(")")
    assert first.split(" INDEX ")[1].startswith(searched), (bare, cleared)


@pytest.fixture(scope="module")
def pg_records(tmp_path_factory: pytest.TempPathFactory) -> str:
    from tests.conftest import _pg_admin_dsn, dsn_for

    admin = _pg_admin_dsn()
    name = "crimeassist_test_indexes"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'.encode())
        db.execute(f'CREATE DATABASE "{name}"'.encode())
    dsn = dsn_for(admin, dbname=name)
    load_postgres(dsn, n_firs=2000, seed=7, today=TODAY)
    yield dsn
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'.encode())


def _pg_plan(pg_records: str, sql: str) -> str:
    with psycopg.connect(pg_records) as con:
        # At 2,000 FIRs a sequential scan is cheapest; at scale the planner prefers the index.
        con.execute("SET enable_seqscan = off")
        return "\n".join(row[0] for row in con.execute(f"EXPLAIN {sql}".encode()))


@pytest.mark.parametrize("badge", OFFICERS)
def test_postgres_reads_the_fenced_sum_through_the_composite_index(
    pg_records: str, badge: str
) -> None:
    """SUM is outside `error_free`'s closed set, so its sources stay fenced."""
    accepted = _accepted(STATEMENTS["count"].replace("COUNT(ROWID)", "SUM(victim_count)"), badge)
    assert not error_free(accepted)
    sources = plan_clearance(accepted, officer_by_badge(badge), load_policy(), "postgres").sources
    sql = with_table_sources(to_postgres(accepted), sources, "postgres")
    plan = _pg_plan(pg_records, sql)
    fence = plan.split("CTE firs", 1)[1].split("->  Aggregate", 1)[0]
    index_cond = fence.split("Index Cond:", 1)[1].split("\n", 1)[0]
    assert "MATERIALIZED" in sql and "Index" in fence and " ix_firs_" in fence, plan
    # the statement's own filters reach the index inside the fence, not only the jurisdiction
    assert "registered_at >= '2026-01-01 00:00:00'" in index_cond, plan


@pytest.mark.parametrize("badge", OFFICERS)
def test_postgres_flattens_an_error_free_count_onto_the_composite_index(
    pg_records: str, badge: str
) -> None:
    accepted = _accepted(STATEMENTS["count"], badge)
    assert error_free(accepted)
    sources = plan_clearance(accepted, officer_by_badge(badge), load_policy(), "postgres").sources
    sql = with_table_sources(to_postgres(accepted), sources, "postgres", fenced=False)
    plan = _pg_plan(pg_records, sql)
    index_cond = plan.split("Index Cond:", 1)[1].split("\n", 1)[0]
    assert "MATERIALIZED" not in sql and "CTE" not in plan and " ix_firs_precinct_" in plan, plan
    assert "registered_at >= '2026-01-01 00:00:00'" in index_cond, plan
    assert "precinct_id = 'BLR-E-KRP'" in index_cond, plan


@pytest.mark.parametrize("badge", OFFICERS)
def test_postgres_counts_one_status_per_station_in_index_order(pg_records: str, badge: str) -> None:
    """ "Which station has the most pending cases": each station's entries come from the index
    together and are counted as they come, not hashed; the rows are those of a plan that
    reads no index."""
    accepted = _accepted(STATEMENTS["top_n"], badge)
    sources = plan_clearance(accepted, officer_by_badge(badge), load_policy(), "postgres").sources
    sql = with_table_sources(
        to_postgres(accepted), sources, "postgres", fenced=not error_free(accepted)
    )
    plan = _pg_plan(pg_records, sql)
    assert "GroupAggregate" in plan and "HashAggregate" not in plan, plan
    assert "Index Only Scan using ix_firs_precinct_status_count" in plan, plan
    with psycopg.connect(pg_records) as con:
        indexed = con.execute(sql.encode()).fetchall()
        con.execute("SET enable_indexscan = off; SET enable_indexonlyscan = off")
        con.execute("SET enable_bitmapscan = off")
        assert indexed and con.execute(sql.encode()).fetchall() == indexed


def test_postgres_name_search_by_words_returns_the_plain_ilike_rows(pg_records: str) -> None:
    """The loose pattern the trigram index reads never changes which persons match."""
    with psycopg.connect(pg_records) as con:
        names = [
            r[0]
            for r in con.execute(
                "SELECT full_name FROM persons WHERE full_name LIKE '% %' "
                "AND precinct_id IN ('BLR-E-KRP', 'BLR-E-WFD') ORDER BY person_id LIMIT 5"
            )
        ]
        matched = 0
        patterns = [f"*{n}*" for n in names] + [
            f"*{names[0].split()[0][1:]} {names[0].split()[-1][:3]}*",
            "* kumar*",
            "*a k*",
        ]
        for pattern in patterns:
            accepted = _accepted(
                "SELECT person_id FROM persons WHERE precinct_id IN ('BLR-E-KRP', 'BLR-E-WFD') "
                f"AND full_name LIKE '{pattern}' ORDER BY person_id LIMIT 0, 300",
                "KA-5005",
            )
            got = [r[0] for r in con.execute(to_postgres(accepted).encode())]
            plain = con.execute(
                "SELECT person_id FROM persons WHERE precinct_id IN ('BLR-E-KRP', 'BLR-E-WFD') "
                "AND full_name ILIKE %s ORDER BY person_id LIMIT 300",
                (pattern.replace("*", "%"),),
            )
            assert got == [r[0] for r in plain], pattern
            matched += len(got)
    assert matched >= len(names) == 5
