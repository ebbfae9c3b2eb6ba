"""Fixtures for node tests: the clearance case file as a records database."""

from __future__ import annotations

from pathlib import Path

import pytest
from langgraph.runtime import Runtime

from graph.context import GraphContext
from tests.graph.nodes.records_fakes import runtime_over
from tests.validators.clearance.clearance_casefile import FIRS, PERSONS, VEHICLES, build_db


@pytest.fixture(scope="module")
def case_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_db(tmp_path_factory.mktemp("nodes") / "case.db", FIRS, PERSONS, VEHICLES)


@pytest.fixture()
def runtime(case_db: Path) -> Runtime[GraphContext]:
    return runtime_over(case_db)
