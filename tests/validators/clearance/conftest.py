"""Fixtures for the clearance tier: the policy, the hand-built DB and its executors."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.validators.clearance.clearance_casefile import (
    FIRS,
    PERSONS,
    VEHICLES,
    CatalystLike,
    build_db,
)
from tools.records.sqlite_executor import SqliteExecutor
from validators.clearance.policy import ClearancePolicy, load_policy


@pytest.fixture(scope="session")
def policy() -> ClearancePolicy:
    return load_policy()


@pytest.fixture(scope="session")
def case_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_db(tmp_path_factory.mktemp("clearance") / "case.db", FIRS, PERSONS, VEHICLES)


@pytest.fixture()
def sqlite_executor(case_db: Path) -> Iterator[SqliteExecutor]:
    executor = SqliteExecutor(case_db)
    yield executor
    executor.close()


@pytest.fixture()
def catalyst_executor(sqlite_executor: SqliteExecutor) -> CatalystLike:
    return CatalystLike(sqlite_executor)
