"""Records questions the classifier leaves to the fallback engine go to records when the
records reader grounds a records filter and every word (`graph.routing.grounded`)."""

from __future__ import annotations

from datetime import date

import pytest

from graph.cascade import RouterCascade
from graph.routing.classifier import RouterClassifier
from graph.routing.grounded import grounded_records_question
from graph.routing.policy import DEFAULT_THRESHOLDS

TODAY = date(2026, 12, 3)


@pytest.mark.parametrize(
    "text",
    [
        "burglaries around Holi",
        "list the cases near the old bus stand",
        "Whitefield robbery count 2025?",
        "what happened to FIR 88",
        "pending cases of KR Puram",
    ],
)
def test_grounded_records_questions(text: str) -> None:
    assert grounded_records_question(text, TODAY)


@pytest.mark.parametrize(
    "text",
    [
        "what is robbery",
        "how many days from 1 March 2026 to Diwali",
        "what is the procedure for a theft FIR in Whitefield",
        "what should an IO do in the first hour of a robbery case",
        "how many flimflam cases in 2025",
        "will thefts rise in Whitefield next month",
    ],
)
def test_other_questions_are_not_claimed(text: str) -> None:
    assert not grounded_records_question(text, TODAY)


async def test_the_cascade_sends_a_grounded_question_to_records(router: RouterClassifier) -> None:
    cascade = RouterCascade(router, DEFAULT_THRESHOLDS)
    decision = await cascade.decide("thefts around Eid", {})
    assert decision.route == "zcql"
    assert "grounds" in decision.reason


async def test_a_grounded_question_the_classifier_sends_to_the_knowledge_base(
    router: RouterClassifier,
) -> None:
    cascade = RouterCascade(router, DEFAULT_THRESHOLDS)
    text = "KR Puram thane mein sabse zyada kaunsa crime hota hai"
    assert grounded_records_question(text, TODAY)
    decision = await cascade.decide(text, {})
    assert decision.route == "zcql"
