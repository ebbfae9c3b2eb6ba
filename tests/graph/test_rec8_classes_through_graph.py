"""Failure classes of the rec8 probe list (`tests/tools/text2zcql/data/rec8_probes.jsonl`),
through the whole graph and checked against the database: an IO's FIRs "right now" are the
pending ones; "same number but X" and "that figure" carry every earlier filter, period
included; a weekday, a reason for asking, "in this view" and "who is the IO there" are read,
not dropped or sent to the knowledge base."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from schemas.page_context import PageContext
from tests.graph.records_truth import OFFICER, rows, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")


def _count_of(answer: str) -> int:
    return int(answer.rstrip(".").rsplit(":", 1)[1].strip())


async def test_an_io_investigating_right_now_counts_only_pending_firs(ask, demo_settings):
    where, args = scope()
    io, total = rows(
        demo_settings.records_path,
        f"SELECT f.io_name, COUNT(*) AS n FROM firs f WHERE {where} GROUP BY f.io_name "
        "ORDER BY n DESC LIMIT 1",
        *args,
    )[0]
    pending = scalar(
        demo_settings.records_path,
        f"SELECT COUNT(*) FROM firs f WHERE {where} AND f.io_name = ? "
        "AND f.status = 'Under Investigation'",
        *args,
        io,
    )
    assert pending < total
    name = io.split(" (")[0]
    response = await ask(OFFICER, f"how many FIRs is {name} investigating right now")
    assert response.route == "zcql"
    assert _count_of(response.answer) == pending


async def _theft(station: str, year: int, demo_settings) -> int:
    where, args = scope()
    return int(
        scalar(
            demo_settings.records_path,
            f"SELECT COUNT(*) FROM firs f WHERE {where} AND f.precinct_id = ? "
            "AND f.crime_group = 'THEFT' AND f.registered_at >= ? AND f.registered_at < ?",
            *args,
            station,
            f"{year}-01-01",
            f"{year + 1}-01-01",
        )
    )


async def test_same_number_but_another_station_keeps_the_crime_and_the_period(ask, demo_settings):
    chat = "rec8-same-number"
    await ask(OFFICER, "KR Puram theft count for 2025", conversation_id=chat)
    response = await ask(
        OFFICER, "ok sir now give me the same theft number but Whitefield PS", conversation_id=chat
    )
    assert response.route == "zcql"
    assert _count_of(response.answer) == await _theft("BLR-E-WFD", 2025, demo_settings)


async def test_that_figure_for_another_year_stays_on_records(ask, demo_settings):
    chat = "rec8-that-figure"
    await ask(OFFICER, "theft FIRs at KR Puram in 2025 how many", conversation_id=chat)
    response = await ask(
        OFFICER, "hmm and for 2024 what was that figure at the same station", conversation_id=chat
    )
    assert response.route == "zcql"
    assert _count_of(response.answer) == await _theft("BLR-E-KRP", 2024, demo_settings)


async def test_same_number_with_no_earlier_question_is_asked_about(ask):
    response = await ask(OFFICER, "same number but for Whitefield")
    assert response.route == "clarify"
    assert "earlier question" in response.answer


async def test_a_reason_for_asking_is_set_aside(ask, demo_settings):
    response = await ask(
        OFFICER, "meeting the DCP tomorrow, how many theft FIRs in KR Puram in 2025"
    )
    assert response.route == "zcql"
    assert _count_of(response.answer) == await _theft("BLR-E-KRP", 2025, demo_settings)


async def test_arrests_since_a_weekday_in_hinglish_are_counted_on_records(ask, demo_settings):
    today = date.today()
    monday = today - timedelta(days=today.weekday())
    where, args = scope()
    arrested = scalar(
        demo_settings.records_path,
        f"SELECT COUNT(*) FROM persons p JOIN firs f ON f.fir_id = p.fir_id WHERE {where} "
        "AND p.role = 'accused' AND p.arrested = 1 AND f.precinct_id = 'BLR-E-WFD' "
        "AND p.arrested_at >= ?",
        *args,
        monday.isoformat(),
    )
    response = await ask(OFFICER, "Whitefield thane me Monday se ab tak kitne aaropi giraftar hue")
    assert response.route == "zcql"
    assert monday.isoformat() in response.answer or monday.strftime("%d-%m-%Y") in response.answer
    assert str(arrested) in response.answer


async def test_firs_in_this_view_are_the_listed_firs(ask, demo_settings):
    where, args = scope()
    ids = [
        r[0]
        for r in rows(
            demo_settings.records_path,
            f"SELECT f.fir_id FROM firs f WHERE {where} ORDER BY f.fir_id DESC LIMIT 6",
            *args,
        )
    ]
    page = PageContext.model_validate(
        {
            "schema_version": "1",
            "captured_at": datetime.now(UTC).isoformat(),
            "current_module": "fir_list",
            "visible_record_ids": ids,
        }
    )
    response = await ask(OFFICER, "count the FIRs in this view", page_context=page)
    assert response.route == "zcql"
    assert _count_of(response.answer) == len(ids)


async def test_who_is_the_io_there_follows_the_fir_just_named(ask, demo_settings):
    where, args = scope()
    fir, io = rows(
        demo_settings.records_path,
        f"SELECT f.fir_id, f.io_name FROM firs f WHERE {where} ORDER BY f.fir_id LIMIT 1",
        *args,
    )[0]
    chat = "rec8-io-there"
    await ask(OFFICER, f"{fir} status please", conversation_id=chat)
    response = await ask(OFFICER, "who is the IO there", conversation_id=chat)
    assert response.route == "zcql"
    assert io.split(" (")[0] in response.answer
