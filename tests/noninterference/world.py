"""Generated records worlds, officers and the secret changes an officer must not notice.

A world is rows per table (dicts in DDL column order). `secret_variant` returns a second
world that differs from the first only in rows or cells the officer may not see: sealed
rows inserted, deleted or modified (outside the officer's precincts or above their
clearance), or cells masked for them changed. Which cells are masked is written here from
CONTRACT.md section 2 (the minimum policy), not taken from the code under test; the
policy file may mask more, so varying only these cells is sound.

Value pools share no word between names, addresses and places, so a withheld value can
never be a part of a value the officer sees (the guardrail masks withheld values in text;
see the report on that declared channel).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from schemas.officer import Officer
from schemas.records import TABLE_COLUMNS
from tools.records.seed_schema import insert_sql, table_ddl

KRP, RJN = "BLR-E-KRP", "BLR-W-RJN"
PRECINCTS = (KRP, RJN)
STATIONS = [
    (KRP, "KR Puram PS", "Bengaluru East", "Bengaluru City", 13.008, 77.695),
    (RJN, "Rajajinagar PS", "Bengaluru West", "Bengaluru City", 12.991, 77.555),
]
FIR_IDS = [f"FIR-2026-{n:05d}" for n in range(1, 13)]
NAMES = [
    "Anil Kumar",
    "Bharath Gowda",
    "Chitra Shetty",
    "Deepa Naik",
    "Esha Menon",
    "Farhan Qureshi",
    "Girish Hegde",
    "Hema Pillai",
]
PHONES = ["9845012345", "9845067890", "9900011122", "9811122233"]
ADDRESSES = ["12 Lavender Lane", "7 Banyan Cross", "44 Temple Street", "3 Orchid Layout"]
PLATES = ["KA04VK5932", "KA04VK5933", "KA01AB1234", "KA02CD5678"]
CRIMES = [("THEFT", "Theft"), ("ROBBERY", "Robbery"), ("HURT", "Assault"), ("FRAUD", "Cheating")]
STATUSES = ["Under Investigation", "Charge Sheeted", "Closed", "Undetected"]
PLACES = ["Bus Stand", "Market Road", "Railway Station", "Tin Factory"]
IO_NAMES = ["R. Rao (PSI)", "S. Iyer (PI)", "M. Khan (ASI)"]
FACTS = ["Phone stolen.", "Chain snatched.", "Shop broken into.", "Money taken online."]
ROLES = ["complainant", "victim", "accused", "witness"]
UNITS = ("sexual_offence_unit", "juvenile_unit")
DAYS = [f"2026-11-{d:02d} 10:00:00" for d in (3, 9, 17, 25)]

World = dict[str, list[dict[str, Any]]]


def fir_row(draw: st.DrawFn, fir_id: str, precinct: str, sensitivity: int) -> dict[str, Any]:
    group, head = draw(st.sampled_from(CRIMES))
    row = {
        "fir_id": fir_id,
        "precinct_id": precinct,
        "district": "Bengaluru East" if precinct == KRP else "Bengaluru West",
        "registered_at": draw(st.sampled_from(DAYS)),
        "occurred_at": draw(st.sampled_from(DAYS)),
        "crime_group": group,
        "crime_head": head,
        "act_sections": "BNS 303(2)",
        "status": draw(st.sampled_from(STATUSES)),
        "place_of_occurrence": draw(st.sampled_from(PLACES)),
        "beat": "Beat 1",
        "latitude": 13.0,
        "longitude": 77.7,
        "io_badge": "KGID-1",
        "io_name": draw(st.sampled_from(IO_NAMES)),
        "complaint_mode": "Walk-in",
        "sensitivity": sensitivity,
        "involves_juvenile": draw(st.integers(0, 1)),
        "sexual_offence": draw(st.integers(0, 1)),
        "victim_count": draw(st.integers(0, 3)),
        "accused_count": draw(st.integers(0, 3)),
        "arrested_count": draw(st.integers(0, 2)),
        "brief_facts": draw(st.sampled_from(FACTS)),
    }
    return row


def person_row(draw: st.DrawFn, person_id: str, fir: dict[str, Any]) -> dict[str, Any]:
    juvenile = draw(st.integers(0, 1))
    return {
        "person_id": person_id,
        "fir_id": fir["fir_id"],
        "precinct_id": fir["precinct_id"],
        "role": draw(st.sampled_from(ROLES)),
        "full_name": draw(st.sampled_from(NAMES)),
        "age": draw(st.integers(10, 17)) if juvenile else draw(st.integers(18, 70)),
        "gender": draw(st.sampled_from(["F", "M"])),
        "phone": draw(st.sampled_from(PHONES)),
        "address": draw(st.sampled_from(ADDRESSES)),
        "is_juvenile": juvenile,
        "arrested": draw(st.integers(0, 1)),
        "arrested_at": None,
    }


def vehicle_row(draw: st.DrawFn, vehicle_id: str, fir: dict[str, Any]) -> dict[str, Any]:
    return {
        "vehicle_id": vehicle_id,
        "fir_id": fir["fir_id"],
        "precinct_id": fir["precinct_id"],
        "registration_no": draw(st.sampled_from(PLATES)),
        "vehicle_type": draw(st.sampled_from(["Car", "Motorcycle"])),
        "make": draw(st.sampled_from(["Honda", "Maruti", "Tata"])),
        "colour": draw(st.sampled_from(["Black", "White", "Red"])),
        "status": draw(st.sampled_from(["Stolen", "Recovered", "Seized", "Involved"])),
    }


def children(draw: st.DrawFn, fir: dict[str, Any], serial: int) -> World:
    persons = [person_row(draw, f"P-{serial:03d}{i}", fir) for i in range(draw(st.integers(0, 2)))]
    vehicles = [
        vehicle_row(draw, f"V-{serial:03d}{i}", fir) for i in range(draw(st.integers(0, 1)))
    ]
    return {"firs": [fir], "persons": persons, "vehicles": vehicles}


@st.composite
def officers(draw: st.DrawFn) -> Officer:
    """Any officer: clearance 1-5 (5 rarely), either unit or none, one or both precincts."""
    precincts = draw(st.sampled_from([(KRP,), (RJN,), (KRP, RJN)]))
    return Officer(
        badge_id="KA-GEN",
        name="Generated Officer",
        rank="PSI",
        clearance=draw(st.sampled_from([1, 2, 3, 3, 4, 5])),
        precincts=frozenset(precincts),
        roles=frozenset(draw(st.sets(st.sampled_from(UNITS)))),
    )


@st.composite
def worlds(draw: st.DrawFn) -> World:
    """Two to six FIRs with their persons and vehicles."""
    world: World = {"firs": [], "persons": [], "vehicles": []}
    for serial, fir_id in enumerate(FIR_IDS[: draw(st.integers(2, 6))]):
        fir = fir_row(draw, fir_id, draw(st.sampled_from(PRECINCTS)), draw(st.integers(1, 5)))
        for table, rows in children(draw, fir, serial).items():
            world[table] += rows
    return world


def fir_sealed(officer: Officer, fir: dict[str, Any]) -> bool:
    """The officer may not see this FIR (nor its persons and vehicles)."""
    return fir["precinct_id"] not in officer.precincts or fir["sensitivity"] > officer.clearance


def masked_columns(officer: Officer, person: dict[str, Any], fir: dict[str, Any]) -> set[str]:
    """Cells of a visible person the contract's minimum policy masks for this officer."""
    masked: set[str] = set()
    identity = {"full_name", "phone", "address"}
    if person["role"] == "victim" and fir["sexual_offence"] and not officer.has_role(UNITS[0]):
        masked |= identity
    if person["is_juvenile"] and not officer.has_role(UNITS[1]):
        masked |= identity
    if officer.clearance < 3:
        masked |= {"phone", "address"}
    return masked


def sealed_fir_for(officer: Officer) -> tuple[str, int] | None:
    """A precinct and sensitivity this officer may not see, if one exists."""
    outside = [p for p in PRECINCTS if p not in officer.precincts]
    if outside:
        return outside[0], 1
    if officer.clearance < 5:
        return KRP, 5
    return None


@st.composite
def secret_variants(draw: st.DrawFn, world: World, officer: Officer) -> World:
    """`world` changed only where the officer may not look (see the module docstring)."""
    variant: World = {t: [dict(r) for r in rows] for t, rows in world.items()}
    firs = {f["fir_id"]: f for f in variant["firs"]}
    sealed = [f for f in variant["firs"] if fir_sealed(officer, f)]
    kinds = ["insert", "mask"] + (["delete", "modify"] if sealed else [])
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(kinds))
        if kind == "insert" and (where := sealed_fir_for(officer)):
            precinct, floor = where
            free = [i for i in FIR_IDS if i not in firs]
            if not free:
                continue
            fir = fir_row(draw, free[0], precinct, draw(st.integers(floor, 5)))
            if precinct in officer.precincts:
                fir["sensitivity"] = draw(st.integers(officer.clearance + 1, 5))
            firs[fir["fir_id"]] = fir
            for table, rows in children(draw, fir, 50 + len(firs)).items():
                variant[table] += rows
        elif kind == "delete" and sealed:
            gone = draw(st.sampled_from(sealed))["fir_id"]
            for table in variant:
                variant[table] = [r for r in variant[table] if r["fir_id"] != gone]
        elif kind == "modify" and sealed:
            target = draw(st.sampled_from(sealed))
            fresh = fir_row(draw, target["fir_id"], target["precinct_id"], target["sensitivity"])
            target.update({k: v for k, v in fresh.items() if draw(st.booleans())})
            for person in [p for p in variant["persons"] if p["fir_id"] == target["fir_id"]]:
                new = person_row(draw, person["person_id"], target)
                person.update({k: v for k, v in new.items() if draw(st.booleans())})
            for vehicle in [v for v in variant["vehicles"] if v["fir_id"] == target["fir_id"]]:
                vehicle.update(vehicle_row(draw, vehicle["vehicle_id"], target))
        elif kind == "mask":
            for person in variant["persons"]:
                fir = firs[person["fir_id"]]
                if fir_sealed(officer, fir):
                    continue
                for column in sorted(masked_columns(officer, person, fir)):
                    pool = {"full_name": NAMES, "phone": PHONES, "address": ADDRESSES}[column]
                    person[column] = draw(st.sampled_from(pool))
    return variant


def write_sqlite(path: Path, world: World) -> None:
    """Replace the records in a SQLite file with `world` (creating the file if needed)."""
    conn = sqlite3.connect(path)
    try:
        conn.executescript(table_ddl())
        for table in ("vehicles", "persons", "firs", "police_stations"):
            conn.execute(f"DELETE FROM {table}")
        conn.executemany(insert_sql("police_stations"), STATIONS)
        for table in ("firs", "persons", "vehicles"):
            conn.executemany(
                insert_sql(table), [tuple(r[c] for c in TABLE_COLUMNS[table]) for r in world[table]]
            )
        conn.commit()
    finally:
        conn.close()
