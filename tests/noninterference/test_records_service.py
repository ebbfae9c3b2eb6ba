"""Differential: through the records service, two worlds that differ only where the officer
may not look give that officer identical results, on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import _pg_admin_dsn, dsn_for
from tests.noninterference.harness import OneStatement, load_postgres, officer_view
from tests.noninterference.statements import statements
from tests.noninterference.world import officers, secret_variants, worlds, write_sqlite
from tools.records.postgres_executor import PostgresExecutor
from tools.records.service import RecordsService
from tools.records.sqlite_executor import SqliteExecutor
from validators.clearance.policy import load_policy

PROPERTY = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
NOW = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)


class Pair:
    """Two records services over two databases, loaded per example, on one event loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop, executors: list[Any], load: Any) -> None:
        self.loop = loop
        self.load = load
        policy = load_policy()
        self.services = [
            RecordsService(OneStatement(), executor, policy, clock=lambda: NOW)
            for executor in executors
        ]

    def views(self, worlds: list[dict[str, list[dict[str, Any]]]], statement: str, officer: Any):  # type: ignore[no-untyped-def]
        for index, world in enumerate(worlds):
            self.load(index, world)
        return [
            self.loop.run_until_complete(officer_view(service, statement, officer))
            for service in self.services
        ]


@pytest.fixture(scope="module")
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    created = asyncio.new_event_loop()
    yield created
    created.close()


@pytest.fixture(scope="module")
def sqlite_pair(
    loop: asyncio.AbstractEventLoop, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Pair]:
    base = tmp_path_factory.mktemp("noninterference")
    paths = [base / "a.db", base / "b.db"]
    for path in paths:
        write_sqlite(path, {"firs": [], "persons": [], "vehicles": []})
    executors = [SqliteExecutor(path) for path in paths]
    yield Pair(loop, executors, lambda i, world: write_sqlite(paths[i], world))
    for executor in executors:
        executor.close()


@pytest.fixture(scope="module")
def postgres_pair(loop: asyncio.AbstractEventLoop) -> Iterator[Pair]:
    import uuid

    import psycopg

    admin = _pg_admin_dsn()
    names = [f"crimeassist_ni_{uuid.uuid4().hex[:8]}_{side}" for side in "ab"]
    with psycopg.connect(admin, autocommit=True) as db:
        for name in names:
            db.execute(f'CREATE DATABASE "{name}"')
    dsns = [dsn_for(admin, dbname=name) for name in names]
    executors = [PostgresExecutor(dsn, max_size=1) for dsn in dsns]
    try:
        yield Pair(loop, executors, lambda i, world: load_postgres(dsns[i], world))
    finally:
        for executor in executors:
            loop.run_until_complete(executor.close())
        with psycopg.connect(admin, autocommit=True) as db:
            for name in names:
                db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@st.composite
def cases(draw: st.DrawFn) -> tuple[Any, ...]:
    officer = draw(officers())
    world = draw(worlds())
    return officer, world, draw(secret_variants(world, officer)), draw(statements(officer))


@PROPERTY
@given(case=cases())
def test_sqlite_officer_sees_the_same_whatever_is_sealed(sqlite_pair: Pair, case: Any) -> None:
    officer, world, variant, statement = case
    seen, other = sqlite_pair.views([world, variant], statement, officer)
    assert seen == other, statement


@settings(PROPERTY, max_examples=20)
@given(case=cases())
def test_postgres_officer_sees_the_same_whatever_is_sealed(postgres_pair: Pair, case: Any) -> None:
    officer, world, variant, statement = case
    seen, other = postgres_pair.views([world, variant], statement, officer)
    assert seen == other, statement


def test_generated_statements_are_mostly_accepted_and_run(sqlite_pair: Pair) -> None:
    """The property above is not vacuous: most generated statements reach the database."""
    ran = 0

    @settings(PROPERTY, max_examples=25)
    @given(case=cases())
    def count(case: Any) -> None:
        nonlocal ran
        officer, world, _, statement = case
        seen, _ = sqlite_pair.views([world, world], statement, officer)
        ran += seen[0] not in ("rejected", "error")

    count()
    assert ran >= 18
