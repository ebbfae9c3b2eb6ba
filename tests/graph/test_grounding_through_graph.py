"""Issue 14's grounding examples through the whole graph, checked against the demo database.

Each expected number is computed here with plain SQL over what the asking officer may see
(their precincts, sensitivity up to their clearance), never copied from an answer.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from datetime import date
from pathlib import Path

import pytest

from tools.roster import officer_by_badge

pytestmark = pytest.mark.asyncio(loop_scope="session")


def _visible_count(home: Path, badge: str, where: str, args: Sequence[object] = ()) -> int:
    officer = officer_by_badge(badge)
    marks = ", ".join("?" for _ in officer.precincts)
    sql = (
        f"SELECT COUNT(*) FROM firs WHERE precinct_id IN ({marks}) AND sensitivity <= ? AND {where}"
    )
    with sqlite3.connect(home / "records.db") as db:
        return int(db.execute(sql, [*officer.precincts, officer.clearance, *args]).fetchone()[0])


def _number(response) -> float:  # type: ignore[no-untyped-def]
    assert response.route == "zcql", response.answer
    assert len(response.records) == 1, response.answer
    values = [v for v in response.records[0].values() if isinstance(v, int | float)]
    assert len(values) == 1
    return float(values[0])


async def test_misspelt_station_and_crime_in_hinglish_count(ask, demo_home) -> None:
    response = await ask("KA-3003", "indranagar me 2025 mein kitne murdr case")
    expected = _visible_count(
        demo_home,
        "KA-3003",
        "precinct_id = 'BLR-E-IND' AND crime_group = 'MURDER' AND registered_at >= '2025-01-01'"
        " AND registered_at < '2026-01-01'",
    )
    assert _number(response) == expected
    assert "Indiranagar PS" in response.answer and "murdr" in response.answer


async def test_short_forms_and_typos_all_grounded(ask, demo_home) -> None:
    response = await ask("KA-3003", "how mny chian snaching cses in whitfield this yr")
    year = date.today().year
    expected = _visible_count(
        demo_home,
        "KA-3003",
        "precinct_id = 'BLR-E-WFD' AND crime_head = 'CHAIN SNATCHING' AND registered_at >= ?",
        [f"{year}-01-01"],
    )
    assert _number(response) == expected
    assert "charge sheeted" not in response.answer.lower()


async def test_since_a_festival_starts_on_its_day(ask, demo_home) -> None:
    response = await ask("KA-3003", "how many burglary cases in my precincts since Deepavali")
    assert "Deepavali = " in response.answer
    day = re.search(r"Deepavali = (\d{4}-\d{2}-\d{2})", response.answer)
    assert day is not None
    expected = _visible_count(
        demo_home,
        "KA-3003",
        "crime_group IN ('BURGLARY - DAY', 'BURGLARY - NIGHT') AND registered_at >= ?",
        [day.group(1)],
    )
    assert _number(response) == expected


async def test_a_stored_crime_head_is_matched_exactly(ask, demo_home) -> None:
    response = await ask("KA-3003", "How many OTHER THEFT cases in Whitefield in 2024?")
    expected = _visible_count(
        demo_home,
        "KA-3003",
        "precinct_id = 'BLR-E-WFD' AND crime_head = 'OTHER THEFT' AND registered_at >= "
        "'2024-01-01' AND registered_at < '2025-01-01'",
    )
    assert _number(response) == expected


async def test_an_io_named_with_an_initial_filters_the_list(ask, demo_home) -> None:
    response = await ask("KA-3003", "show pending cases with IO D. Shankar")
    assert response.route == "zcql", response.answer
    expected = _visible_count(
        demo_home,
        "KA-3003",
        "io_name = 'D. Shankar (PSI)' AND status = 'Under Investigation'",
    )
    assert len(response.records) == expected
    assert {r["status"] for r in response.records} <= {"Under Investigation"}


async def test_a_bare_surname_of_several_ios_is_asked_about(ask) -> None:
    response = await ask("KA-5005", "Shankar sir ke paas kitne case pending hai")
    assert response.route == "clarify" and response.answer.startswith("Which IO:")
    assert "D. Shankar (PSI)" in response.answer and "V. Shankar (PSI)" in response.answer
    assert not response.records


async def test_a_name_of_two_stations_is_asked_about(ask) -> None:
    response = await ask("KA-5005", "robberies in Jayanagar last year")
    assert response.route == "clarify"
    assert "Jayanagar PS Shivamogga" in response.answer and not response.records


async def test_eid_alone_is_asked_about_with_both_dates(ask) -> None:
    response = await ask("KA-3003", "Eid ke din Whitefield mein kitne case hue 2025 mein?")
    assert response.route == "clarify"
    assert "2025-03-31" in response.answer and "2025-06-07" in response.answer


async def test_an_unknown_word_is_asked_about_and_gives_no_number(ask) -> None:
    response = await ask("KA-3003", "how many snorkelling cases in Whitefield")
    assert response.route == "clarify" and "snorkelling" in response.answer
    assert not response.records and not any(ch.isdigit() for ch in response.answer)


async def test_a_write_request_is_refused(ask) -> None:
    response = await ask("KA-3003", "mark FIR-2026-00012 as charge sheeted")
    assert response.route != "clarify" and not response.records
    assert "only read" in response.answer


def _serials(home: Path, badge: str) -> tuple[str, list[str], str, list[str]]:
    """A serial several of the officer's visible FIRs share, and one where exactly one is
    visible to them while another FIR with that serial is not."""
    officer = officer_by_badge(badge)
    own, clearance = set(officer.precincts), officer.clearance
    with sqlite3.connect(home / "records.db") as db:
        rows = db.execute("SELECT fir_id, precinct_id, sensitivity FROM firs").fetchall()
    visible: dict[str, list[str]] = {}
    hidden: dict[str, int] = {}
    for fir_id, precinct, sensitivity in rows:
        serial = fir_id.rsplit("-", 1)[1]
        if precinct in own and sensitivity <= clearance:
            visible.setdefault(serial, []).append(fir_id)
        else:
            hidden[serial] = hidden.get(serial, 0) + 1
    several = next(s for s, ids in sorted(visible.items()) if len(ids) >= 2)
    single = next(s for s, ids in sorted(visible.items()) if len(ids) == 1 and s in hidden)
    return several, sorted(visible[several]), single, visible[single]


async def test_fir_number_without_year_names_only_visible_firs(ask, demo_home) -> None:
    several, ids, single, one = _serials(demo_home, "KA-2002")
    asked = await ask("KA-2002", f"status of FIR {int(several)}")
    assert asked.route == "clarify" and not asked.records
    assert re.findall(r"FIR-\d{4}-\d{5}", asked.answer) == ids
    answered = await ask("KA-2002", f"status of FIR {int(single)}")
    assert answered.route == "zcql"
    assert [r["fir_id"] for r in answered.records] == one
    assert re.findall(r"FIR-\d{4}-\d{5}", answered.answer) in ([], one)
