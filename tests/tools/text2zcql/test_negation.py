"""Negation words: which are negations to apply or ask about, and which only number things."""

from __future__ import annotations

import pytest

from tools.text2zcql.negation import has_negation, unapplied


@pytest.mark.parametrize(
    "text",
    [
        "no. of accused in fir-2026-00012",
        "status of vehicle no. ka05mn4321",
        "owner of mobile no 9845012345",
        "reg no ka01ab1234 stolen or not",
        "was the accused arrested or not?",
    ],
)
def test_numbering_and_yes_no_questions_are_not_negations(text):
    assert not has_negation(text)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("thefts with no accused named", "no accused named"),
        ("robbery not during the night", "not during the"),
        ("cases bina fir ke", "bina fir ke"),
        ("chori illa antha", "illa antha"),
        ("all cases except the old ones", "except the old"),
    ],
)
def test_a_negation_left_over_is_shown_with_the_words_after_it(text, shown):
    assert unapplied(text, text) == [shown]


def test_no_word_list_that_is_set_aside_holds_a_negation():
    from tools.text2zcql import framing
    from tools.text2zcql.entities import FILLER, PATTERN_WORDS
    from tools.text2zcql.understand import GRAMMAR

    for words in (FILLER, GRAMMAR, PATTERN_WORDS, framing._HEAD_WORDS, framing._HEAD_NOUNS):
        assert not [w for w in words if has_negation(w)]
