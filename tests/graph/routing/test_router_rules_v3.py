"""Routing of tool questions that read like records or out-of-scope chat: per-head splits,
"how many are still ...", clock spans, day-to-day figures; police service questions are
not declined."""

from __future__ import annotations

import pytest

from graph.routing.rules import rule_route
from graph.routing.scope import out_of_scope_class, police_work_named


@pytest.mark.parametrize(
    "text",
    [
        "210 open complaints divided among 7 SIs, complaints per SI",
        "64 accused charge-sheeted, 47 in custody - how many still absconding",
        "bandobast from 06:15 to 11:45, how many minutes",
    ],
)
def test_stated_number_arithmetic_goes_to_the_fallback(text: str) -> None:
    route = rule_route(text, None)
    assert route is not None and route[0] == "fallback"


@pytest.mark.parametrize(
    "text",
    [
        "what is the gold rate as of today",
        "today's diesel price in Mangaluru",
        "current gold rate in Mysuru",
    ],
)
def test_a_day_to_day_figure_goes_to_the_fallback_not_the_decline(text: str) -> None:
    route = rule_route(text, None)
    assert route is not None and route[0] == "fallback"


@pytest.mark.parametrize(
    "text",
    [
        "what is the penalty for not wearing a helmet on a scooter",
        "how does a CI request a posting closer to home",
    ],
)
def test_police_service_questions_are_not_declined(text: str) -> None:
    assert out_of_scope_class(text) is None
    assert police_work_named(text)


def test_plain_chat_about_prices_is_still_declined() -> None:
    assert out_of_scope_class("which mutual funds should I invest in") == "personal_advice"


@pytest.mark.parametrize(
    "text",
    [
        "search ke time videography avashyaka hai kya",
        "is a lady constable mandatory when searching a woman",
        "what rights does a detained juvenile have",
        "panchnama mein kya likhte hain",
        "is the complainant's mobile number confidential data",
        "how do I verify that an Aadhaar number is genuine",
    ],
)
def test_romanised_and_data_rule_procedure_questions_go_to_knowledge(text: str) -> None:
    assert rule_route(text, None) == ("rag", "a law or procedure question naming no records")


def test_a_crime_rate_today_is_not_taken_for_a_market_figure() -> None:
    route = rule_route("current theft rate in Mysuru as of today", None)
    assert route is None or "day to day" not in route[1]
