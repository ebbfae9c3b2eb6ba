"""Classes the fifth held-out set and the fall8 probes exposed, on the planner's readers:
Indian numbers said in parts ("2 lakh 40 thousand"), "how many A per / did each B" named by
either noun, a rate over the clause that names what is counted, differences between two
periods, shares "of all FIRs there" and "X, what % got Y", a festival's date asked for,
deadlines that "end" or "run out", Arnesh Kumar notices, and day-to-day prices asked in
Hinglish or Kanglish (only the web has them)."""

from __future__ import annotations

from datetime import date

import pytest

from graph.fallback.compute import computation
from graph.fallback.date_plan import asks_date_arithmetic, date_call
from graph.fallback.numbers import quantities
from graph.fallback.planner import PlannerInput, first_step
from graph.fallback.records_math import asks_records_arithmetic, records_math
from graph.fallback.web_need import asks_live_figure, live_figure_clause
from tools.agent.calculator import evaluate
from tools.legal_lookup import table_answer

TODAY = date(2026, 12, 3)


def _value(question: str) -> float:
    found = computation(question)
    assert found is not None, question
    return float(evaluate(found.expression))


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("2 lakh 40 thousand people", [240_000]),
        ("1 crore 20 lakh rupees and 35 cases", [12_000_000, 35]),
        ("2 lakh and 50 thousand", [250_000]),
        ("19.6 lakh and 842 thefts", [1_960_000, 842]),
        ("3 lakh 5 lakh", [300_000, 500_000]),
        ("5 lakh 80 lakh", [500_000, 8_000_000]),
    ],
)
def test_indian_numbers_said_in_parts_are_one_quantity(text, values) -> None:
    assert [float(q.value) for q in quantities(text)] == values


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("48 constables for 2 lakh 40 thousand people, how many people per constable", 5000),
        ("2,100 vehicles checked by 15 teams, how many vehicles did each team check", 140),
        ("a ward of 90,000 residents has 12 beat officers, how many residents per officer", 7500),
    ],
)
def test_how_many_a_per_b_divides_by_the_b(question, expected) -> None:
    assert _value(question) == pytest.approx(expected)


def test_a_pace_per_unit_of_time_is_not_a_share_out() -> None:
    found = computation("3 officers and 40 cases per month")
    assert found is None or "per month" not in found.sentence


@pytest.mark.parametrize(
    ("question", "counted", "population"),
    [
        (
            "Whitefield theft FIRs in 2025 per lakh population if the population is 4.2 lakh",
            "whitefield theft firs in 2025",
            420_000,
        ),
        (
            "chain snatching FIRs this year in my jurisdiction per lakh, population 9 lakh",
            "chain snatching firs this year in my jurisdiction",
            900_000,
        ),
    ],
)
def test_a_rate_counts_the_clause_that_names_the_records(question, counted, population) -> None:
    math = records_math(question, TODAY)
    assert math is not None and math.operation == "rate"
    assert counted in math.questions[0].lower()
    assert math.population is not None and math.population.value == population


@pytest.mark.parametrize(
    "question",
    [
        "how many more FIRs in 2025 than in 2024 at KR Puram, just the difference",
        "FIRs in 2025 versus 2024 at KR Puram, by how many do they differ",
    ],
)
def test_a_difference_between_two_periods_counts_the_same_things_in_each(question) -> None:
    math = records_math(question, TODAY)
    assert asks_records_arithmetic(question)
    assert math is not None and math.operation == "difference"
    first, second = (q.lower() for q in math.questions)
    assert "firs" in first and "firs" in second and "kr puram" in second
    assert {"2025" in first, "2024" in second} == {True}
    assert all("difference" not in q and "differ" not in q for q in (first, second))


def test_what_percent_of_all_firs_there_divides_by_every_fir_of_that_place() -> None:
    question = "how many robbery FIRs at Whitefield in 2025 and what percent of all FIRs there"
    math = records_math(question, TODAY)
    assert math is not None and math.operation == "share" and not math.unplaced
    whole, part = math.questions
    assert "robbery" not in whole.lower() and "whitefield" in whole.lower() and "2025" in whole
    assert "robbery" in part.lower()


def test_a_share_asked_after_a_comma_counts_the_clause_before_it() -> None:
    math = records_math("thefts at Indiranagar in 2025, what % got chargesheeted", TODAY)
    assert math is not None and math.operation == "share"
    assert math.questions == (
        "how many thefts at Indiranagar in 2025",
        "how many charge sheeted thefts at Indiranagar in 2025",
    )


@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("Deepavali 2027 kis date ko hai", "deepavali 2027"),
        ("when is Christmas 2027", "christmas 2027"),
    ],
)
def test_a_festivals_date_asked_for_is_looked_up(question, start) -> None:
    call = date_call(question, TODAY)
    assert call is not None and call.args == {"operation": "weekday", "start": start}


@pytest.mark.parametrize(
    ("question", "deadline"),
    [
        (
            "POCSO case registered 1 November 2026, the 2 month investigation time runs out on",
            "sexual_offence_investigation_2m",
        ),
        (
            "dowry harassment FIR lodged 3 December 2026, Arnesh Kumar notice deadline",
            "appearance_notice_14",
        ),
    ],
)
def test_statutory_deadlines_are_counted_by_their_rule(question, deadline) -> None:
    call = date_call(question, TODAY)
    assert call is not None and call.args["deadline"] == deadline


@pytest.mark.parametrize(
    "question",
    [
        "abhi Mangaluru mein sone ka bhav kitna hai, FIR ke liye",
        "ivattu Hubballi alli diesel dara eshtu",
    ],
)
def test_a_days_price_in_hinglish_or_kanglish_needs_the_web(question) -> None:
    assert asks_live_figure(question)
    query = PlannerInput(question=question, today=TODAY, web_configured=False)
    assert [c.name for c in first_step(query)] == ["web_search"]


def test_the_live_figure_clause_leaves_the_reason_out() -> None:
    clause = live_figure_clause("abhi Mangaluru mein sone ka bhav kitna hai, FIR ke liye")
    assert clause is not None and "FIR" not in clause


def test_an_offence_named_before_bns_section_is_looked_up() -> None:
    found = table_answer("extortion BNS section and punishment")
    assert found is not None and any("BNS 308" in s for s in found.sentences)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how much is 12.5 percent of 3 lakh 60 thousand", 45000),
        ("2 lakh plus 35 thousand", 235000),
    ],
)
def test_amounts_said_with_scale_words_are_whole_in_the_expression(question, expected) -> None:
    calls = first_step(PlannerInput(question=question, today=TODAY))
    assert [c.name for c in calls] == ["calculator"]
    assert float(evaluate(calls[0].args["expression"])) == pytest.approx(expected)


def test_a_festivals_date_asked_for_is_date_arithmetic_for_the_router() -> None:
    assert asks_date_arithmetic("when does Ugadi fall in 2027")
    assert not asks_date_arithmetic("when was the last Ugadi bandobast FIR registered")
