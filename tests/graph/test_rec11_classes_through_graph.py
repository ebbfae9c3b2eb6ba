"""Residual failure classes after the v6 review, through the whole graph and checked against
the database: officer wording that names something the records hold is read (abbreviations,
Hinglish and Kanglish, festival names in Hindi and Kannada, ranges, bounds on accused), and
what no query can filter (a time of day) is asked about by name, never dropped. Phrasings here
are not those of any evaluation set."""

from __future__ import annotations

import re

import pytest

from tests.graph.records_truth import OFFICER, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")


def _count_of(answer: str) -> int:
    return int(answer.rstrip(".").rsplit(":", 1)[1].strip())


def _truth(settings, condition: str, badge: str = OFFICER) -> int:
    where, args = scope(badge)
    return scalar(
        settings.records_path, f"SELECT COUNT(*) FROM firs f WHERE {where} AND {condition}", *args
    )


_2025 = "f.registered_at >= '2025-01-01' AND f.registered_at < '2026-01-01'"


@pytest.mark.parametrize(
    "question",
    [
        "robbery count Bengaluru East dist 2025",
        "Bengaluru East distt me 2025 ki robbery kitni",
        "Bengaluru East side robbery FIRs in 2025 - total",
    ],
)
async def test_district_abbreviations_and_side_name_the_district(ask, demo_settings, question):
    truth = _truth(demo_settings, f"f.crime_group = 'ROBBERY' AND {_2025}")
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert _count_of(response.answer) == truth


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("KR Puram me gantantra diwas 2026 ko kitne FIR", "2026-01-26", "2026-01-27"),
        ("FIRs on swatantrya dina 2025 in KR Puram, how many", "2025-08-15", "2025-08-16"),
        ("Ganapati habba 2025 - KR Puram FIR count", "2025-08-27", "2025-08-28"),
        ("KR Puram FIRs 2024 se 2025 tak kitne", "2024-01-01", "2026-01-01"),
        ("KR Puram FIR total Aug-Oct 2026", "2026-08-01", "2026-11-01"),
        ("from 2025 onwards how many FIRs in KR Puram", "2025-01-01", "2026-12-04"),
        (
            "KR Puram FIRs after Deepavali 2025 (Deepavali day included), how many",
            "2025-10-20",
            "2026-12-04",
        ),
        ("count KR Puram FIRs since Diwali 2025, Diwali included", "2025-10-20", "2026-12-04"),
        ("KR Puram FIR count 2025 Q2 to Q3", "2025-04-01", "2025-10-01"),
    ],
)
async def test_named_days_and_ranges_are_the_days_said(ask, demo_settings, question, start, end):
    dated = f"f.registered_at >= '{start}' AND f.registered_at < '{end}'"
    truth = _truth(demo_settings, f"f.precinct_id = 'BLR-E-KRP' AND {dated}")
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert _count_of(response.answer) == truth


@pytest.mark.parametrize(
    "question",
    [
        "KR Puram cases in 2025 broken down by status",
        "KR Puram 2025 FIRs, status-wise break up",
    ],
)
async def test_broken_down_by_is_a_breakdown(ask, question):
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert "counted by status" in response.answer


@pytest.mark.parametrize(
    ("question", "condition"),
    [
        ("how many FIRs in KR Puram with more than 2 accused in 2025", "f.accused_count > 2"),
        ("KR Puram 2025 cases having 2 or more victims - count", "f.victim_count >= 2"),
        ("count of 2025 KR Puram FIRs with at least one arrest", "f.arrested_count >= 1"),
    ],
)
async def test_a_bound_on_accused_victims_or_arrests_filters_the_firs(
    ask, demo_settings, question, condition
):
    truth = _truth(demo_settings, f"f.precinct_id = 'BLR-E-KRP' AND {condition} AND {_2025}")
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert _count_of(response.answer) == truth


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("mobile thefts late night in KR Puram this year", "late night"),
        ("how many snatchings before 9 am in Whitefield in 2025", "before 9 am"),
        ("KR Puram me shaam ko kitni chori hui is saal", "shaam"),
    ],
)
async def test_a_time_of_day_is_asked_about_by_name(ask, question, words):
    response = await ask(OFFICER, question)
    assert response.route == "clarify", response.answer
    assert f"I could not use '{words}'" in response.answer
    assert not re.search(r":\s*\d+\.?$", response.answer)


async def test_a_night_named_by_its_date_is_that_date(ask, demo_settings):
    truth = _truth(
        demo_settings,
        "f.precinct_id = 'BLR-E-KRP' AND f.registered_at >= '2025-12-31' "
        "AND f.registered_at < '2026-01-01'",
    )
    response = await ask(OFFICER, "KR Puram FIRs on 31 December 2025 night, how many")
    assert response.route == "zcql", response.answer
    assert _count_of(response.answer) == truth


@pytest.mark.parametrize(
    "question",
    [
        "robbery count for 2025, needed for the KR Puram PS crime meeting",
        "how many robberies in 2025 - keep ready for the KR Puram station review",
        "robbery FIR total 2025 for the ACP's KR Puram visit",
    ],
)
async def test_a_purpose_clause_naming_only_a_station_scopes_to_it(ask, demo_settings, question):
    truth = _truth(
        demo_settings, f"f.precinct_id = 'BLR-E-KRP' AND f.crime_group = 'ROBBERY' AND {_2025}"
    )
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert "in KR Puram PS" in response.answer and "set aside" in response.answer
    assert _count_of(response.answer) == truth


@pytest.mark.parametrize(
    "question",
    [
        "Whitefield robbery count 2025, needed for the KR Puram review",
        "robbery count 2025 for the KR Puram theft meeting",
    ],
)
async def test_a_purpose_clause_is_no_scope_when_it_names_more(ask, question):
    response = await ask(OFFICER, question)
    assert response.route == "clarify", response.answer
    assert not re.search(r":\s*\d+\.?$", response.answer)


@pytest.mark.parametrize(
    ("question", "number"),
    [
        ("whose number is 9845012345 - any FIRs", "9845012345"),
        ("FIRs where the complainant's mobile is +91 98450 12345", "+91 98450 12345"),
    ],
)
async def test_a_look_up_by_phone_is_asked_about_precisely(ask, question, number):
    response = await ask(OFFICER, question)
    assert response.route != "zcql", response.answer
    assert f"I could not use '{number}': I do not look FIRs or persons up by phone" in (
        response.answer
    )
    assert not response.records
