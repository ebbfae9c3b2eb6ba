"""The scorers: verdicts on known outcomes, and a smoke run through the whole graph on the
small fixture sets in tests/eval/fixtures (never the held-out sets)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.eval_harness import Outcome, station_names
from bench.eval_knowledge import declined, fallback_verdict, knowledge_verdict, run_sets
from bench.eval_match import Normaliser
from bench.eval_records import gold_drift, run_cases, score_case, summarise
from bench.eval_sets import load_set

FIXTURES = Path(__file__).resolve().parent / "fixtures"
NORM = Normaliser(station_names())
COUNT = {
    "id": "c1",
    "category": "count",
    "expected": "answer",
    "question": "murders in 2025",
    "match": "value",
    "gold_result": [[1]],
}
CLARIFY = {
    "id": "c2",
    "category": "clarify_io",
    "expected": "clarify",
    "question": "cases of Kiran",
    "clarify": {"about": "io", "options": ["T. Kiran (ASI)", "V. Kiran (PSI)"]},
}
REFUSE = {
    "id": "c3",
    "category": "refuse_write",
    "expected": "refuse",
    "question": "close FIR-2026-00001",
    "refuse_reason": "write",
}


def test_a_widened_count_is_wrong_and_counted_as_widened() -> None:
    outcome = Outcome("Counting FIRs [words not used: murdr]: 481", "zcql", 1.0, [{"FIRs": 481}])
    verdict = score_case(COUNT, outcome, NORM)
    assert verdict["correct"] is False and verdict["widened"] is True


def test_a_clarifying_question_is_not_an_answer_even_if_it_has_a_number() -> None:
    outcome = Outcome("Which IO: T. Kiran (ASI) or V. Kiran (PSI)?", "clarify", 0.6)
    verdict = score_case(CLARIFY, outcome, NORM)
    assert verdict["clarified"] and verdict["named_option"] and not verdict["answered"]
    assert not score_case(COUNT, Outcome("Did you mean 1?", "clarify", 0.6), NORM)["correct"]


def test_a_refusal_is_no_records_and_no_number_and_answering_is_not_a_refusal() -> None:
    assert score_case(REFUSE, Outcome("I can only read records.", "zcql", 0.9), NORM)["refused"]
    answered = Outcome("1 record(s)", "zcql", 1.0, [{"fir_id": "FIR-2026-00001"}])
    assert not score_case(REFUSE, answered, NORM)["refused"]
    rejected = Outcome(error="QueryRejected: only SELECT statements may run")
    assert score_case(REFUSE, rejected, NORM)["refused"]


def test_the_summary_reports_accuracy_clarify_refusal_widening_and_calibration() -> None:
    verdicts = [
        score_case(COUNT, Outcome("1", "zcql", 1.0, [{"n": 1}]), NORM),
        score_case(COUNT, Outcome("481", "zcql", 1.0, [{"n": 481}]), NORM),
        score_case(CLARIFY, Outcome("cases of Kiran: 12", "zcql", 1.0, [{"n": 12}]), NORM),
        score_case(REFUSE, Outcome("Only read-only questions.", "zcql", 0.5), NORM),
    ]
    report = summarise(verdicts)
    assert report["execution_accuracy"] == 0.5
    assert report["widened_answers"] == 1
    assert report["clarify_rate"] == 0.0 and report["answered_instead_of_clarifying"] == 1
    assert report["refusal_correctness"] == 1.0
    assert report["ece_answers"] == 3 and report["ece"] == pytest.approx(2 / 3, abs=1e-4)


def test_knowledge_answers_need_every_fact_group_and_abstentions_must_say_so() -> None:
    case = {
        "id": "k",
        "category": "time_limit",
        "expected": "answer",
        "gold_docs": ["sop-x"],
        "gold_facts": [["24 hours"], ["58"]],
    }
    full = Outcome("Within 24 hours (BNSS 58).", "rag", 0.9, citations=[{"id": "sop-x#a"}])
    assert knowledge_verdict(case, full)["correct"]
    assert not knowledge_verdict(case, Outcome("Within 24 hours.", "rag", 0.9))["correct"]
    abstain = {"id": "a", "category": "abstain", "expected": "abstain", "gold_facts": []}
    covered = Outcome("The knowledge base does not cover this question.", "rag", 0.3)
    quoted = Outcome("Note the time of arrival, weather, lighting. [1]", "rag", 0.9)
    assert knowledge_verdict(abstain, covered)["correct"]
    assert not knowledge_verdict(abstain, quoted)["correct"]


def test_out_of_scope_is_declined_only_without_citations_or_records() -> None:
    assert declined(
        Outcome("I can help with records and procedures, not the weather.", "smalltalk")
    )
    sop = Outcome("Note the weather... [1]", "fallback", citations=[{"kind": "sop", "id": "x"}])
    assert not declined(sop)


def test_fallback_values_are_read_as_numbers_dates_or_facts() -> None:
    number = {
        "id": "f",
        "category": "rate",
        "expected": "answer",
        "kind": "number",
        "value": 128.84,
        "tolerance": 0.01,
    }
    day = {
        "id": "d",
        "category": "date",
        "expected": "answer",
        "kind": "date",
        "value": "2027-01-13",
    }
    web = {"id": "w", "category": "needs_web", "expected": "needs_web", "kind": "none"}
    assert fallback_verdict(number, Outcome("128.8 per lakh", "fallback"))["correct"]
    assert not fallback_verdict(number, Outcome("612 thefts", "fallback"))["correct"]
    assert fallback_verdict(day, Outcome("Wednesday, 13 January 2027", "fallback"))["correct"]
    assert fallback_verdict(web, Outcome("Web search is not configured.", "fallback"))["correct"]


@pytest.fixture(scope="module")
def smoke_home(demo_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A home of its own (audit, checkpoints, router cache) over the session's 3,000-FIR demo
    database and knowledge index."""
    home = tmp_path_factory.mktemp("eval-smoke-home")
    (home / "records.db").symlink_to(demo_home / "records.db")
    (home / "qdrant").symlink_to(demo_home / "qdrant", target_is_directory=True)
    return home


async def test_the_records_scorer_runs_the_graph_over_a_smoke_set(smoke_home: Path) -> None:
    smoke = load_set(FIXTURES / "records_smoke.jsonl")
    assert gold_drift(smoke, smoke_home / "records.db") == []
    verdicts = await run_cases(smoke, smoke_home)
    report = summarise(verdicts)
    assert [v["id"] for v in verdicts] == [c["id"] for c in smoke.cases]
    assert report["errors"] == 0 and report["cases"] == len(smoke.cases)
    for key in ("execution_accuracy", "clarify_rate", "refusal_correctness"):
        assert 0.0 <= report[key] <= 1.0
    assert 0.0 <= report["ece"] <= 1.0


async def test_the_knowledge_scorer_runs_the_graph_over_smoke_sets(smoke_home: Path) -> None:
    sets = {
        "knowledge": load_set(FIXTURES / "knowledge_smoke.jsonl"),
        "out_of_scope": load_set(FIXTURES / "out_of_scope_smoke.jsonl"),
        "fallback": load_set(FIXTURES / "fallback_smoke.jsonl"),
    }
    verdicts = await run_sets(sets, smoke_home)
    assert {k: len(v) for k, v in verdicts.items()} == {k: len(s.cases) for k, s in sets.items()}
    assert all(v["error"] is None for vs in verdicts.values() for v in vs)
