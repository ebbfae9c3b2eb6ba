"""Routing rules: records follow-ups stay records; arithmetic over records goes to tools."""

from __future__ import annotations

import pytest

from graph.routing.rules import is_records_follow_up, needs_tools, rule_route


@pytest.mark.parametrize("text", ["and in 2024?", "what about Whitefield?", "last year?"])
def test_short_follow_up_after_a_records_answer_is_records(text: str) -> None:
    assert rule_route(text, "zcql") == ("zcql", "records follow-up after a records answer")


def test_follow_up_rule_needs_a_records_answer_just_before() -> None:
    assert not is_records_follow_up("and in 2024?", "rag")
    assert not is_records_follow_up("and in 2024?", None)
    assert not is_records_follow_up(
        "and what is the procedure for arresting the accused in that theft case", "zcql"
    )


@pytest.mark.parametrize(
    "text",
    [
        "how many thefts in Whitefield this year, and what percentage were solved?",
        "Compare our district's theft rate with the latest NCRB national average",
        "If 37 out of 412 thefts were solved, what percentage is that?",
    ],
)
def test_arithmetic_or_outside_figures_over_records_need_tools(text: str) -> None:
    assert needs_tools(text)
    assert rule_route(text, None) == (
        "fallback",
        "needs arithmetic or an outside figure over records",
    )


@pytest.mark.parametrize(
    "text", ["how many thefts in Whitefield this year", "what is 18% of 2,35,000", "hello"]
)
def test_plain_counts_and_plain_arithmetic_are_left_to_the_classifier(text: str) -> None:
    assert rule_route(text, None) is None
