"""Differential through the whole graph: questions, slash commands, page contexts naming
sealed FIRs, the zcql, hybrid and fallback routes; and the named regressions of finding 1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemas.officer import Officer
from tests.noninterference import world as w
from tests.noninterference.graph_pair import GraphPair
from tests.noninterference.world import officers, secret_variants, worlds

PROPERTY = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

QUESTIONS = [
    "/vehicle {plate}",
    "/person {name}",
    "/fir {fir}",
    "status of {fir}",
    "who is the investigating officer of {fir}",
    "how many FIRs in KR Puram last month",
    "list thefts in Rajajinagar last month",
    "how many robbery cases last month",
    "month-wise FIRs in KR Puram",
    "/stats KR Puram last month",
    "/ask how many FIRs in KR Puram last month",
    "what is the procedure for {fir} and what is its status?",
]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory, demo_home: Path) -> Iterator[GraphPair]:
    built = GraphPair(tmp_path_factory.mktemp("ni-graph"), demo_home)
    yield built
    built.close()


@st.composite
def questions(draw: st.DrawFn) -> tuple[str, str | None]:
    template = draw(st.sampled_from([*QUESTIONS, "who is the IO on this one"]))
    fir = draw(st.sampled_from(w.FIR_IDS[:8]))
    text = template.format(
        plate=draw(st.sampled_from(w.PLATES)), name=draw(st.sampled_from(w.NAMES)), fir=fir
    )
    return text, fir if "this one" in text else None


@st.composite
def cases(draw: st.DrawFn) -> tuple[Any, ...]:
    officer = draw(officers())
    world = draw(worlds())
    return officer, world, draw(secret_variants(world, officer)), draw(questions())


@PROPERTY
@given(case=cases())
def test_graph_responses_do_not_depend_on_what_the_officer_may_not_see(
    pair: GraphPair, case: Any
) -> None:
    officer, world, variant, (message, page_fir) = case
    seen, other = pair.ask([world, variant], officer, message, page_fir)
    assert seen == other, message


# Finding 1 of issue 13, each variant as its own regression: a sealed FIR in the officer's
# precinct, present in one world and absent from the other, must change nothing they see.

CONSTABLE = Officer(
    badge_id="KA-1001",
    name="Constable",
    rank="PC",
    clearance=1,
    precincts=frozenset({w.KRP}),
    roles=frozenset(),
)


def _fir(fir_id: str, sensitivity: int, head: str = "Theft") -> dict[str, Any]:
    return {
        "fir_id": fir_id,
        "precinct_id": w.KRP,
        "district": "Bengaluru East",
        "registered_at": "2026-11-09 10:00:00",
        "occurred_at": "2026-11-09 09:00:00",
        "crime_group": "THEFT",
        "crime_head": head,
        "act_sections": "BNS 303(2)",
        "status": "Under Investigation",
        "place_of_occurrence": "Market Road",
        "beat": "Beat 1",
        "latitude": 13.0,
        "longitude": 77.7,
        "io_badge": "KGID-1",
        "io_name": "R. Rao (PSI)",
        "complaint_mode": "Walk-in",
        "sensitivity": sensitivity,
        "involves_juvenile": 0,
        "sexual_offence": 1 if sensitivity > 1 else 0,
        "victim_count": 1,
        "accused_count": 1,
        "arrested_count": 0,
        "brief_facts": "Phone stolen.",
    }


def _person(person_id: str, fir_id: str, name: str, role: str) -> dict[str, Any]:
    return {
        "person_id": person_id,
        "fir_id": fir_id,
        "precinct_id": w.KRP,
        "role": role,
        "full_name": name,
        "age": 30,
        "gender": "F",
        "phone": "9845012345",
        "address": "12 Lavender Lane",
        "is_juvenile": 0,
        "arrested": 0,
        "arrested_at": None,
    }


def _vehicle(vehicle_id: str, fir_id: str, plate: str) -> dict[str, Any]:
    return {
        "vehicle_id": vehicle_id,
        "fir_id": fir_id,
        "precinct_id": w.KRP,
        "registration_no": plate,
        "vehicle_type": "Car",
        "make": "Honda",
        "colour": "Black",
        "status": "Stolen",
    }


VISIBLE: w.World = {
    "firs": [_fir("FIR-2026-00001", 1)],
    "persons": [_person("P-0001", "FIR-2026-00001", "Anil Kumar", "complainant")],
    "vehicles": [_vehicle("V-0001", "FIR-2026-00001", "KA01AB1234")],
}
WITH_SEALED: w.World = {
    "firs": [*VISIBLE["firs"], _fir("FIR-2026-00002", 5, "Rape")],
    "persons": [
        *VISIBLE["persons"],
        _person("P-0002", "FIR-2026-00002", "Chitra Shetty", "victim"),
    ],
    "vehicles": [*VISIBLE["vehicles"], _vehicle("V-0002", "FIR-2026-00002", "KA04VK5932")],
}


@pytest.mark.parametrize(
    "message",
    [
        "how many FIRs in KR Puram last month",
        "/vehicle KA04VK5932",
        "/vehicle KA04VK5933",
        "/person Chitra Shetty",
        "/person Deepa Naik",
    ],
)
def test_finding_1_chat_and_slash_commands_reveal_no_withheld_count(
    pair: GraphPair, message: str
) -> None:
    seen, other = pair.ask([VISIBLE, WITH_SEALED], CONSTABLE, message)
    assert seen == other
    assert "withheld" not in seen["answer"] and "clearance" not in seen["answer"]


def test_finding_1_a_page_context_naming_a_sealed_fir_reveals_nothing(pair: GraphPair) -> None:
    seen, other = pair.ask(
        [VISIBLE, WITH_SEALED], CONSTABLE, "who is the IO on this one", "FIR-2026-00002"
    )
    assert seen == other
