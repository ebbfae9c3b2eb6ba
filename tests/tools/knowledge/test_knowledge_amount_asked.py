"""A question asking for a sum of money (a fee, a fine's amount) is answered only by a
passage that states one; a passage on the topic without a sum is named, never quoted."""

from __future__ import annotations

from tools.knowledge.answer import compose_extractive_answer, is_abstention
from tools.knowledge.index import Passage


def _passage(text: str) -> Passage:
    return Passage(
        "c-arms-1",
        "sop-arms-licence",
        "Arms licence renewal",
        "Renewing an arms licence",
        text,
        1,
        (),
        5.0,
    )


WITHOUT_SUM = (
    "The arms licence renewal application goes to the licensing authority. "
    "The station house officer verifies the holder's antecedents before renewal."
)
WITH_SUM = (
    "The arms licence renewal application goes to the licensing authority. "
    "The renewal fee is Rs 1,500 for each weapon on the licence."
)


def test_a_fee_the_passage_does_not_state_is_not_answered_with_a_near_miss() -> None:
    result = compose_extractive_answer(
        "what is the fee for arms licence renewal", [_passage(WITHOUT_SUM)]
    )
    assert is_abstention(result)
    assert "sop-arms-licence" in result.answer and "antecedents" not in result.answer


def test_a_fee_the_passage_states_is_quoted() -> None:
    result = compose_extractive_answer(
        "what is the fee for arms licence renewal", [_passage(WITH_SUM)]
    )
    assert not is_abstention(result)
    assert "Rs 1,500" in result.answer


def test_a_question_not_about_money_is_unaffected() -> None:
    result = compose_extractive_answer(
        "who verifies antecedents for arms licence renewal", [_passage(WITHOUT_SUM)]
    )
    assert not is_abstention(result)
