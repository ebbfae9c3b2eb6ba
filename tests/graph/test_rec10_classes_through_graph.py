"""Failure classes of the rec10 probe list (`tests/tools/text2zcql/data/rec10_probes.jsonl`),
through the whole graph and checked against the database: a number no reading takes is asked
about (no number is given for a different question); numbers a reading takes (a top-N, an age,
"4 wheeler", "my 4 stations") are answered; a list of years is compared over exactly those
years."""

from __future__ import annotations

import re

import pytest

from tests.graph.records_truth import OFFICER, rows, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")


def _count_of(answer: str) -> int:
    return int(answer.rstrip(".").rsplit(":", 1)[1].strip())


@pytest.mark.parametrize(
    ("question", "number"),
    [
        ("Whitefield robbery 2025 19", "'19'"),
        ("theft cases in KR Puram with 3 accused in 2025", "'3'"),
        ("FIRs with 2 knives seized in Indiranagar", "'2'"),
    ],
)
async def test_a_number_no_reading_takes_is_asked_about(ask, question, number):
    response = await ask(OFFICER, question)
    assert response.route == "clarify"
    assert number in response.answer
    assert not re.search(r":\s*\d+\.?$", response.answer)
    assert not response.records


async def test_a_four_wheeler_theft_count_is_the_head_not_all_thefts(ask, demo_settings):
    where, args = scope()
    truth = scalar(
        demo_settings.records_path,
        f"SELECT COUNT(*) FROM firs f WHERE {where} AND f.crime_head = 'FOUR-WHEELER THEFT' "
        "AND f.registered_at >= '2025-01-01' AND f.registered_at < '2026-01-01'",
        *args,
    )
    response = await ask(OFFICER, "how many 4 wheeler thefts in my stations in 2025")
    assert response.route == "zcql"
    assert _count_of(response.answer) == truth


async def test_the_callers_own_station_count_is_their_area(ask, demo_settings):
    where, args = scope()
    truth = rows(
        demo_settings.records_path,
        f"SELECT f.precinct_id, COUNT(*) FROM firs f WHERE {where} AND f.crime_group = 'THEFT' "
        "AND f.registered_at >= '2025-01-01' AND f.registered_at < '2026-01-01' "
        "GROUP BY f.precinct_id",
        *args,
    )
    response = await ask(OFFICER, "station wise theft in 2025 for all my 4 stations")
    assert response.route == "zcql"
    for _, n in truth:
        assert f": {n}" in response.answer
    wrong = await ask(OFFICER, "station wise theft in 2025 for all my 7 stations")
    assert wrong.route == "clarify" and "'7'" in wrong.answer


async def test_a_list_of_years_is_counted_for_exactly_those_years(ask, demo_settings):
    where, args = scope()
    truth = dict(
        rows(
            demo_settings.records_path,
            f"SELECT substr(f.registered_at, 1, 4), COUNT(*) FROM firs f WHERE {where} "
            "AND f.crime_group = 'THEFT' AND substr(f.registered_at, 1, 4) IN ('2023', '2025') "
            "GROUP BY 1",
            *args,
        )
    )
    response = await ask(OFFICER, "theft 2023 2025 yearwise in my stations")
    assert response.route == "zcql"
    for year in ("2023", "2025"):
        assert f"{year}: {truth.get(year, 0)}" in response.answer
    assert "2024:" not in response.answer


async def test_an_age_bound_is_still_read(ask, demo_settings):
    where, args = scope()
    truth = scalar(
        demo_settings.records_path,
        f"SELECT COUNT(*) FROM persons p JOIN firs f ON f.fir_id = p.fir_id WHERE {where} "
        "AND p.role = 'accused' AND p.age > 40 AND f.crime_group = 'THEFT'",
        *args,
    )
    response = await ask(OFFICER, "how many accused above 40 in theft FIRs")
    assert response.route == "zcql"
    assert _count_of(response.answer) == truth


async def test_how_many_firs_to_list_is_the_lists_size(ask, demo_settings):
    where, args = scope()
    latest = [
        r[0]
        for r in rows(
            demo_settings.records_path,
            f"SELECT f.fir_id FROM firs f WHERE {where} AND f.crime_group = 'THEFT' "
            "ORDER BY f.registered_at DESC LIMIT 4",
            *args,
        )
    ]
    response = await ask(OFFICER, "show 4 thefts in my stations")
    assert response.route == "zcql"
    assert sorted(r["fir_id"] for r in response.records) == sorted(latest)
