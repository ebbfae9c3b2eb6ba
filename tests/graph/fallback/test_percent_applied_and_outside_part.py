"""A percentage applied to a stated amount (of it, on it, added, taken off, undone), a pace
per stated unit, a written-out product, and the records part of an outside-figure comparison."""

from __future__ import annotations

from datetime import date

import pytest

from graph.fallback.compute import computation
from graph.fallback.date_plan import date_call
from graph.fallback.expression import extract_expression
from graph.fallback.outside_part import outside_comparison


@pytest.mark.parametrize(
    ("question", "expression"),
    [
        ("18% GST on 2,40,000", "round(240000*18/100, 2)"),
        ("3 lakh ka 8 percent kitna hota hai", "round(300000*8/100, 2)"),
        ("2,000 dalli 15 percent eshtu", "round(2000*15/100, 2)"),
        ("increase 450 by 12%", "round(450*(100 + 12)/100, 2)"),
        ("what is 15% more than 3,600", "round(3600*(100 + 15)/100, 2)"),
        ("what's 30 percent less than 9,000", "round(9000*(100 - 30)/100, 2)"),
        ("12,000 se 25% kam kitna", "round(12000*(100 - 25)/100, 2)"),
        ("thefts rose 12% to 504, what was it before", "round(504*100/(100 + 12), 2)"),
        ("complaints fell 20% to 400; what were they earlier", "round(400*100/(100 - 20), 2)"),
    ],
)
def test_a_percentage_applied_to_a_stated_amount(question: str, expression: str) -> None:
    found = computation(question)
    assert found is not None
    assert found.expression == expression


def test_a_percentage_written_as_p_of_x_is_left_to_the_expression_reader() -> None:
    assert computation("what is 18% of 2,35,000") is None
    assert extract_expression("what is 18% of 2,35,000") == "18% of 2,35,000"


def test_the_sentence_says_which_way_the_amount_moved() -> None:
    raised = computation("raise 850 by 20 percent")
    undone = computation("thefts rose 12% to 504, what was it before")
    assert raised is not None and raised.sentence == "850 plus 20 percent is {value}."
    assert undone is not None and undone.sentence == "Before a rise of 12% to 504, it was {value}."


@pytest.mark.parametrize(
    ("question", "expression"),
    [
        ("patrol covered 350 km in 7 hours, per hour how much", "round(350/7, 2)"),
        ("1,800 challans over 12 weeks - each week?", "round(1800/12, 2)"),
    ],
)
def test_a_pace_per_the_unit_one_quantity_is_counted_in(question: str, expression: str) -> None:
    found = computation(question)
    assert found is not None and found.expression == expression


def test_multiply_by_is_a_product_and_divided_by_a_division() -> None:
    assert extract_expression("multiply 36 by 25") == "36 * 25"
    assert extract_expression("what is 2,35,000 divided by 47") == "2,35,000 / 47"


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        (
            "compare Whitefield thefts in 2025 with the national average",
            "how many Whitefield thefts in 2025",
        ),
        (
            "how does the robbery count in Mandya for 2025 compare to the state average",
            "how many robbery in Mandya for 2025",
        ),
    ],
)
def test_the_records_part_of_an_outside_comparison_is_counted(question: str, asked: str) -> None:
    math = outside_comparison(question)
    assert math is not None and math.operation == "count"
    assert math.questions == (asked,)


@pytest.mark.parametrize(
    "question",
    [
        "what is the all-India conviction rate for POCSO cases this year",
        "state figure from NCRB for cheating cases in Karnataka last year",
        "our detection rate is 62%, how does it compare with the national average",
    ],
)
def test_no_records_part_when_none_is_named_before_the_outside_figure(question: str) -> None:
    assert outside_comparison(question) is None


def test_in_n_days_is_the_span_of_a_pace_not_a_date_to_count_to() -> None:
    question = "120 cases in 30 days, how many per day"
    found = computation(question)
    assert date_call(question, date(2026, 12, 3)) is None
    assert found is not None and found.sentence == "120 over 30 is {value} cases per day."
    assert date_call("the report is due in 30 days, which date", date(2026, 12, 3)) is not None


@pytest.mark.parametrize(
    ("question", "expression"),
    [
        ("TDS @ 10% on 75,000, how much to deduct", "round(75000*10/100, 2)"),
        ("what is the discount if 25% off on 3,200", "round(3200*25/100, 2)"),
        ("25% discount on 3,200, what do I pay", "round(3200*(100 - 25)/100, 2)"),
    ],
)
def test_the_part_itself_when_asked_else_the_amount_after_it(question, expression) -> None:
    found = computation(question)
    assert found is not None and found.expression == expression


def test_a_daily_average_of_a_count_over_days_is_a_pace_not_a_mean() -> None:
    question = "450 challans in 15 days - daily average?"
    found = computation(question)
    assert found is not None and found.expression == "round(450/15, 2)"
    assert date_call(question, date(2026, 12, 3)) is None
