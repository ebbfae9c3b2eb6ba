"""Canary rows are present whatever the seed and size."""

import sqlite3
from datetime import date
from pathlib import Path

import pytest

from tools.records import canaries as c
from tools.records.seed import build_records_db


@pytest.fixture(scope="module", params=[3, 99])
def db(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> sqlite3.Connection:
    path: Path = tmp_path_factory.mktemp("canary") / "records.db"
    build_records_db(path, n_firs=1500, seed=request.param, today=date(2026, 12, 2))
    con = sqlite3.connect(path)
    con.row_factory = sqlite3.Row
    return con


def _fir(db: sqlite3.Connection, fir_id: str) -> sqlite3.Row:
    row = db.execute("SELECT * FROM firs WHERE fir_id = ?", (fir_id,)).fetchone()
    assert row is not None, fir_id
    return row


def test_every_canary_fir_is_present_once(db: sqlite3.Connection) -> None:
    for fir_id in c.CANARY_FIR_IDS:
        assert (
            db.execute("SELECT COUNT(*) FROM firs WHERE fir_id = ?", (fir_id,)).fetchone()[0] == 1
        )


def test_vehicle_theft_canary_with_its_stolen_vehicle(db: sqlite3.Connection) -> None:
    fir = _fir(db, c.CANARY_VEHICLE_THEFT_FIR)
    assert (fir["precinct_id"], fir["sensitivity"], fir["crime_head"]) == (
        c.CANARY_VEHICLE_THEFT_PRECINCT,
        2,
        "TWO-WHEELER THEFT",
    )
    vehicles = db.execute(
        "SELECT * FROM vehicles WHERE registration_no = ?", (c.CANARY_STOLEN_PLATE,)
    ).fetchall()
    assert [(v["fir_id"], v["status"]) for v in vehicles] == [
        (c.CANARY_VEHICLE_THEFT_FIR, "Stolen")
    ]


def test_sexual_offence_canary_names_its_victim(db: sqlite3.Connection) -> None:
    fir = _fir(db, c.CANARY_SEXUAL_OFFENCE_FIR)
    assert (fir["precinct_id"], fir["sensitivity"], fir["sexual_offence"]) == ("BLR-E-WFD", 4, 1)
    victim = db.execute(
        "SELECT * FROM persons WHERE person_id = ?", (c.CANARY_VICTIM_PERSON_ID,)
    ).fetchone()
    assert (victim["full_name"], victim["role"], victim["fir_id"]) == (
        c.CANARY_VICTIM_NAME,
        "victim",
        c.CANARY_SEXUAL_OFFENCE_FIR,
    )


def test_juvenile_canary_has_a_juvenile_accused(db: sqlite3.Connection) -> None:
    fir = _fir(db, c.CANARY_JUVENILE_FIR)
    assert fir["precinct_id"].startswith("MYS-C-") and fir["involves_juvenile"] == 1
    person = db.execute(
        "SELECT * FROM persons WHERE full_name = ?", (c.CANARY_JUVENILE_NAME,)
    ).fetchone()
    assert (person["role"], person["is_juvenile"], person["fir_id"]) == (
        "accused",
        1,
        c.CANARY_JUVENILE_FIR,
    )


def test_sensitivity_five_canary_is_outside_bengaluru(db: sqlite3.Connection) -> None:
    fir = _fir(db, c.CANARY_SENSITIVITY5_FIR)
    assert fir["sensitivity"] == 5 and not fir["district"].startswith("Bengaluru")


def test_canaries_cite_the_act_of_their_registration_date(db: sqlite3.Connection) -> None:
    assert _fir(db, c.CANARY_PRE_CUTOVER_FIR)["act_sections"] == "IPC 380"
    assert _fir(db, c.CANARY_CRUELTY_FIR)["act_sections"].startswith("IPC 498A")
    assert _fir(db, c.CANARY_FRAUD_FIR)["act_sections"] == "BNS 318(4), IT Act 66D"


def test_pocso_canary_victim_is_a_child(db: sqlite3.Connection) -> None:
    victim = db.execute(
        "SELECT * FROM persons WHERE full_name = ?", (c.CANARY_CHILD_VICTIM_NAME,)
    ).fetchone()
    assert victim["fir_id"] == c.CANARY_POCSO_FIR and victim["is_juvenile"] == 1
    assert _fir(db, c.CANARY_POCSO_FIR)["sensitivity"] == 5


def test_generated_names_never_look_like_canaries(db: sqlite3.Connection) -> None:
    canary_people = db.execute("SELECT COUNT(*) FROM persons WHERE full_name LIKE 'CANARY %'")
    assert canary_people.fetchone()[0] == len(c.PERSONS)


def test_reserved_serials_cover_every_canary() -> None:
    reserved = c.reserved_serials()
    assert 4829 in reserved[2026] and 77 in reserved[2025] and 123 in reserved[2024]
