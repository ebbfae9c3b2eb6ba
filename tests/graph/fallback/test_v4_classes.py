"""Arithmetic classes the fourth held-out set exposed: a decimal weight that looks like a
clock time, what is left of an amount ("balance", Hinglish "kitna bacha"), a bare "gap"
between two stated counts, a rate "per hundred thousand"; records arithmetic asked as a
change between two years named after the topic, "how many more <thing> did A have than B",
and a rate whose place opens the question; the final-report period counted from a remand."""

from __future__ import annotations

from datetime import date

import pytest

from graph.fallback.compute import computation
from graph.fallback.date_plan import date_call
from graph.fallback.numbers import quantities, rate_base
from graph.fallback.records_math import asks_records_arithmetic, records_math
from tools.agent.calculator import evaluate

TODAY = date(2026, 11, 20)


def _value(question: str) -> float:
    found = computation(question)
    assert found is not None, question
    return float(evaluate(found.expression))


def test_a_decimal_weight_is_a_quantity_not_a_clock_time() -> None:
    found = quantities("4.75 kg of ganja and 1.20 kg of charas")
    assert [float(q.value) for q in found] == [4.75, 1.2]


def test_a_bare_dotted_time_is_still_not_a_quantity() -> None:
    assert quantities("the shop was broken into at 11.45 last night") == []


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("recovered 6.50 kg of ganja, 1.25 kg sent for sampling - kitna baaki hai", 5.25),
        ("Rs 3,40,000 siphoned off, 1,15,000 frozen in the bank; balance?", 225000),
        ("the complainant lost 75,000 and got 20,000 back, what's left to recover", 55000),
        ("Jayanagar 312 cases vs Banashankari 287 cases - gap?", 25),
        ("Hebbal 140 FIRs, Yelahanka 95 FIRs: kitne zyada Hebbal mein", 45),
    ],
)
def test_what_is_left_or_the_gap_is_a_difference(question, expected) -> None:
    assert _value(question) == pytest.approx(expected)


def test_per_hundred_thousand_is_a_rate_base() -> None:
    assert rate_base("what is it per hundred thousand") == (100_000, "per hundred thousand")
    question = "a town of 40,000 residents had 18 burglaries; per hundred thousand?"
    assert _value(question) == pytest.approx(45.0)


def test_a_change_between_two_years_named_after_the_topic_counts_both_years() -> None:
    math = records_math("percentage change in Hassan robberies, 2024 to 2025", TODAY)
    assert math is not None and math.operation == "change"
    assert all("robberies" in q.lower() and "hassan" in q.lower() for q in math.questions)
    assert ["2024" in math.questions[0], "2025" in math.questions[1]] == [True, True]


def test_how_many_more_of_a_thing_counts_that_thing_on_both_sides() -> None:
    question = "how many more chain snatchings did Jayanagar have than Basavanagudi in 2025"
    math = records_math(question, TODAY)
    assert asks_records_arithmetic(question)
    assert math is not None and math.operation == "difference"
    first, second = math.questions
    assert "jayanagar" in first.lower() and "basavanagudi" in second.lower()
    assert all("chain snatchings" in q and "2025" in q for q in math.questions)


def test_a_rate_whose_place_opens_the_question_counts_in_that_place() -> None:
    question = "Mandya 2025 thefts per lakh people if the population is 18 lakh"
    math = records_math(question, TODAY)
    assert math is not None and math.operation == "rate"
    assert "mandya" in math.questions[0].lower()
    assert math.population is not None and math.population.value == 1_800_000


def test_a_limit_counted_from_the_first_remand_is_the_final_report_period() -> None:
    call = date_call("dacoity accused first remanded on 2 March 2026, 60-day limit ends?", TODAY)
    assert call is not None
    assert call.args.get("deadline") == "chargesheet_60"


@pytest.mark.parametrize(
    "question", ["Diwali 2027 tak kitne din bache hai", "Ugadi 2027 ge innu eshtu dina ide"]
)
def test_days_to_a_festival_asked_in_hinglish_or_kannada_is_a_date_difference(question) -> None:
    call = date_call(question, TODAY)
    assert call is not None and call.args["operation"] == "difference"
    assert call.args["start"] == "today"
