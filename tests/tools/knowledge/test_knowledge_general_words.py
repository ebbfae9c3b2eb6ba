"""Everyday words raise a passage's relevance when it has them and never lower it."""

from __future__ import annotations

import pytest

from tools.knowledge.answer import RELEVANCE_THRESHOLD, question_type, relevance
from tools.knowledge.general_words import is_general
from tools.knowledge.index import Passage

DROWNING = Passage(
    "c-drown-1",
    "sop-drowning",
    "Drowning deaths at lakes and tanks",
    "Recovering the body",
    "Call the fire brigade divers, photograph the body where it is found and hold the inquest.",
    1,
    (),
    5.0,
)


def test_an_everyday_word_the_passage_lacks_does_not_sink_it() -> None:
    plain = relevance("drowning in a lake, recovering the body", DROWNING)
    chatty = relevance(
        "my neighbour says someone drowned in the lake, recovering the body", DROWNING
    )
    assert chatty == pytest.approx(plain)
    assert chatty >= RELEVANCE_THRESHOLD


def test_a_topic_word_the_knowledge_base_lacks_still_sinks_it() -> None:
    assert relevance("drowning at a lake during a hovercraft regatta", DROWNING) < relevance(
        "drowning at a lake", DROWNING
    )


def test_everyday_and_topic_words_are_told_apart() -> None:
    assert is_general("husband") and is_general("reach")
    assert not is_general("inquest") and not is_general("hovercraft")


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("how is a charge sheet different from a final report", "definition"),
        ("explain anticipatory bail in simple words", "definition"),
        ("what are the rules for videographing a search", "permission"),
    ],
)
def test_comparison_and_rule_questions_are_typed(question: str, kind: str) -> None:
    assert question_type(question) == kind
