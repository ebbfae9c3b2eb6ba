"""Execution accuracy of the offline text-to-ZCQL parser on a fresh 20,000-FIR demo database.

`run()` seeds the demo records (seed 7, today 2026-12-02) in a temporary directory, runs
`data/text2zcql/eval.jsonl` through `OfflineZcqlGenerator` and returns the report: overall
and per-intent execution accuracy (goal >= 0.90), validator rejections, failing cases, time.
Run: `uv run python -m bench.bench_text2zcql` (or `python bench/bench_text2zcql.py`).

Measured on 2026-12-02 (20,000 FIRs; 2 shared cores):
- `dev` (120 questions, written with the parser): first run 114/120 (95.0%), now 120/120.
- `holdout` (49, written after the parser): first run 42/49 (85.7%); then used for fixes.
- `holdout2` (36, written later still): first run 31/36 (86.1%); then used for fixes.
- Now 205/205 on all splits, but only the first runs were on unseen wording: expect about
  86% on new phrasing. About 38 ms a question including execution.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.records.seed import build_records_db  # noqa: E402
from tools.records.text2zcql_eval import evaluate  # noqa: E402
from tools.text2zcql.offline import OfflineZcqlGenerator  # noqa: E402

EVAL_PATH = ROOT / "data" / "text2zcql" / "eval.jsonl"
TODAY = date(2026, 12, 2)
N_FIRS = 20_000


def run(n_firs: int = N_FIRS) -> dict[str, Any]:
    """Seed, evaluate, and return the report as a dict (with timings)."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "records.db"
        stats = build_records_db(db, n_firs=n_firs, seed=7, today=TODAY)
        started = time.perf_counter()
        report = evaluate(EVAL_PATH, db, OfflineZcqlGenerator())
        seconds = time.perf_counter() - started
    out = report.to_dict()
    out["firs"] = stats.firs
    out["seed_seconds"] = stats.seconds
    out["eval_seconds"] = round(seconds, 3)
    out["ms_per_question"] = round(1000 * seconds / max(report.total, 1), 2)
    out["goal_met"] = report.accuracy >= 0.90
    return out


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
