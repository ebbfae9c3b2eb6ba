"""A weakly relevant passage is quoted only when it is about the question: its title or
heading names a topic word, not only its text (a near miss is named, never quoted)."""

from __future__ import annotations

from tools.knowledge.answer import (
    SURE_RELEVANCE,
    compose_extractive_answer,
    is_abstention,
    relevance,
)
from tools.knowledge.index import Passage


def _passage(title: str, section: str) -> Passage:
    return Passage(
        "c-x-1",
        "sop-x",
        title,
        section,
        "The duty officer writes every visitor in the station register. "
        "Supervisors audit the register weekly and initial each page.",
        1,
        (),
        5.0,
    )


QUESTION = "how often are visitor logs audited by the armourer"


def test_a_near_miss_whose_heading_is_about_something_else_is_not_quoted() -> None:
    assert relevance(QUESTION, _passage("Station records", "Daily entries")) < SURE_RELEVANCE
    result = compose_extractive_answer(QUESTION, [_passage("Station records", "Daily entries")])
    assert is_abstention(result)
    assert "sop-x" in result.answer and "weekly" not in result.answer


def test_the_same_text_under_a_heading_about_it_is_quoted() -> None:
    result = compose_extractive_answer(
        QUESTION, [_passage("Station records", "Auditing the visitor register")]
    )
    assert not is_abstention(result)
    assert "weekly" in result.answer
