"""Shared fixtures for the ZCQL validator tests: the caller's precincts and a seeded records DB."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tools.records.seed import build_records_db

PRECINCTS = frozenset({"BLR-E-KRP", "BLR-E-WFD"})
"""The caller of every test: two Bengaluru East precincts."""


@pytest.fixture(scope="session")
def seeded_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small deterministic records database built by the project's seeder."""
    path = tmp_path_factory.mktemp("zcql") / "records.db"
    build_records_db(path, n_firs=400, seed=7, today=date(2026, 12, 1))
    return path
