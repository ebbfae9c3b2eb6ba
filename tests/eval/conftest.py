"""The records database the held-out gold answers were computed on, built once per session."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from bench.eval_sets import EVAL_DIR, load_set


@pytest.fixture(scope="session")
def heldout_records_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 20,000-FIR demo database (seed 7) at the sets' fixed today, 2026-12-03."""
    from tools.records.seed import build_records_db

    spec = load_set(EVAL_DIR / "records_heldout.jsonl").database
    path = tmp_path_factory.mktemp("eval-records") / "records.db"
    build_records_db(
        path, n_firs=spec["n_firs"], seed=spec["seed"], today=date.fromisoformat(spec["today"])
    )
    return path
