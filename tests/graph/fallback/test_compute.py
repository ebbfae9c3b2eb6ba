"""The offline planner's worded arithmetic and two-step records shares."""

from __future__ import annotations

from datetime import date

import pytest

from graph.fallback.compute import computation
from graph.fallback.records_math import records_math, single_count
from tests.graph.fallback.harness import context_for, run_loop
from tools.agent.base import ToolOutput
from tools.agent.services import FallbackServices


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("If 37 out of 412 thefts were solved, what percentage is that?", "37 out of 412 is 8.98%"),
        ("ratio of 120 to 48 burglaries", "ratio of 120 to 48 is 2.5 : 1"),
        ("difference between 1,245 and 980 cases", "difference between 1,245 and 980 is 265"),
        ("rate per 100,000 for 420 thefts in a population of 12 lakh", "35 per 100,000"),
        ("percentage increase in thefts from 40 to 50", "From 40 to 50 is a rise of 25%"),
    ],
)
async def test_worded_arithmetic_is_computed_by_the_calculator(question, expected) -> None:
    run = await run_loop(context_for(FallbackServices()), question)
    assert expected in run.result.answer
    assert [n["tool"] for n in run.tool_notes] == ["calculator"]


def test_share_question_splits_into_two_counts() -> None:
    share = records_math(
        "how many thefts in Whitefield this year, and what percentage were solved?",
        date(2026, 12, 2),
    )
    assert share is not None and share.operation == "share"
    assert share.questions == (
        "how many thefts in Whitefield this year",
        "how many charge sheeted thefts in Whitefield this year",
    )
    assert computation("how many thefts in Whitefield this year") is None


def test_single_count_reads_only_a_one_number_row() -> None:
    assert single_count([{"count": 43}]) == 43
    assert single_count([{"count": 43}, {"count": 2}]) is None
    assert single_count([{"fir_id": "FIR-2026-04829"}]) is None


async def test_share_runs_two_records_calls_then_the_calculator() -> None:
    answers = iter([43, 7])
    calls: list[str] = []

    async def records(question, officer, page):
        calls.append(question)
        count = next(answers)
        return ToolOutput(text=f"count: {count}", records=[{"count": count}])

    run = await run_loop(
        context_for(FallbackServices(records=records)),
        "how many thefts in Whitefield this year, and what percentage were solved?",
    )
    assert [n["tool"] for n in run.tool_notes] == ["records", "records", "calculator"]
    assert calls[1].startswith("how many charge sheeted thefts")
    assert "7 of 43 is 16.28%" in run.result.answer


async def test_web_needing_question_counts_the_records_part_and_says_web_is_off() -> None:
    asked: list[str] = []

    async def records(question, officer, page):
        asked.append(question)
        return ToolOutput(
            text="Counting FIRs of theft in your precincts: 137.", records=[{"n": 137}]
        )

    run = await run_loop(
        context_for(FallbackServices(records=records)),
        "Compare our district's theft rate with the latest NCRB national average",
    )
    assert asked == ["how many thefts in our district"]
    assert [n["tool"] for n in run.tool_notes] == ["records"]
    assert "Records: Counting FIRs of theft in your precincts: 137." in run.result.answer
    assert "web search is not configured" in run.result.answer
    assert run.result.partial


async def test_web_needing_question_without_a_records_part_only_says_web_is_off() -> None:
    run = await run_loop(
        context_for(FallbackServices()), "What is the latest NCRB all-India crime rate?"
    )
    assert "web search is not configured" in run.result.answer
    assert run.tool_notes == []


@pytest.mark.parametrize(
    ("question", "expression", "said"),
    [
        (
            "Of 96 missing-person complaints, 71 were traced. What percentage?",
            "round(71*100/96, 2)",
            "71 is {value}% of 96.",
        ),
        (
            "Seizures went down from 2.4 crore to 1.8 crore; percentage decline?",
            "round(abs(18000000 - 24000000)*100/24000000, 2)",
            "From 2.4 crore to 1.8 crore is a fall of {value}%.",
        ),
        (
            "this year 310 cases against 280 last year, percent increase?",
            "round(abs(310 - 280)*100/280, 2)",
            "From 280 to 310 is a rise of {value}%.",
        ),
        (
            "mean of 14, 9 and 22 complaints",
            "round((14 + 9 + 22)/3, 2)",
            "The average of 14, 9, 22 is {value}.",
        ),
        (
            "a taluk of 3,20,000 residents had 48 robberies; robbery rate per 100,000?",
            "round(48*100000/320000, 2)",
            "48 in a population of 3,20,000 is {value} per 100,000 people.",
        ),
        (
            "how many days to finish 90 verifications at 12 per day",
            "round(90/12, 2)",
            "90 at 12 a day takes {value} days.",
        ),
        (
            "clearance rate if 30 of 120 robberies were solved",
            "round(30*100/120, 2)",
            "30 out of 120 is {value}%.",
        ),
        (
            "how many more arrests did Mysuru make (402) than Mandya (317)?",
            "402 - 317",
            "The difference between 402 and 317 is {value}.",
        ),
    ],
)
def test_the_operation_and_its_numbers_are_read_from_the_words(question, expression, said):
    found = computation(question)
    assert found is not None
    assert (found.expression, found.sentence) == (expression, said)


@pytest.mark.parametrize(
    "question",
    [
        "what is 18% of 2,35,000",
        "punishment under BNS 318(4) for cheating of 5 lakh",
        "how many thefts in Whitefield between 1 March 2026 and 15 March 2026",
        "percentage of thefts solved in 2025",
    ],
)
def test_no_worded_arithmetic_where_numbers_are_dates_sections_or_given_percentages(question):
    assert computation(question) is None
