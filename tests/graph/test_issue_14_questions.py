"""Issue 14's questions officers ask, through the whole graph, checked against the database.

Persons in an FIR, arrests, comparisons as one answer, vehicles by status, "these" on the
screen, station names in rankings, follow-ups that carry, readable tables. Expected values
come straight from the demo database (in the officer's precincts, within clearance).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from schemas.page_context import PageContext
from tests.graph.records_truth import OFFICER, rows, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")


def page(ids: list[str], active: str | None = None) -> PageContext:
    return PageContext.model_validate(
        {
            "schema_version": "1",
            "captured_at": datetime.now(UTC).isoformat(),
            "current_module": "fir_view" if active else "fir_list",
            "visible_record_ids": ids,
            "active_fir_id": active,
        }
    )


def an_fir_with(records: Any, role: str) -> str:
    where, args = scope()
    fir: str = scalar(
        records,
        f"SELECT f.fir_id FROM firs f JOIN persons p ON p.fir_id = f.fir_id WHERE {where} "
        "AND p.role = ? AND f.sexual_offence = 0 AND p.is_juvenile = 0 ORDER BY f.fir_id LIMIT 1",
        *args,
        role,
    )
    return fir


async def test_who_is_accused_in_an_fir_names_the_accused(ask, demo_settings):
    records = demo_settings.records_path
    fir = an_fir_with(records, "accused")
    response = await ask(OFFICER, f"Who is accused in {fir}?")
    assert response.route == "zcql"
    names = {
        r[0]
        for r in rows(
            records, "SELECT full_name FROM persons WHERE fir_id = ? AND role = 'accused'", fir
        )
    }
    assert {r["full_name"] for r in response.records} == names
    assert all(r["role"] == "accused" for r in response.records)


async def test_who_filed_an_fir_is_its_complainant(ask, demo_settings):
    records = demo_settings.records_path
    fir = an_fir_with(records, "complainant")
    response = await ask(OFFICER, f"who lodged the complaint in {fir}")
    assert {r["role"] for r in response.records} == {"complainant"}


async def test_how_many_of_these_counts_only_the_firs_on_screen(ask, demo_settings):
    records = demo_settings.records_path
    where, args = scope()
    ids = [
        r[0]
        for r in rows(
            records,
            f"SELECT f.fir_id FROM firs f WHERE {where} AND f.status = 'Under Investigation' "
            "ORDER BY f.fir_id LIMIT 5",
            *args,
        )
    ]
    response = await ask(
        OFFICER, "how many of these are still under investigation?", page_context=page(ids)
    )
    assert response.route == "zcql"
    assert response.records == [{"FIRs": 5}]


async def test_these_never_counts_firs_outside_the_officers_precincts(ask, demo_settings):
    records = demo_settings.records_path
    inside, args = scope()
    mine = rows(
        records, f"SELECT f.fir_id FROM firs f WHERE {inside} ORDER BY f.fir_id LIMIT 3", *args
    )
    other = rows(
        records, "SELECT fir_id FROM firs WHERE precinct_id = 'MYS-C-JLP' ORDER BY fir_id LIMIT 2"
    )
    ids = [r[0] for r in mine + other]
    response = await ask(OFFICER, "how many of these", page_context=page(ids))
    assert response.records == [{"FIRs": 3}]


async def test_compare_house_theft_two_years_is_one_answer(ask, demo_settings):
    records = demo_settings.records_path
    where, args = scope()
    expected = {
        year: scalar(
            records,
            f"SELECT COUNT(*) FROM firs f WHERE {where} AND f.crime_head = 'HOUSE THEFT' "
            "AND substr(f.registered_at, 1, 4) = ?",
            *args,
            year,
        )
        for year in ("2024", "2025")
    }
    response = await ask(OFFICER, "compare house theft 2024 vs 2025")
    assert response.route == "zcql"
    assert {r["period"]: r["firs"] for r in response.records} == expected
    assert f"2024: {expected['2024']} vs 2025: {expected['2025']}" in response.answer


async def test_anyone_arrested_in_robbery_cases_lists_persons_by_arrest_date(ask):
    response = await ask(OFFICER, "Anyone arrested in robbery cases in the last 30 days")
    assert response.route == "zcql"
    statement = response.citations[0].snippet or ""
    assert "persons.arrested = TRUE" in statement and "persons.arrested_at >=" in statement
    assert "firs.crime_group = 'ROBBERY'" in statement


async def test_arrests_counted_in_a_year_are_dated_by_the_arrest(ask, demo_settings):
    records = demo_settings.records_path
    where, args = scope()
    expected = scalar(
        records,
        f"SELECT COUNT(*) FROM persons p JOIN firs f ON f.fir_id = p.fir_id WHERE {where} "
        "AND p.arrested = 1 AND substr(p.arrested_at, 1, 4) = '2025'",
        *args,
    )
    response = await ask(OFFICER, "how many people were arrested in 2025?")
    assert response.records and list(response.records[0].values()) == [expected]


async def test_stolen_vehicles_not_yet_recovered_in_a_district_count_vehicles(ask, demo_settings):
    records = demo_settings.records_path
    where, args = scope()
    expected = scalar(
        records,
        f"SELECT COUNT(*) FROM vehicles v JOIN firs f ON f.fir_id = v.fir_id WHERE {where} "
        "AND v.status = 'Stolen'",
        *args,
    )
    response = await ask(
        OFFICER, "How many stolen vehicles are not yet recovered in Bengaluru East?"
    )
    assert response.records == [{"Vehicles": expected}]
    assert "Stolen" in response.answer


async def test_the_station_with_the_most_cases_is_named_not_coded(ask, demo_settings):
    response = await ask(OFFICER, "Which police station has the most burglary cases?")
    assert response.route == "zcql"
    assert response.records and response.records[0]["station"].endswith(" PS")
    assert response.records[0]["station"] in response.answer
    assert "BLR-E-" not in response.answer


async def test_follow_ups_carry_the_filters_until_changed(ask, demo_settings):
    records = demo_settings.records_path
    where, args = scope()

    def count(precinct: str, year: str, status: str | None = None) -> int:
        extra = " AND f.status = ?" if status else ""
        value: int = scalar(
            records,
            f"SELECT COUNT(*) FROM firs f WHERE {where} AND f.crime_group = 'THEFT' "
            f"AND f.precinct_id = ? AND substr(f.registered_at, 1, 4) = ?{extra}",
            *args,
            precinct,
            year,
            *([status] if status else []),
        )
        return value

    chat = "i14-carry"
    first = await ask(OFFICER, "how many thefts in Whitefield in 2025", conversation_id=chat)
    assert first.records == [{"FIRs": count("BLR-E-WFD", "2025")}]
    second = await ask(OFFICER, "what about KR Puram?", conversation_id=chat)
    assert second.route == "zcql"
    assert second.records == [{"FIRs": count("BLR-E-KRP", "2025")}]
    third = await ask(OFFICER, "and in 2024?", conversation_id=chat)
    assert third.records == [{"FIRs": count("BLR-E-KRP", "2024")}]
    fourth = await ask(OFFICER, "only the pending ones", conversation_id=chat)
    assert fourth.route == "zcql"
    expected = count("BLR-E-KRP", "2024", "Under Investigation")
    assert fourth.records == [{"FIRs": expected}] or len(fourth.records) == expected


async def test_an_elliptical_follow_up_stays_on_records_without_procedure_text(ask):
    chat = "i14-elliptical"
    await ask(OFFICER, "cheating cases in Indiranagar in 2025", conversation_id=chat)
    response = await ask(OFFICER, "how many were charge sheeted?", conversation_id=chat)
    assert response.route == "zcql" and response.routes_executed == ["zcql"]
    statement = response.citations[0].snippet or ""
    assert "'Charge Sheeted'" in statement and "BLR-E-IND" in statement
    assert "CHEATING" in statement and all(c.kind == "record" for c in response.citations)


async def test_the_io_of_the_open_fir_is_looked_up(ask, demo_settings):
    records = demo_settings.records_path
    where, args = scope()
    fir, io = rows(records, f"SELECT f.fir_id, f.io_name FROM firs f WHERE {where} LIMIT 1", *args)[
        0
    ]
    response = await ask(OFFICER, "who is the IO?", page_context=page([fir], active=fir))
    assert response.route == "zcql"
    assert io in response.answer


async def test_record_tables_read_as_human_labels_and_keep_the_sql_in_sources(ask):
    response = await ask(OFFICER, "how many murders in Whitefield in 2025")
    assert response.records and set(response.records[0]) == {"FIRs"}
    assert "COUNT(ROWID)" not in response.answer and "SELECT" not in response.answer
    assert (response.citations[0].snippet or "").startswith("SELECT COUNT(ROWID)")
