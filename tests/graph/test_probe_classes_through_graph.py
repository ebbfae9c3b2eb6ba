"""Failure classes of the rec5 probe list, through the whole graph and checked against the
database: a person's other FIRs after a pronoun, ranked dimensions named before their
measure, oldest-first lists, and grounded records questions the classifier would have sent
elsewhere."""

from __future__ import annotations

import pytest

from tests.graph.records_truth import OFFICER, rows, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_his_other_firs_are_the_visible_firs_naming_him(ask, demo_settings):
    records = demo_settings.records_path
    where, args = scope()
    fir, name = rows(
        records,
        f"SELECT f.fir_id, p.full_name FROM firs f JOIN persons p ON p.fir_id = f.fir_id "
        f"WHERE {where} AND p.role = 'complainant' AND p.is_juvenile = 0 "
        "AND f.sexual_offence = 0 AND (SELECT COUNT(*) FROM persons q WHERE q.fir_id = f.fir_id "
        "AND q.role = 'complainant') = 1 ORDER BY f.fir_id LIMIT 1",
        *args,
    )[0]
    expected = {
        r[0]
        for r in rows(
            records,
            f"SELECT f.fir_id FROM firs f JOIN persons p ON p.fir_id = f.fir_id WHERE {where} "
            "AND p.full_name = ? AND f.fir_id != ? AND NOT (p.is_juvenile = 1) "
            "AND NOT (p.role = 'victim' AND f.sexual_offence = 1)",
            *args,
            name,
            fir,
        )
    }
    chat = "rec5-other-firs"
    await ask(OFFICER, f"who is the complainant in {fir}", conversation_id=chat)
    response = await ask(OFFICER, "what other cases is he involved in", conversation_id=chat)
    assert response.route == "zcql"
    assert name in response.answer
    assert len(response.records) == len(expected)
    assert all(fir_id in str(response.records) for fir_id in expected)
    assert fir not in str(response.records)


async def test_the_five_ios_with_the_most_pending_cases(ask, demo_settings):
    where, args = scope()
    expected = [
        r[1]
        for r in rows(
            demo_settings.records_path,
            f"SELECT f.io_name, COUNT(*) AS n FROM firs f WHERE {where} "
            "AND f.status = 'Under Investigation' GROUP BY f.io_name ORDER BY n DESC, f.io_name "
            "LIMIT 5",
            *args,
        )
    ]
    response = await ask(OFFICER, "the five IOs with the most pending cases")
    assert response.route == "zcql"
    assert sorted(v for r in response.records for v in r.values() if isinstance(v, int)) == sorted(
        expected
    )


async def test_oldest_pending_cases_come_first(ask, demo_settings):
    where, args = scope()
    oldest = rows(
        demo_settings.records_path,
        f"SELECT f.fir_id FROM firs f WHERE {where} AND f.precinct_id = 'BLR-E-KRP' "
        "AND f.status = 'Under Investigation' ORDER BY f.registered_at LIMIT 1",
        *args,
    )[0][0]
    response = await ask(OFFICER, "oldest pending cases in KR Puram")
    assert response.route == "zcql"
    assert oldest in response.answer.split("\n")[1]


async def test_a_loose_festival_date_is_asked_about_on_the_records_route(ask):
    response = await ask(OFFICER, "chain snatching around Ugadi")
    assert response.route == "clarify"
    assert "week either side" in response.answer
