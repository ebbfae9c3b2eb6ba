"""Issue 15 items 4 and 5 through the whole graph, offline: out-of-scope messages are declined
as a logged router decision, and the offline fallback computes."""

from __future__ import annotations

import pytest

from graph.nodes.decline import DECLINE

pytestmark = pytest.mark.asyncio(loop_scope="session")


def _route_decisions(assistant, response) -> list[dict]:
    return [
        e.data
        for e in assistant.sink.events()
        if e.request_id == response.request_id and e.kind == "route_decision"
    ]


@pytest.mark.parametrize(
    "message",
    [
        "What's the weather in Bengaluru today?",
        "write me a poem",
        "who won IPL 2024",
        "any chance of thunderstorms in Hassan tonight?",
        "how many medals did India win at the last Olympics",
        "compose a short story about a theft case",
        "mujhe ek joke sunao",
        "should I move my PF money into mutual funds?",
    ],
)
async def test_out_of_scope_is_declined_without_retrieval_and_logged(ask, assistant, message):
    response = await ask("KA-1001", message)
    assert response.route == "out_of_scope"
    assert response.routes_executed == ["decline"]
    assert response.answer.startswith(DECLINE)
    assert "FIR records" in response.answer  # says what the assistant can do
    assert response.citations == [] and response.records == []
    [decision] = _route_decisions(assistant, response)
    assert decision["route"] == "out_of_scope"


async def test_police_work_mentioning_a_match_is_not_declined(ask):
    response = await ask("KA-1001", "bandobast arrangements for the IPL final at Chinnaswamy")
    assert response.route != "out_of_scope"


async def test_percentage_of_stated_numbers(ask):
    response = await ask("KA-1001", "If 37 out of 412 thefts were solved, what percentage is that?")
    assert response.route == "fallback"
    assert "37 out of 412 is 8.98%" in response.answer
    assert response.citations == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("cases fell from 1,250 last year to 1,100 this year, what percent drop", "a fall of 12%"),
        ("ratio of 360 two-wheeler thefts to 45 car thefts", "is 8 : 1"),
        ("a ward of 85,000 people had 34 burglaries - rate per lakh?", "is 40 per lakh"),
        ("average of 18, 25 and 32 complaints a week", "is 25"),
    ],
)
async def test_worded_arithmetic_over_stated_numbers(ask, message, expected):
    response = await ask("KA-1001", message)
    assert response.route == "fallback"
    assert expected in response.answer


async def test_charge_sheet_date_90_days_counts_the_first_day(ask):
    response = await ask(
        "KA-1001",
        "Calculate the date 90 days after 15 October 2026 for the charge sheet deadline",
    )
    assert response.route == "fallback"
    assert "Tuesday, 12 January 2027" in response.answer
    assert "day 1" in response.answer and "BNSS 187(3)" in response.answer


async def test_statutory_deadline_states_the_rule_used(ask):
    response = await ask(
        "KA-1001", "Preliminary inquiry opened on 3 December 2026; last date to finish it?"
    )
    assert response.route == "fallback"
    assert "Thursday, 17 December 2026" in response.answer
    assert "BNSS 173(3)" in response.answer and "day itself excluded" in response.answer


async def test_outside_figure_gets_the_records_part_and_a_plain_web_statement(ask):
    response = await ask(
        "KA-1001", "Compare our district's theft rate with the latest NCRB national average"
    )
    assert response.route == "fallback"
    assert "Records:" in response.answer and "theft" in response.answer.lower()
    assert "web search is not configured" in response.answer
    assert {c.kind for c in response.citations} <= {"record"}


async def test_records_count_then_share_goes_through_the_records_service(ask):
    response = await ask(
        "KA-3003", "how many burglaries in KR Puram in 2025, and what share were undetected?"
    )
    assert response.route == "fallback"
    lines = response.answer.splitlines()
    assert lines[0].startswith("(offline engine) - Records (all): ")
    assert lines[1].startswith("- Records (undetected): ")
    assert "% (only records you are cleared to see are counted)" in lines[2]
