"""Retrieval quality on labelled questions: recall@k and MRR over documents."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from schemas.errors import BadInput
from schemas.officer import Officer
from tools.knowledge.index import KnowledgeIndex


@dataclass(frozen=True)
class EvalQuestion:
    """A question and the documents that answer it (any one of them counts)."""

    id: str
    question: str
    expected: tuple[str, ...]


def load_questions(path: Path) -> list[EvalQuestion]:
    """Questions from JSON lines `{"id", "question", "expected": [doc ids]}`."""
    out: list[EvalQuestion] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            out.append(EvalQuestion(row["id"], row["question"], tuple(row["expected"])))
        except (ValueError, KeyError, TypeError) as exc:
            raise BadInput(f"{path}:{n}: not a question row ({exc})") from None
    return out


def ranked_documents(index: KnowledgeIndex, question: str, officer: Officer, k: int) -> list[str]:
    """Distinct document ids of the k best passages, best first."""
    ids: list[str] = []
    for passage in index.search(question, officer, k=k).passages:
        if passage.doc_id not in ids:
            ids.append(passage.doc_id)
    return ids


def evaluate(
    index: KnowledgeIndex, questions: Sequence[EvalQuestion], officer: Officer, k: int = 5
) -> dict[str, Any]:
    """`recall_at_k`: share of questions with an expected document among the documents of
    the k best passages; `mrr`: mean reciprocal rank of the first expected document
    (0 when none is in the k); `misses`: ids of questions not recalled."""
    if not questions:
        raise BadInput("no questions to evaluate")
    hits, reciprocal, misses = 0, 0.0, []
    for q in questions:
        ranked = ranked_documents(index, q.question, officer, k)
        rank = next((i for i, doc in enumerate(ranked, 1) if doc in q.expected), None)
        if rank is None:
            misses.append(q.id)
            continue
        hits += 1
        reciprocal += 1 / rank
    n = len(questions)
    return {
        "questions": n,
        "k": k,
        f"recall_at_{k}": round(hits / n, 4),
        "mrr": round(reciprocal / n, 4),
        "misses": misses,
    }
