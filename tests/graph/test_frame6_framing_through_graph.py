"""Framing words through the whole graph, checked against the database: an addressee, a
handover heading, a senior officer's purpose and a reply instruction are set aside and the
answer says so; a purpose clause naming a station is not set aside (its other words are asked
about); a leading clause outside the closed classes is asked about, never dropped."""

from __future__ import annotations

import pytest

from tests.graph.records_truth import OFFICER, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")

YEAR_2025 = "f.registered_at >= '2025-01-01' AND f.registered_at < '2026-01-01'"


def _count_of(answer: str) -> int:
    return int(answer.rstrip(".").rsplit(":", 1)[1].strip())


def _robbery_2025(records: object, station: str | None = None) -> int:
    where, args = scope()
    at = f" AND f.precinct_id = '{station}'" if station else ""
    return scalar(
        records,
        f"SELECT COUNT(*) FROM firs f WHERE {where} AND f.crime_group = 'ROBBERY' "
        f"AND {YEAR_2025}{at}",
        *args,
    )


async def test_addressee_and_reply_instruction_are_set_aside_and_stated(ask, demo_settings):
    response = await ask(
        OFFICER, "Duty officer, how many robbery FIRs in Whitefield in 2025. Reply in group"
    )
    assert response.route == "zcql"
    assert "set aside: 'Duty officer', 'Reply in group'" in response.answer
    assert _count_of(response.answer) == _robbery_2025(demo_settings.records_path, "BLR-E-WFD")


async def test_handover_heading_and_senior_officers_purpose_are_set_aside(ask, demo_settings):
    response = await ask(
        OFFICER, "Shift handover note: robbery FIRs registered in 2025, ACP office wants figure"
    )
    assert response.route == "zcql"
    assert "'ACP office wants figure'" in response.answer
    assert _count_of(response.answer) == _robbery_2025(demo_settings.records_path)


async def test_a_purpose_clause_naming_a_station_scopes_to_it(ask):
    response = await ask(OFFICER, "how many robbery FIRs in 2025, needed for the Whitefield review")
    assert response.route == "zcql"
    assert "in Whitefield PS" in response.answer and "set aside" in response.answer


async def test_a_purpose_clause_naming_a_crime_is_not_set_aside(ask):
    question = "how many FIRs in Whitefield in 2025, needed for the theft review"
    response = await ask(OFFICER, question)
    assert response.route == "clarify"
    assert "'review'" in response.answer


async def test_a_leading_clause_outside_the_closed_classes_is_asked_about(ask):
    response = await ask(OFFICER, "parcel room, how many robbery FIRs in Whitefield in 2025")
    assert response.route == "clarify"
    assert "parcel" in response.answer
