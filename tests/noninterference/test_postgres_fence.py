"""On PostgreSQL a predicate is never evaluated on a row before the clearance filter, so an
error only a sealed row would raise (division by zero, a failed cast) cannot reach the officer.

The validator already refuses arithmetic and CAST; these statements are sealed as accepted
by hand (test-only) to prove the database-side fence on its own. (Division by zero cannot
be provoked at all: the translation to PostgreSQL guards every division with NULLIF.)
"""

from __future__ import annotations

import importlib

import psycopg
import pytest
import sqlglot
from sqlglot import exp

from tests.noninterference.harness import load_postgres
from tests.noninterference.regressions import CONSTABLE, VISIBLE, WITH_SEALED
from tools.records.clearance import run_with_clearance
from tools.records.dialect import to_postgres, with_table_sources
from tools.records.postgres_executor import PostgresExecutor
from validators.clearance.policy import load_policy
from validators.clearance.sql_scope import table_sources
from validators.zcql.validate import AcceptedStatement

SCOPE = "persons.precinct_id = 'BLR-E-KRP'"
COUNT = f"SELECT COUNT(person_id) FROM persons WHERE {SCOPE} AND "
ONLY_A_SEALED_ROW_FAILS = {
    "failed number cast": COUNT + "CAST(persons.gender AS SIGNED) > 0",
    "failed date cast": COUNT + "CAST(persons.arrested_at AS DATE) > '2026-01-01'",
}


def sealed_by_hand(sql: str) -> AcceptedStatement:
    tree = sqlglot.parse_one(sql, dialect="mysql")
    assert isinstance(tree, exp.Select)
    module = importlib.import_module("validators.zcql.validate")
    return module._accept(sql, tree, frozenset({"persons"}))


def poisoned() -> dict:
    """WITH_SEALED whose sealed victim's gender is not a number nor arrest time a date."""
    world = {t: [dict(r) for r in rows] for t, rows in WITH_SEALED.items()}
    for person in world["persons"]:
        if person["fir_id"] == "FIR-2026-00002":
            person.update(gender="not-a-number", arrested_at="not-a-date")
        else:
            person.update(gender="1", arrested_at="2026-02-01")
    return world


@pytest.mark.parametrize("kind", sorted(ONLY_A_SEALED_ROW_FAILS))
async def test_an_error_only_a_sealed_row_raises_never_reaches_the_officer(
    pg_database: str, kind: str
) -> None:
    statement = sealed_by_hand(ONLY_A_SEALED_ROW_FAILS[kind])
    policy = load_policy()
    visible = {t: [dict(r) for r in rows] for t, rows in VISIBLE.items()}
    for person in visible["persons"]:
        person.update(gender="1", arrested_at="2026-02-01")
    results = []
    for world in (visible, poisoned()):
        load_postgres(pg_database, world)
        executor = PostgresExecutor(pg_database, max_size=1)
        try:
            cleared = await run_with_clearance(statement, CONSTABLE, executor, policy)
        finally:
            await executor.close()
        results.append((cleared.rows, cleared.masked_fields))
    assert results[0] == results[1]


@pytest.mark.parametrize("kind", sorted(ONLY_A_SEALED_ROW_FAILS))
def test_without_the_fence_the_planner_would_evaluate_it_on_the_sealed_row(
    pg_database: str, kind: str
) -> None:
    """The fence is needed: inlined sources let the predicate run before the clearance join."""
    statement = sealed_by_hand(ONLY_A_SEALED_ROW_FAILS[kind])
    load_postgres(pg_database, poisoned())
    sources = table_sources(CONSTABLE, load_policy(), "postgres", tables={"persons"})
    unfenced = with_table_sources(to_postgres(statement), sources, "sqlite")
    with psycopg.connect(pg_database) as conn, pytest.raises(psycopg.DataError):
        conn.execute(unfenced.encode())
