"""Failure classes of the rec9 probe list (`tests/tools/text2zcql/data/rec9_probes.jsonl`),
through the whole graph and checked against the database: words that frame a question
("poora saal", "sab milake", "both") are not filters; an IO named by surname and rank; a bare
IO surname asked about; two crimes compared; vehicles by plural kind and by colour; FIR
numbers without a year in Hinglish word order; a station outside the district also named; a
write request; "how many accused and their names"."""

from __future__ import annotations

import re

import pytest

from tests.graph.records_truth import OFFICER, rows, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")


def _count_of(answer: str) -> int:
    return int(answer.rstrip(".").rsplit(":", 1)[1].strip())


async def test_framing_words_are_not_filters(ask, demo_settings):
    where, args = scope()
    truth = scalar(
        demo_settings.records_path,
        f"SELECT COUNT(*) FROM firs f WHERE {where} AND f.precinct_id = 'BLR-E-MHD' "
        "AND f.crime_group = 'THEFT' AND f.registered_at >= '2025-01-01' "
        "AND f.registered_at < '2026-01-01'",
        *args,
    )
    response = await ask(
        OFFICER, "Mahadevapura mein poora saal 2025 ke chori ke kitne mamle darj hue, sab milake"
    )
    assert response.route == "zcql"
    assert _count_of(response.answer) == truth


async def test_an_io_named_by_surname_and_rank(ask, demo_settings):
    where, args = scope()
    truth = scalar(
        demo_settings.records_path,
        f"SELECT COUNT(*) FROM firs f WHERE {where} AND f.io_name = 'T. Santosh (PI)' "
        "AND f.registered_at >= '2025-01-01' AND f.registered_at < '2026-01-01'",
        *args,
    )
    response = await ask(OFFICER, "Santosh PI 2025 cases count")
    assert response.route == "zcql"
    assert "T. Santosh (PI)" in response.answer
    assert _count_of(response.answer) == truth


async def test_a_bare_io_surname_is_asked_about_with_the_ios_it_could_be(ask):
    response = await ask(OFFICER, "Pasha pending files count")
    assert response.route == "clarify"
    assert "C. Pasha (HC)" in response.answer and "S. Pasha (PSI)" in response.answer


async def test_two_crimes_are_compared_side_by_side(ask, demo_settings):
    where, args = scope()
    truth = dict(
        rows(
            demo_settings.records_path,
            f"SELECT f.crime_head, COUNT(*) FROM firs f WHERE {where} "
            "AND f.crime_head IN ('HOUSE THEFT', 'MOBILE PHONE THEFT') "
            "AND f.registered_at >= '2025-01-01' AND f.registered_at < '2026-01-01' "
            "GROUP BY f.crime_head",
            *args,
        )
    )
    response = await ask(OFFICER, "house theft versus mobile phone theft in my stations 2025")
    assert response.route == "zcql"
    for head in ("HOUSE THEFT", "MOBILE PHONE THEFT"):
        assert f"{head}: {truth.get(head, 0)}" in response.answer


async def test_vehicles_by_a_plural_kind_and_by_colour(ask, demo_settings):
    where, args = scope()
    lorries = scalar(
        demo_settings.records_path,
        f"SELECT COUNT(*) FROM vehicles v JOIN firs f ON f.fir_id = v.fir_id WHERE {where} "
        "AND v.vehicle_type = 'Lorry' AND v.status = 'Involved'",
        *args,
    )
    response = await ask(OFFICER, "how many lorries were involved in FIRs of my stations")
    assert response.route == "zcql"
    assert _count_of(response.answer) == lorries
    colours = rows(
        demo_settings.records_path,
        f"SELECT v.colour, COUNT(*) FROM vehicles v JOIN firs f ON f.fir_id = v.fir_id "
        f"WHERE {where} AND v.vehicle_type = 'Two-wheeler' AND v.status = 'Stolen' "
        "GROUP BY v.colour",
        *args,
    )
    response = await ask(OFFICER, "colour wise two wheelers still not recovered")
    assert response.route == "zcql"
    for colour, n in colours:
        assert f"{colour}: {n}" in response.answer


async def test_an_fir_number_before_the_word_fir_is_looked_up(ask, demo_settings):
    where, args = scope()
    found = rows(
        demo_settings.records_path,
        f"SELECT substr(f.fir_id, 10), MIN(f.fir_id), MIN(f.status) FROM firs f WHERE {where} "
        "GROUP BY substr(f.fir_id, 10) HAVING COUNT(*) = 1 ORDER BY 1 LIMIT 1",
        *args,
    )
    serial, fir_id, status = found[0]
    response = await ask(OFFICER, f"{int(serial)} FIR ka status batao")
    assert response.route == "zcql"
    assert fir_id in response.answer and status in response.answer


async def test_a_station_outside_the_district_named_is_asked_about(ask):
    response = await ask(OFFICER, "KR Puram theft count in Mandya district")
    assert response.route == "clarify"
    assert "KR Puram PS" in response.answer and "Mandya" in response.answer
    assert not re.search(r":\s*\d+\.?$", response.answer)


async def test_adding_a_person_to_an_fir_is_refused(ask):
    response = await ask(OFFICER, "add one more accused named Ravi in FIR-2026-00471")
    assert "I can only read records" in response.answer


async def test_how_many_accused_and_their_names_lists_them(ask, demo_settings):
    where, args = scope()
    fir_id = rows(
        demo_settings.records_path,
        f"SELECT p.fir_id FROM persons p JOIN firs f ON f.fir_id = p.fir_id WHERE {where} "
        "AND p.role = 'accused' AND p.is_juvenile = 0 AND f.sexual_offence = 0 "
        "GROUP BY p.fir_id HAVING COUNT(*) = 2 ORDER BY p.fir_id LIMIT 1",
        *args,
    )[0][0]
    names = [
        r[0]
        for r in rows(
            demo_settings.records_path,
            "SELECT full_name FROM persons WHERE fir_id = ? AND role = 'accused'",
            fir_id,
        )
    ]
    response = await ask(OFFICER, f"{fir_id} mein kitne accused hain, unke naam bhi batao")
    assert response.route == "zcql"
    assert "2 record(s)" in response.answer
    for name in names:
        assert name in response.answer


async def test_a_landmark_of_several_words_is_asked_about_on_the_records_route(ask):
    response = await ask(OFFICER, "robbery near the old railway goods shed")
    assert response.route == "clarify"
    assert "Which place do you mean" in response.answer
