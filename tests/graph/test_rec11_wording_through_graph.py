"""Officer wording the v6 review found asked about although the records hold it, through the
whole graph and checked against the database: Kanglish and Hinglish words for crimes and the
screen, typing shorthand, all of the caller's stations counted, a breakdown over a period, a
bare purpose ("for handover"), and requests to write or to forecast refused. Phrasings here
are not those of any evaluation set."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from schemas.page_context import PageContext
from tests.graph.records_truth import OFFICER, rows, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")

_2025 = "f.registered_at >= '2025-01-01' AND f.registered_at < '2026-01-01'"


def _count_of(answer: str) -> int:
    return int(answer.rstrip(".").rsplit(":", 1)[1].strip())


def _truth(settings, condition: str) -> int:
    where, args = scope()
    return scalar(
        settings.records_path, f"SELECT COUNT(*) FROM firs f WHERE {where} AND {condition}", *args
    )


@pytest.mark.parametrize(
    ("question", "condition"),
    [
        (
            "KR Puram nalli 2025 alli kanelaada makkalu prakarana eshtu",
            "f.crime_head = 'MISSING CHILD'",
        ),
        (
            "kaanelaada makkalu cases in KR Puram in 2025, how many",
            "f.crime_head = 'MISSING CHILD'",
        ),
        ("KR Puram me 2025 me jua ke kitne case", "f.crime_head = 'GAMBLING'"),
        ("juaa cases KR Puram 2025 - count", "f.crime_head = 'GAMBLING'"),
    ],
)
async def test_local_crime_words_are_the_crime(ask, demo_settings, question, condition):
    truth = _truth(demo_settings, f"f.precinct_id = 'BLR-E-KRP' AND {condition} AND {_2025}")
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert _count_of(response.answer) == truth


@pytest.mark.parametrize(
    ("question", "condition"),
    [
        ("KR Puram robbery count ths year", "f.crime_group = 'ROBBERY'"),
        (
            "count of KR Puram thefts undr investigation ths year",
            "f.crime_group = 'THEFT' AND f.status = 'Under Investigation'",
        ),
    ],
)
async def test_typing_shorthand_is_expanded(ask, demo_settings, question, condition):
    truth = _truth(
        demo_settings,
        f"f.precinct_id = 'BLR-E-KRP' AND {condition} AND f.registered_at >= '2026-01-01'",
    )
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert _count_of(response.answer) == truth


@pytest.mark.parametrize(
    "question",
    [
        "robbery count 2025 across all 4 stations",
        "chaaron thanon me 2025 me kitni robbery",
        "robbery 2025 count for handover",
        "how many robberies in 2025, for the weekly meeting",
    ],
)
async def test_own_stations_and_bare_purposes_are_the_callers_area(ask, demo_settings, question):
    truth = _truth(demo_settings, f"f.crime_group = 'ROBBERY' AND {_2025}")
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert _count_of(response.answer) == truth


async def test_another_number_of_own_stations_is_asked_about(ask):
    response = await ask(OFFICER, "robbery count 2025 across all 6 stations")
    assert response.route == "clarify" and "'6'" in response.answer


@pytest.mark.parametrize("question", ["status wise count for 2025", "status-wise FIRs, 2025"])
async def test_a_breakdown_over_a_period_needs_no_other_filter(ask, demo_settings, question):
    where, args = scope()
    truth = rows(
        demo_settings.records_path,
        f"SELECT f.status, COUNT(*) FROM firs f WHERE {where} AND {_2025} GROUP BY f.status",
        *args,
    )
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    for status, n in truth:
        assert f"{status}: {n}" in response.answer


@pytest.mark.parametrize(
    "question",
    [
        "add Manjunath K as witness in FIR-2026-00012",
        "pls add Ramesh Naik as an accused to FIR-2025-00100",
    ],
)
async def test_adding_a_person_is_refused_as_a_write(ask, question):
    response = await ask(OFFICER, question)
    assert "I can only read records" in response.answer
    assert not response.records


@pytest.mark.parametrize(
    "question",
    ["projected chain snatching count for KR Puram in 2027", "theft projection for next year"],
)
async def test_a_projection_is_refused_as_a_forecast(ask, question):
    response = await ask(OFFICER, question)
    assert "I can't forecast" in response.answer


async def test_no_of_persons_in_an_fir_is_a_count(ask, demo_settings):
    where, args = scope()
    fir, n = rows(
        demo_settings.records_path,
        f"SELECT f.fir_id, COUNT(*) FROM firs f JOIN persons p ON p.fir_id = f.fir_id "
        f"WHERE {where} AND p.role = 'accused' AND f.sexual_offence = 0 "
        "GROUP BY f.fir_id ORDER BY f.fir_id LIMIT 1",
        *args,
    )[0]
    response = await ask(OFFICER, f"no. of accused in {fir}")
    assert response.route == "zcql", response.answer
    assert _count_of(response.answer) == n


def _page(ids: list[str]) -> PageContext:
    return PageContext.model_validate(
        {
            "schema_version": "1",
            "captured_at": datetime.now(UTC).isoformat(),
            "current_module": "fir_list",
            "visible_record_ids": ids,
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "which of the listed FIRs belong to KR Puram PS",
        "screen pe jo FIR dikh rahe unme se KR Puram ke kaunse hain",
    ],
)
async def test_on_screen_wording_scopes_to_the_visible_firs(ask, demo_settings, question):
    where, args = scope()
    ids = [
        r[0]
        for r in rows(
            demo_settings.records_path,
            f"SELECT f.fir_id FROM firs f WHERE {where} AND f.registered_at >= '2026-11-01' "
            "ORDER BY f.fir_id LIMIT 8",
            *args,
        )
    ]
    krp = _truth(
        demo_settings,
        f"f.precinct_id = 'BLR-E-KRP' AND f.fir_id IN ({', '.join(repr(i) for i in ids)})",
    )
    response = await ask(OFFICER, question, page_context=_page(ids))
    assert response.route == "zcql", response.answer
    assert len(response.records) == krp


@pytest.mark.parametrize(
    "question",
    [
        "cars stolen in 2025 that are still untraced - count",
        "how many cars stolen in 2025 that have not been recovered",
    ],
)
async def test_that_starting_a_relative_clause_is_no_earlier_figure(ask, demo_settings, question):
    where, args = scope()
    truth = scalar(
        demo_settings.records_path,
        f"SELECT COUNT(*) FROM vehicles v JOIN firs f ON f.fir_id = v.fir_id WHERE {where} "
        f"AND v.vehicle_type = 'Car' AND v.status = 'Stolen' AND {_2025}",
        *args,
    )
    response = await ask(OFFICER, question)
    assert response.route == "zcql", response.answer
    assert _count_of(response.answer) == truth


def _open(fir: str) -> PageContext:
    return PageContext.model_validate(
        {
            "schema_version": "1",
            "captured_at": datetime.now(UTC).isoformat(),
            "current_module": "fir_view",
            "visible_record_ids": [fir],
            "active_fir_id": fir,
        }
    )


@pytest.mark.parametrize(
    "question",
    [
        "complainants of the opened FIR - name only",
        "complainant names of the FIR open on my screen",
        "who is the complainant in the case that is open on the screen",
    ],
)
async def test_the_open_fir_is_the_one_meant(ask, demo_settings, question):
    where, args = scope()
    fir, n = rows(
        demo_settings.records_path,
        f"SELECT f.fir_id, COUNT(*) FROM firs f JOIN persons p ON p.fir_id = f.fir_id "
        f"WHERE {where} AND p.role = 'complainant' AND f.sexual_offence = 0 "
        "GROUP BY f.fir_id ORDER BY f.fir_id LIMIT 1",
        *args,
    )[0]
    response = await ask(OFFICER, question, page_context=_open(fir))
    assert response.route == "zcql", response.answer
    assert fir in response.answer and "'Only'" not in response.answer
    assert len(response.records) == n
