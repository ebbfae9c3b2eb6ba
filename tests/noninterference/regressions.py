"""The worlds of issue 13 finding 1: a constable's precinct with and without a sealed FIR.

The sealed FIR (sensitivity 5) names a victim, "Chitra Shetty", and a vehicle, KA04VK5932;
the constable (KA-1001 of the demo roster: clearance 1, KR Puram) may see neither.
"""

from __future__ import annotations

from typing import Any

from schemas.officer import Officer
from tests.noninterference import world as w

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
