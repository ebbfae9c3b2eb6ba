"""The know5 dev probes (data/kb_dev/probes_know5_*.jsonl) through the whole offline graph.

Procedure and law questions, out-of-scope messages and tool questions written for the
answer-selection work in wording of their own (not taken from any frozen set), kept as a
regression set: each case is scored exactly as `bench.eval_knowledge` scores the held-out
sets, on the same 20,000-FIR database.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest

from bench.eval_harness import KB_DIR
from bench.eval_knowledge import run_sets
from bench.eval_sets import load_set

PROBES = Path(__file__).resolve().parents[2] / "data" / "kb_dev"
#: The first batch, and a second written after the first round of fixes (scored once before
#: any change for it; its first figures are in docs/knowledge-answers.md).
BATCHES = (
    {
        "knowledge": PROBES / "probes_know5_knowledge.jsonl",
        "out_of_scope": PROBES / "probes_know5_out_of_scope.jsonl",
        "fallback": PROBES / "probes_know5_fallback.jsonl",
    },
    {
        "knowledge": PROBES / "probes_know5_knowledge_2.jsonl",
        "fallback": PROBES / "probes_know5_fallback_2.jsonl",
    },
)
SETS = BATCHES[0]
CASES = [
    (name, case["id"])
    for batch in BATCHES
    for name, path in batch.items()
    for case in load_set(path).cases
]


@pytest.fixture(scope="module")
def verdicts(heldout_records_db: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every probe asked once, offline, at the sets' fixed clock."""
    from tools.knowledge.index import KnowledgeIndex

    home = tmp_path_factory.mktemp("probe-home")
    shutil.copy(heldout_records_db, home / "records.db")
    index = KnowledgeIndex.open(path=home / "qdrant", collection="sop_kb")
    try:
        index.ingest([KB_DIR])
    finally:
        index.close()
    out: dict[str, Any] = {}
    for batch in BATCHES:
        sets = {name: load_set(path) for name, path in batch.items()}
        scored = asyncio.run(run_sets(sets, home))
        out |= {v["id"]: v for found in scored.values() for v in found}
    return out


def test_the_probe_sets_are_the_size_the_brief_asks_for() -> None:
    sizes = {name: len(load_set(path).cases) for name, path in SETS.items()}
    assert sizes["knowledge"] >= 60 and sizes["out_of_scope"] >= 15 and sizes["fallback"] >= 30


@pytest.mark.parametrize(("kind", "case_id"), CASES)
def test_probe_is_answered_as_its_gold_says(
    verdicts: dict[str, Any], kind: str, case_id: str
) -> None:
    verdict = verdicts[case_id]
    assert verdict["correct"], f"{kind} {case_id} ({verdict['route']}): {verdict['answer']}"
