"""Trust audit of negation and exclusion words, through the whole graph: a question with
"not", "no", "except", "excluding", "other than", "without", "nahi", "illa" or "bina" is
answered with the negation applied (checked against the database), or the officer is told
which part could not be used; it is never answered as the un-negated question."""

from __future__ import annotations

import re

import pytest

from tests.graph.records_truth import OFFICER, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")

_THIS_YEAR = "f.registered_at >= '2026-01-01'"


def _count_of(answer: str) -> int:
    return int(answer.rstrip(".").rsplit(":", 1)[1].strip())


def _truth(settings, condition: str) -> int:
    where, args = scope()
    return scalar(
        settings.records_path, f"SELECT COUNT(*) FROM firs f WHERE {where} AND {condition}", *args
    )


@pytest.mark.parametrize(
    "question",
    [
        "how many theft cases not yet charge sheeted this year",
        "theft FIRs this year without chargesheet - count",
        "is saal chori ke kitne case jinka charge sheet nahi hua",
        "ee varsha theft case eshtu chargesheet aagilla",
    ],
)
async def test_a_status_ruled_out_is_a_not_equal_filter(ask, demo_settings, question):
    truth = _truth(
        demo_settings,
        f"f.crime_group = 'THEFT' AND f.status != 'Charge Sheeted' AND {_THIS_YEAR}",
    )
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert "not charge sheeted" in response.answer
    assert _count_of(response.answer) == truth


@pytest.mark.parametrize(
    "question",
    [
        "how many FIRs this year excluding Whitefield",
        "count of cases this year in my stations except Whitefield PS",
        "FIRs registered this year other than Whitefield, how many",
    ],
)
async def test_a_station_ruled_out_leaves_the_scope(ask, demo_settings, question):
    truth = _truth(demo_settings, f"f.precinct_id != 'BLR-E-WFD' AND {_THIS_YEAR}")
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert "excluding Whitefield PS" in response.answer
    assert _count_of(response.answer) == truth


@pytest.mark.parametrize(
    "question",
    [
        "how many cases in KR Puram this year other than theft",
        "KR Puram FIRs this year apart from thefts - count",
        "count KR Puram cases this year excluding theft",
    ],
)
async def test_a_crime_ruled_out_is_a_not_equal_filter(ask, demo_settings, question):
    truth = _truth(
        demo_settings,
        f"f.precinct_id = 'BLR-E-KRP' AND f.crime_group != 'THEFT' AND {_THIS_YEAR}",
    )
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert "other than theft" in response.answer
    assert _count_of(response.answer) == truth


@pytest.mark.parametrize(
    "question",
    [
        "robbery FIRs where no one has been arrested",
        "list robbery cases with nobody arrested so far",
        "robbery cases bina arrest ke dikhao",
    ],
)
async def test_no_arrest_keeps_only_firs_without_an_arrest(ask, demo_settings, question):
    truth = _truth(
        demo_settings,
        "f.crime_group = 'ROBBERY' AND f.accused_count > 0 AND f.arrested_count = 0",
    )
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert "none arrested" in response.answer
    assert len(response.records) == truth


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("theft cases this year with no accused named", "'no accused named'"),
        ("robbery this year not reported by the victim", "'not reported by'"),
        ("how many cases this year not involving juveniles", "'not involving juveniles'"),
        ("thefts this year in Whitefield, not needed for the report", "'not needed"),
        ("Writer sahab, not urgent: Whitefield thefts this year", "'not urgent"),
        ("KR Puram theft count this year - not for the DCP", "'not for the"),
        ("not for the DCP: robbery count in Whitefield this year", "'not"),
    ],
)
async def test_a_negation_no_reading_applies_is_asked_about(ask, question, words):
    response = await ask(OFFICER, question)
    assert response.route == "clarify", response.answer
    assert f"I could not use {words}" in response.answer
    assert not re.search(r":\s*\d+\.?$", response.answer)
    assert not response.records


async def test_or_not_closing_a_question_is_not_a_negation(ask):
    response = await ask(OFFICER, "has the accused in FIR-2026-04275 been arrested or not")
    assert "could not use 'not" not in response.answer
