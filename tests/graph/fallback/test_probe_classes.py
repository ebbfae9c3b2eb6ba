"""Failure classes the know5 probes exposed in the offline planner and router: a change asked
without a percentage is an absolute rise or fall; "add N months to DATE" is date arithmetic;
"default bail date for ..." asks a legal deadline; "may the IO ..." is a procedure question."""

from __future__ import annotations

from datetime import date

import pytest

from graph.fallback.compute import computation
from graph.fallback.date_plan import asks_legal_deadline, date_call
from graph.routing.knowledge_frame import knowledge_frame
from tools.agent.calculator import evaluate

TODAY = date(2026, 12, 3)


@pytest.mark.parametrize(
    ("question", "expected", "word"),
    [
        ("snatchings fell from 140 last year to 95 this year - by how much", 45.0, "fall"),
        ("this year 61 robberies against 48 last year, what is the increase", 13.0, "rise"),
    ],
)
def test_a_change_without_a_percentage_is_the_absolute_rise_or_fall(question, expected, word):
    found = computation(question)
    assert found is not None
    assert float(evaluate(found.expression)) == pytest.approx(expected)
    assert word in found.sentence


def test_a_percentage_change_is_still_a_percentage() -> None:
    found = computation("thefts went from 80 to 100, percentage rise?")
    assert found is not None and float(evaluate(found.expression)) == pytest.approx(25.0)


@pytest.mark.parametrize(
    ("question", "months"),
    [("add 2 months to 15 March 2026", 2), ("plus 1 year to 1 February 2026", 12)],
)
def test_add_a_period_to_a_date(question: str, months: int) -> None:
    call = date_call(question, TODAY)
    assert call is not None and call.args["operation"] == "add_months"
    assert call.args["months"] == months


def test_add_days_to_a_date_counts_days() -> None:
    call = date_call("add 10 days to 25 December 2026", TODAY)
    assert call is not None and call.args == {
        "operation": "add_days",
        "start": "2026-12-25",
        "days": 10,
    }


@pytest.mark.parametrize(
    "question",
    [
        "default bail date for a theft case where the first remand was 2 November 2026",
        "filing date for the charge-sheet of an accused remanded on 3 October 2026",
    ],
)
def test_a_deadline_named_as_a_date_is_a_legal_deadline(question: str) -> None:
    assert asks_legal_deadline(question)


def test_a_date_word_alone_is_not_a_deadline() -> None:
    assert not asks_legal_deadline("how many thefts on 2 November 2026")


@pytest.mark.parametrize(
    "question",
    [
        "may the IO sit in while the magistrate takes the 183 statement",
        "can a woman officer search a male accused",
        "should the SHO inform the CWC",
    ],
)
def test_a_yes_no_question_about_an_officer_is_a_procedure_question(question: str) -> None:
    assert knowledge_frame(question) is not None


def test_a_request_to_the_assistant_is_not_a_procedure_frame() -> None:
    assert knowledge_frame("can you tell me a joke") is None


def test_a_kannada_to_whom_question_is_an_authority_question() -> None:
    assert knowledge_frame("handcuff yaarige haakabahudu") == "authority"
