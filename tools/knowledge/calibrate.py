"""Calibrates `RELEVANCE_THRESHOLD` on a labelled dev set (`data/kb_dev/relevance.jsonl`).

Each row is a question and whether the knowledge base should contribute to its answer. The
question is searched as the retrieve node searches it; the best passage's relevance is
scored; the threshold kept is the one with the best balanced accuracy, the midpoint of the
widest best interval. Run: `python -m tools.knowledge.calibrate [PATH] [INDEX_DIR]` (the
demo index `var/qdrant` unless another index folder is given).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tools.knowledge.answer import best_relevance
from tools.knowledge.query_text import expand_query
from tools.knowledge.service import TOP_K

DEV_PATH = Path(__file__).resolve().parents[2] / "data" / "kb_dev" / "relevance.jsonl"


def balanced_accuracy(scored: list[tuple[float, bool]], threshold: float) -> float:
    """Mean of the recall on relevant rows and on irrelevant rows at `threshold`."""
    positives = [s for s, label in scored if label]
    negatives = [s for s, label in scored if not label]
    hit = sum(s >= threshold for s in positives) / max(len(positives), 1)
    reject = sum(s < threshold for s in negatives) / max(len(negatives), 1)
    return (hit + reject) / 2


def calibrate(scored: list[tuple[float, bool]]) -> tuple[float, float]:
    """(threshold, balanced accuracy): the middle of the best-scoring run of cut points."""
    cuts = [round(i / 100, 2) for i in range(5, 100)]
    accuracies = [balanced_accuracy(scored, c) for c in cuts]
    best = max(accuracies)
    winners = [c for c, a in zip(cuts, accuracies, strict=True) if a == best]
    return winners[len(winners) // 2], best


def score_dev_set(
    search: object, officer: object, path: Path = DEV_PATH
) -> list[tuple[float, bool]]:
    """(best relevance, label) for every dev question, searched like the retrieve node."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    scored = []
    for row in rows:
        passages = search(expand_query(row["question"]), officer, TOP_K).passages  # type: ignore[operator]
        scored.append((best_relevance(row["question"], passages), bool(row["relevant"])))
    return scored


def main() -> None:
    """Print the calibrated threshold over the demo index."""
    from tools.knowledge.index import KnowledgeIndex
    from tools.roster import officer_by_badge

    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("var") / "qdrant"
    index = KnowledgeIndex.open(path=folder, collection="sop_kb")
    try:
        path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEV_PATH
        scored = score_dev_set(index.search, officer_by_badge("KA-1001"), path)
    finally:
        index.close()
    threshold, accuracy = calibrate(scored)
    print(json.dumps({"threshold": threshold, "balanced_accuracy": accuracy, "n": len(scored)}))


if __name__ == "__main__":
    main()
