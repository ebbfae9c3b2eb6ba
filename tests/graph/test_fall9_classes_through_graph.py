"""The fall9 classes through the whole offline graph: arithmetic over numbers the message
states reaches the calculator whatever the classifier thinks (a percentage of, on, added to or
taken off an amount, what percent one is of another, a change with its direction in words, an
average, a pace per day), and a question needing a figure from outside the records says
plainly that web search is not configured, gives no figure for it, and still answers the part
the records hold (counts checked against the demo database, as the officer may see them)."""

from __future__ import annotations

import re

import pytest

from tests.graph.records_truth import OFFICER, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")

NOT_CONFIGURED = "web search is not configured"


@pytest.mark.parametrize(
    ("question", "shown"),
    [
        ("how much is 12.5 percent of 3 lakh 60 thousand", "= 45000"),
        ("what's 7.5 per cent of 2 lakh 80 thousand", "= 21000"),
        ("18% GST on 2,40,000", "18% of 2,40,000 is 43200"),
        ("3 lakh ka 8 percent kitna hota hai", "8 percent of 3 lakh is 24000"),
        ("increase 450 by 12%", "450 plus 12% is 504"),
        ("what is 15% less than 3,600", "3,600 less 15% is 3060"),
        ("12,000 se 25% kam kitna", "12,000 less 25% is 9000"),
        ("1,250 is what percent of 5,000", "1,250 out of 5,000 is 25%"),
        ("by how much percent did arrests change from 80 to 68", "a fall of 15%"),
        ("average of 12, 15 and 20", "The average of 12, 15, 20 is 15.67"),
        ("120 cases in 30 days, per day", "120 over 30 is 4 cases per day"),
        ("multiply 36 by 25", "36 * 25 = 900"),
    ],
)
async def test_arithmetic_over_stated_numbers_reaches_the_calculator(ask, question, shown):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert shown in response.answer


async def test_a_section_pair_in_a_law_question_is_not_sent_to_the_calculator(ask):
    response = await ask(OFFICER, "what is the punishment under 302/34 IPC")
    assert response.route == "rag"
    assert "302 / 34" not in response.answer


async def test_an_outside_average_is_missing_and_the_records_part_is_counted(ask, demo_settings):
    where, scoped = scope()
    n = scalar(
        demo_settings.records_path,
        f"SELECT COUNT(*) FROM firs f WHERE {where} AND f.precinct_id = 'BLR-E-WFD' "
        "AND f.crime_group = 'THEFT' AND f.registered_at >= '2025-01-01' "
        "AND f.registered_at < '2026-01-01'",
        *scoped,
    )
    response = await ask(OFFICER, "compare Whitefield thefts in 2025 with the national average")
    answer = response.answer
    assert response.route == "fallback"
    assert f": {n}." in answer
    assert NOT_CONFIGURED in answer.lower() and "Missing:" in answer
    said = {int(x) for x in re.findall(r"\d+", answer)}
    assert said <= {n, 2025, 1, 12, 31, 2026}, "no figure beyond the count and its period"


@pytest.mark.parametrize(
    "question",
    [
        "state figure from NCRB for cheating cases in Karnataka last year",
        "any news today about the chain snatching gang in Bengaluru",
        "find the latest DGP circular online on e-FIR registration",
        "current petrol price in Mandya for the jeep log",
    ],
)
async def test_a_figure_only_the_web_has_is_not_made_up(ask, question):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert NOT_CONFIGURED in response.answer.lower()
    assert not re.search(r"₹|\bRs\.?\s*\d|\d+(?:\.\d+)?\s*(?:%|per lakh)", response.answer)
