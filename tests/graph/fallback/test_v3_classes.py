"""Worded arithmetic classes: mixed weight units, "how many are still ...", clock-time spans,
"per 100k" bases, per-head splits; records arithmetic asked "later year over earlier", as a
rate per 100,000 with a stated population, or as a share "among all"; day-to-day figures."""

from __future__ import annotations

from datetime import date

import pytest

from graph.fallback.compute import computation
from graph.fallback.numbers import quantities, rate_base
from graph.fallback.records_math import records_math
from graph.fallback.web_need import asks_live_figure
from tools.agent.calculator import evaluate

TODAY = date(2026, 11, 20)


def _value(question: str) -> float:
    found = computation(question)
    assert found is not None, question
    return float(evaluate(found.expression))


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("1.5 kg of opium recovered, 300 g sent to the lab: what percentage went", 20.0),
        ("of 4 kg heroin, 500 grams was destroyed - share destroyed in percent", 12.5),
        ("a lot of 2 tonnes, 250 kg released; what percent is released", 12.5),
    ],
)
def test_weights_in_different_units_are_compared_in_one_unit(question, expected) -> None:
    assert _value(question) == pytest.approx(expected)


def test_weights_in_one_unit_keep_their_numbers() -> None:
    assert [q.value for q in quantities("12 kg and 3 kg of ganja")] == [12, 3]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Rs 9,60,000 taken in the dacoity, Rs 2,10,000 traced; how much is still missing", 750000),
        ("41 suspects listed, 29 picked up; how many remain to be caught", 12),
        ("120 summons issued and 85 served, how many are left", 35),
    ],
)
def test_how_many_are_still_left_is_a_difference(question, expected) -> None:
    assert _value(question) == pytest.approx(expected)


def test_a_share_of_the_rest_is_still_a_percentage() -> None:
    found = computation("of 80 complaints 20 were closed, what percentage remains open")
    assert found is not None and "%" in found.sentence


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("nakabandi from 07:50 to 13:15, how many minutes was that", 325),
        ("night round 22:30 to 04:10: how many minutes long", 340),
        ("court duty 10.15 am to 4.45 pm, how many hours", 6.5),
    ],
)
def test_the_span_between_two_clock_times(question, expected) -> None:
    assert _value(question) == pytest.approx(expected)


def test_clock_times_without_a_span_asked_are_not_computed() -> None:
    assert computation("the raid began at 06:40 and ended at 09:00") is None


def test_a_rate_per_100k_reads_the_base_not_a_third_number() -> None:
    assert rate_base("42 burglaries among 3,50,000 people, rate per 100k") is not None
    assert _value("42 burglaries among 3,50,000 people, rate per 100k") == pytest.approx(12)


def test_per_head_split_matches_an_acronym_plural() -> None:
    assert _value("480 summons handled by 8 PSIs, summons per PSI") == pytest.approx(60)


def test_a_later_year_over_an_earlier_one_is_a_change_from_the_earlier() -> None:
    math = records_math("percentage change in burglaries in Mysuru City, 2026 over 2025", TODAY)
    assert math is not None and math.operation == "change"
    assert math.labels == ("2025", "2026")
    assert math.questions[0].endswith("in 2025") and math.questions[1].endswith("in 2026")


def test_a_rate_per_100000_with_a_stated_population_is_one_count() -> None:
    math = records_math("Udupi district has some 12 lakh people: thefts per 100,000 in 2025", TODAY)
    assert math is not None and math.operation == "rate"
    assert math.population is not None and math.population.value == 1_200_000
    assert math.questions == ("how many thefts in Udupi district in 2025",)


def test_a_share_among_all_names_the_part_first() -> None:
    math = records_math("share of zero FIRs among all Mysuru City FIRs in 2025, in percent", TODAY)
    assert math is not None and math.operation == "share"
    assert "percent" not in math.questions[0]
    assert math.labels == ("all", "zero FIR")


def test_ratio_sides_that_describe_the_things_counted_come_before_the_noun() -> None:
    math = records_math("ratio of solved to unsolved robberies in 2025", TODAY)
    assert math is not None
    assert math.questions[0].startswith("how many solved robberies")
    assert math.questions[1].startswith("how many unsolved robberies")


@pytest.mark.parametrize(
    ("question", "live"),
    [
        ("what is the gold rate today", True),
        ("current diesel price in Hubballi", True),
        ("what is the current status of FIR 12", False),
        ("theft rate in my district this year", False),
    ],
)
def test_a_figure_that_changes_day_to_day_needs_the_web(question, live) -> None:
    assert asks_live_figure(question) is live


@pytest.mark.parametrize(
    ("question", "key", "due"),
    [
        (
            "dowry harassment FIR instituted on 4 October 2026: by when must the 41A notice go out",
            "appearance_notice_14",
            date(2026, 10, 18),
        ),
        (
            "girl missing since 10 June 2026, not yet traced; what date is it handed to the AHTU",
            "missing_child_ahtu_4m",
            date(2026, 10, 10),
        ),
    ],
)
def test_notice_and_ahtu_deadlines_are_counted_from_the_stated_date(question, key, due) -> None:
    from graph.fallback.date_plan import date_call
    from tools.agent.deadlines import DEADLINES, due_date

    call = date_call(question, TODAY)
    assert call is not None and call.args["deadline"] == key
    assert due_date(DEADLINES[key], date.fromisoformat(call.args["start"])) == due


def test_a_day_to_day_figure_is_searched_on_the_web_and_not_in_the_sops() -> None:
    from graph.fallback.planner import PlannerInput, first_step

    query = PlannerInput("what is the silver price as of today", TODAY, knowledge_configured=True)
    assert [c.name for c in first_step(query)] == ["web_search"]


def test_stolen_set_against_recovered_counts_those_not_yet_recovered() -> None:
    math = records_math("ratio of stolen to recovered bikes in FIRs of 2025", TODAY)
    assert math is not None and math.labels == ("stolen", "recovered")
    assert math.questions[0].startswith("how many still stolen bikes")
