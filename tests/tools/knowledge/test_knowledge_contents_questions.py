"""Questions about what a document holds find and quote its contents section; more Hinglish
and Kanglish procedure words reach the English passages."""

from __future__ import annotations

import pytest

from tools.knowledge.answer import compose_extractive_answer, question_type
from tools.knowledge.index import Passage
from tools.knowledge.query_text import expand_query

TITLE = "Inspection memo for a seized lorry"


def _p(section: str, text: str, score: float) -> Passage:
    return Passage(f"c-lorry-{section}", "sop-lorry", TITLE, section, text, 1, (), score)


WHY = _p(
    "Why the inspection memo matters",
    "The inspection memo is read by the court when the lorry is released.",
    9.0,
)
CONTENTS = _p(
    "What the inspection memo must contain",
    "The memo records:\n- the engine and chassis numbers;\n- the odometer reading;\n"
    "- the names of two witnesses.",
    6.0,
)


@pytest.mark.parametrize(
    "question",
    [
        "which particulars go into a lorry inspection memo",
        "what should the lorry inspection memo carry",
        "details to put in the inspection memo of a lorry",
    ],
)
def test_contents_questions_quote_the_contents_section(question: str) -> None:
    assert "contents" in expand_query(question)
    assert question_type(question) == "steps"
    answer = compose_extractive_answer(question, [WHY, CONTENTS]).answer
    assert "odometer" in answer and "chassis" in answer


@pytest.mark.parametrize(
    ("mixed", "english"),
    [
        ("chori ki jaanch kab tak poori karni hai", "investigation"),
        ("ladka gayab hai, kya karna hai", "missing"),
        ("panchnama tayarisuvaga enu bareyabeku", "prepare"),
        ("vahana jappti vivara", "details"),
        ("aaropiyannu nyayalayakke karkondu hogbeku", "produce"),
    ],
)
def test_more_procedure_words_are_translated(mixed: str, english: str) -> None:
    assert english in expand_query(mixed).split()
