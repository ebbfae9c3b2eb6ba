"""Arithmetic over records counts: the sub-questions asked of the records service, and the
combination computed by the calculator or the date tool, through the offline loop."""

from __future__ import annotations

from datetime import date

import pytest

from graph.fallback.records_math import asks_records_arithmetic, records_math
from tests.graph.fallback.harness import context_for, run_loop
from tools.agent.base import ToolOutput
from tools.agent.services import FallbackServices

TODAY = date(2026, 12, 2)


@pytest.mark.parametrize(
    ("question", "operation", "questions"),
    [
        (
            "What proportion of all FIRs in Udupi Town in 2025 were cheating?",
            "share",
            ("how many FIRs in Udupi Town in 2025", "how many cheating FIRs in Udupi Town in 2025"),
        ),
        (
            "Jayanagar 2025 robberies - what percentage were undetected?",
            "share",
            ("how many Jayanagar 2025 robberies", "how many undetected Jayanagar 2025 robberies"),
        ),
        (
            "what percentage of burglaries in Rajajinagar this year are older than 3 months?",
            "share",
            (
                "how many burglaries in Rajajinagar this year",
                "how many burglaries in Rajajinagar this year registered before 2 September 2026",
            ),
        ),
        (
            "percentage change in snatchings in Malleshwaram from 2023 to 2025",
            "change",
            (
                "how many snatchings in Malleshwaram in 2023",
                "how many snatchings in Malleshwaram in 2025",
            ),
        ),
        (
            "ratio of house thefts to vehicle thefts in Mysuru city in 2024",
            "ratio",
            (
                "how many house thefts in Mysuru city in 2024",
                "how many vehicle thefts in Mysuru city in 2024",
            ),
        ),
        (
            "difference between Jayanagar and Basavanagudi robberies this year",
            "difference",
            (
                "how many robberies in Jayanagar this year",
                "how many robberies in Basavanagudi this year",
            ),
        ),
        (
            "average number of cheating cases per month in Udupi Town in 2025",
            "average",
            ("how many cheating cases in Udupi Town in 2025",),
        ),
        (
            "how long since the last dacoity was reported in Kundapura?",
            "since",
            ("latest dacoity was reported in Kundapura",),
        ),
        (
            "Udupi Town has 1,65,000 people; what was its burglary rate per lakh in 2025?",
            "rate",
            ("how many burglaries in Udupi Town in 2025",),
        ),
    ],
)
def test_records_arithmetic_is_split_into_records_questions(question, operation, questions):
    math = records_math(question, TODAY)
    assert math is not None
    assert (math.operation, math.questions) == (operation, questions)
    assert asks_records_arithmetic(question) or operation == "rate"


def test_average_per_month_counts_the_months_of_the_period() -> None:
    math = records_math("average FIRs per month in Lashkar in 2025", TODAY)
    assert math is not None and (math.unit, math.periods) == ("month", 12)
    weekly = records_math("average weekly snatchings in Jayanagar in November 2026", TODAY)
    assert weekly is not None
    assert (weekly.questions, weekly.unit, weekly.periods) == (
        ("how many snatchings in Jayanagar in November 2026",),
        "week",
        4,
    )


def test_a_population_stated_before_the_rate_names_the_place() -> None:
    math = records_math("Hebbal population is 3.2 lakh; its theft rate per lakh in 2025?", TODAY)
    assert math is not None and math.operation == "rate"
    assert math.questions == ("how many thefts in Hebbal in 2025",)
    assert math.population is not None and math.population.literal == "320000"


@pytest.mark.parametrize(
    "question",
    [
        "how many thefts in Whitefield in 2025",
        "If 12 of 40 thefts were solved, what percentage is that?",
        "list robberies in Jayanagar this year",
        "what percentage of the compensation goes to the victim's family",
        "how long since the last pay revision",
        "ratio of constables to head constables in the sanctioned strength",
    ],
)
def test_plain_counts_and_stated_numbers_are_not_records_arithmetic(question: str) -> None:
    assert records_math(question, TODAY) is None


def _records(counts: dict[str, object]):
    asked: list[str] = []

    async def lookup(question, officer, page):
        asked.append(question)
        for key, value in counts.items():
            if key in question:
                if isinstance(value, list):
                    return ToolOutput(text=f"{len(value)} record(s)", records=value)
                return ToolOutput(text=f"count: {value}", records=[{"FIRs": value}])
        return ToolOutput(text="I couldn't turn that into a records query.", ok=False)

    return lookup, asked


@pytest.mark.parametrize(
    ("question", "counts", "expected"),
    [
        (
            "percentage change in snatchings in Malleshwaram from 2024 to 2025",
            {"2024": 40, "2025": 30},
            "From 40 (2024) to 30 (2025) is a fall of 25%",
        ),
        (
            "ratio of house thefts to vehicle thefts in Mysuru city in 2024",
            {"house": 30, "vehicle": 12},
            "a ratio of 2.5 : 1",
        ),
        (
            "difference between Jayanagar and Basavanagudi robberies this year",
            {"Jayanagar": 7, "Basavanagudi": 11},
            "Basavanagudi has 4 more than Jayanagar (7 against 11",
        ),
        (
            "average number of cheating cases per month in Udupi Town in 2025",
            {"cheating": 30},
            "30 over 12 months is an average of 2.5 per month",
        ),
        (
            "Udupi Town has 1,50,000 people; what was its burglary rate per lakh in 2025?",
            {"burglaries": 6},
            "is 4 per 1,00,000 people",
        ),
        (
            "how many days since the last dacoity FIR in Kundapura?",
            {
                "dacoity": [
                    {"registered_at": "2026-11-22 10:00:00"},
                    {"registered_at": "2026-01-02"},
                ]
            },
            "10 days from Sunday, 22 November 2026 to Wednesday, 2 December 2026",
        ),
    ],
)
async def test_counts_are_combined_by_a_tool(question, counts, expected) -> None:
    lookup, asked = _records(counts)
    run = await run_loop(context_for(FallbackServices(records=lookup)), question)
    assert expected in run.result.answer
    tools = [n["tool"] for n in run.tool_notes]
    assert tools[-1] in ("calculator", "date_utility") and tools[:-1] == ["records"] * len(asked)
    assert not run.result.partial


async def test_a_count_the_records_service_refuses_is_said_and_nothing_is_computed() -> None:
    lookup, _ = _records({"2024": 40})
    run = await run_loop(
        context_for(FallbackServices(records=lookup)),
        "percentage change in snatchings in Malleshwaram from 2024 to 2025",
    )
    assert "I could not compute the result" in run.result.answer
    assert [n["tool"] for n in run.tool_notes] == ["records", "records"]


async def test_a_rate_without_a_population_asks_for_it() -> None:
    lookup, _ = _records({"theft": 42})
    run = await run_loop(
        context_for(FallbackServices(records=lookup)), "what is the theft rate in Whitefield"
    )
    assert "Records: count: 42" in run.result.answer
    assert "needs the population" in run.result.answer and run.result.partial
