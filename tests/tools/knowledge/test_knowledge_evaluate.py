"""Retrieval evaluation (recall@k, MRR) and the labelled question set."""

from __future__ import annotations

from pathlib import Path

import pytest

from schemas.errors import BadInput
from tools.knowledge.evaluate import EvalQuestion, evaluate, load_questions
from tools.knowledge.index import KnowledgeIndex

REPO = Path(__file__).resolve().parents[3]


def test_recall_and_mrr_count_the_rank_of_the_first_expected_document(
    index: KnowledgeIndex, corpus: Path, make_officer
) -> None:
    index.ingest([corpus])
    questions = [
        EvalQuestion("a", "register a zero fir and transfer it", ("sop-zero-fir",)),
        EvalQuestion("b", "handcuffs BNSS 43(3) zero fir", ("sop-zero-fir",)),
        EvalQuestion("c", "Operation Nightjar falcon rendezvous", ("restricted-nightjar",)),
    ]
    report = evaluate(index, questions, make_officer(1, "BLR-E-KRP"), k=5)
    assert report["questions"] == 3
    assert report["recall_at_5"] == round(2 / 3, 4)
    assert report["mrr"] == round((1 + 1 / 2) / 3, 4)
    assert report["misses"] == ["c"]


def test_evaluating_no_questions_is_bad_input(index: KnowledgeIndex, make_officer) -> None:
    with pytest.raises(BadInput):
        evaluate(index, [], make_officer(1))


def test_a_malformed_question_row_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text('{"id": "q1", "question": "x", "expected": ["a"]}\n{"id": "q2"}\n')
    with pytest.raises(BadInput, match=r"q\.jsonl:2"):
        load_questions(path)


def test_the_question_set_is_large_and_points_at_catalogued_documents() -> None:
    questions = load_questions(REPO / "data" / "kb_eval" / "questions.jsonl")
    catalogue = {
        line.split("\t")[0]
        for line in (REPO / "kb" / "catalog.tsv").read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
    assert len(questions) >= 65
    assert len({q.id for q in questions}) == len(questions)
    assert all(q.expected and set(q.expected) <= catalogue for q in questions)
