"""Procedure questions asked informally are typed as steps; a procedure written as a
paragraph is quoted from its first step, not from the sentences that share its words."""

from __future__ import annotations

import pytest

from tools.knowledge.answer import compose_extractive_answer, question_type
from tools.knowledge.index import Passage

PARAGRAPH = Passage(
    "c-dog-1",
    "sop-dog-squad",
    "Calling the dog squad to a burglary scene",
    "Requesting the dog squad",
    "Keep everyone out of the path the burglars used until the handler arrives. "
    "Telephone the district dog squad through the control room and give the exact address. "
    "Note the time of the request and of the squad's arrival in the General Diary.",
    1,
    (),
    8.0,
)


@pytest.mark.parametrize(
    "question",
    [
        "walk me through calling the dog squad",
        "right way to call the dog squad to a burglary",
        "take me through requesting a sniffer dog",
    ],
)
def test_informal_procedure_questions_are_steps(question: str) -> None:
    assert question_type(question) == "steps"


def test_a_procedure_paragraph_is_quoted_from_its_first_step() -> None:
    answer = compose_extractive_answer("how do I call the dog squad", [PARAGRAPH]).answer
    lines = answer.splitlines()
    assert lines[0].startswith("Keep everyone out of the path")
    assert any("General Diary" in line for line in lines)
