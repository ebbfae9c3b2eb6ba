"""Per-noun ratios, sums, "N days later" offsets, "latest" deadlines and "check online"."""

from __future__ import annotations

from datetime import date

import pytest

from graph.fallback.calls import PlannerInput
from graph.fallback.compute import computation
from graph.fallback.date_plan import date_call
from graph.fallback.planner import first_step

TODAY = date(2026, 5, 20)


@pytest.mark.parametrize(
    ("question", "expression"),
    [
        ("60 FIRs handled by 12 officers, FIRs per officer?", "round(60/12, 2)"),
        ("5 vans and 85 patrol calls - calls for every van", "round(85/5, 2)"),
        ("Rs 9,00,000 stolen across 30 thefts: loss per theft", "round(900000/30, 2)"),
        ("ward of 4 beats and 2,000 houses; houses per beat", "round(2000/4, 2)"),
        ("sum of 12, 30 and 8 seizures", "12 + 30 + 8"),
    ],
)
def test_per_noun_ratio_divides_by_the_quantity_named_after_per(question, expression):
    found = computation(question)
    assert found is not None
    assert found.expression == expression


@pytest.mark.parametrize(
    "question",
    [
        "3 officers and 40 cases per month",  # nothing is named like "month"
        "theft rate per lakh: 50 thefts, 2,00,000 people",  # a rate, not a per-noun ratio
    ],
)
def test_per_noun_needs_a_quantity_named_like_the_divisor(question):
    found = computation(question)
    assert found is None or "per month" not in found.sentence


def test_days_later_is_an_offset_from_the_stated_date():
    call = date_call("seized on 10 Jan 2026; which date falls 45 days later", TODAY)
    assert call is not None
    assert call.args == {"operation": "add_days", "start": "2026-01-10", "days": 45}


def test_latest_time_for_production_is_the_24_hour_deadline():
    call = date_call(
        "man arrested at 9 pm on 4 May 2026, latest he can reach the magistrate", TODAY
    )
    assert call is not None
    assert call.args["deadline"] == "production_24h"
    assert call.args["time"] == "9 pm"


def test_asking_to_check_online_plans_web_search_even_when_unconfigured():
    query = PlannerInput(
        question="did the high court stay the notification yesterday? look it up online",
        today=TODAY,
        web_configured=False,
        knowledge_configured=True,
        has_images=False,
    )
    assert any(call.name == "web_search" for call in first_step(query))
