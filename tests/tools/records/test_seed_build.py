"""The demo records database: schema, determinism, realism and integrity."""

import re
import sqlite3
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tools.domain.places import all_stations
from tools.records.dialect import NAME_INDEX
from tools.records.seed import MAX_PER_YEAR, build_records_db, year_plan

TODAY = date(2026, 12, 2)
N_FIRS = 4000

CONTRACT_COLUMNS = {
    "police_stations": ["precinct_id", "station_name", "district", "zone", "latitude", "longitude"],
    "firs": [
        "fir_id",
        "precinct_id",
        "district",
        "registered_at",
        "occurred_at",
        "crime_group",
        "crime_head",
        "act_sections",
        "status",
        "place_of_occurrence",
        "beat",
        "latitude",
        "longitude",
        "io_badge",
        "io_name",
        "complaint_mode",
        "sensitivity",
        "involves_juvenile",
        "sexual_offence",
        "victim_count",
        "accused_count",
        "arrested_count",
        "brief_facts",
    ],
    "persons": [
        "person_id",
        "fir_id",
        "precinct_id",
        "role",
        "full_name",
        "age",
        "gender",
        "phone",
        "address",
        "is_juvenile",
        "arrested",
        "arrested_at",
    ],
    "vehicles": [
        "vehicle_id",
        "fir_id",
        "precinct_id",
        "registration_no",
        "vehicle_type",
        "make",
        "colour",
        "status",
    ],
}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    path = tmp_path_factory.mktemp("records") / "records.db"
    build_records_db(path, n_firs=N_FIRS, seed=7, today=TODAY)
    con = sqlite3.connect(path)
    yield con
    con.close()


def _one(con: sqlite3.Connection, sql: str) -> Any:
    return con.execute(sql).fetchone()[0]


def _dump(path: Path) -> list[str]:
    con = sqlite3.connect(path)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def test_tables_and_columns_are_exactly_the_contract(db: sqlite3.Connection) -> None:
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    name_index = {t for t in tables if t == NAME_INDEX or t.startswith(f"{NAME_INDEX}_")}
    assert name_index >= {NAME_INDEX, f"{NAME_INDEX}_content", f"{NAME_INDEX}_idx"}
    assert tables - {"sqlite_stat1"} - name_index == set(CONTRACT_COLUMNS)
    for table, columns in CONTRACT_COLUMNS.items():
        assert [r[1] for r in db.execute(f"PRAGMA table_info({table})")] == columns


def test_officer_filter_indexes_exist(db: sqlite3.Connection) -> None:
    """Each filter column leads an index, or follows precinct_id (jurisdiction) in one."""
    indexed = set()
    for table in CONTRACT_COLUMNS:
        for ix in db.execute(f"PRAGMA index_list({table})").fetchall():
            cols = [r[2] for r in db.execute(f"PRAGMA index_info({ix[1]})")]
            indexed.add((table, cols[0]))
            if cols[0] == "precinct_id" and len(cols) > 1:
                indexed.add((table, cols[1]))
    for pair in [
        ("firs", "precinct_id"),
        ("firs", "registered_at"),
        ("firs", "crime_group"),
        ("firs", "crime_head"),
        ("firs", "status"),
        ("firs", "district"),
        ("firs", "io_badge"),
        ("persons", "fir_id"),
        ("persons", "full_name"),
        ("vehicles", "registration_no"),
        ("vehicles", "fir_id"),
    ]:
        assert pair in indexed, pair


def test_same_seed_and_today_give_identical_content(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "c.db"
    build_records_db(a, n_firs=300, seed=11, today=TODAY)
    build_records_db(b, n_firs=300, seed=11, today=TODAY)
    build_records_db(c, n_firs=300, seed=12, today=TODAY)
    assert _dump(a) == _dump(b)
    assert a.read_bytes() == b.read_bytes()
    assert _dump(a) != _dump(c)


def test_build_replaces_an_existing_file_and_leaves_no_temp_file(tmp_path: Path) -> None:
    path = tmp_path / "records.db"
    path.write_text("not a database")
    stats = build_records_db(path, n_firs=50, seed=1, today=TODAY)
    assert stats.firs == 50
    assert _one(sqlite3.connect(path), "SELECT COUNT(*) FROM firs") == 50
    assert [p.name for p in tmp_path.iterdir()] == ["records.db"]


def test_stats_count_every_row(db: sqlite3.Connection) -> None:
    assert _one(db, "SELECT COUNT(*) FROM firs") == N_FIRS
    assert _one(db, "SELECT COUNT(*) FROM police_stations") == len(all_stations())


def test_fir_ids_are_unique_well_formed_and_carry_the_registration_year(
    db: sqlite3.Connection,
) -> None:
    rows = db.execute("SELECT fir_id, registered_at FROM firs").fetchall()
    assert len({r[0] for r in rows}) == len(rows)
    for fir_id, registered in rows:
        assert re.fullmatch(r"FIR-20\d\d-\d{5}", fir_id)
        assert fir_id[4:8] == registered[:4]


def test_timestamps_are_iso_text_and_occurrence_precedes_registration(
    db: sqlite3.Connection,
) -> None:
    stamp = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
    for reg, occ in db.execute("SELECT registered_at, occurred_at FROM firs"):
        assert stamp.fullmatch(reg) and stamp.fullmatch(occ)
        assert occ <= reg
        assert "2023-01-01" <= reg[:10] <= TODAY.isoformat()
    for reg, arrested in db.execute(
        "SELECT f.registered_at, p.arrested_at FROM persons p JOIN firs f USING (fir_id) "
        "WHERE p.arrested = 1"
    ):
        assert stamp.fullmatch(arrested) and reg <= arrested


def test_ipc_before_the_cutover_and_bns_from_it(db: sqlite3.Connection) -> None:
    before = [
        r[0] for r in db.execute("SELECT act_sections FROM firs WHERE registered_at < '2024-07-01'")
    ]
    after = [
        r[0]
        for r in db.execute("SELECT act_sections FROM firs WHERE registered_at >= '2024-07-01'")
    ]
    assert before and after
    assert not any("BNS " in s for s in before)
    assert not any("IPC " in s or "CrPC " in s for s in after)
    assert sum(s.startswith("IPC ") for s in before) > len(before) / 2
    assert sum(s.startswith("BNS ") for s in after) > len(after) / 2


def test_enumerated_columns_use_only_contract_values(db: sqlite3.Connection) -> None:
    def values(sql: str) -> set[object]:
        return {r[0] for r in db.execute(sql)}

    assert values("SELECT DISTINCT status FROM firs") == {
        "Under Investigation",
        "Charge Sheeted",
        "Closed",
        "Undetected",
        "Transferred",
    }
    assert values("SELECT DISTINCT complaint_mode FROM firs") == {
        "Walk-in",
        "e-FIR",
        "Zero FIR",
        "Phone",
        "Suo Motu",
    }
    assert values("SELECT DISTINCT role FROM persons") == {
        "complainant",
        "victim",
        "accused",
        "witness",
    }
    assert values("SELECT DISTINCT status FROM vehicles") == {
        "Stolen",
        "Recovered",
        "Seized",
        "Involved",
    }
    assert values("SELECT DISTINCT sensitivity FROM firs") == {1, 2, 3, 4, 5}


def test_older_firs_are_more_often_disposed(db: sqlite3.Connection) -> None:
    def open_share(where: str) -> float:
        return float(_one(db, "SELECT AVG(status = 'Under Investigation') FROM firs " + where))

    assert open_share("WHERE registered_at < '2024-01-01'") < 0.15
    assert open_share("WHERE registered_at >= '2026-11-01'") > 0.6


def test_sensitivity_is_mostly_low_and_high_for_sexual_offences(db: sqlite3.Connection) -> None:
    assert _one(db, "SELECT AVG(sensitivity <= 2) FROM firs") > 0.7
    assert _one(db, "SELECT MIN(sensitivity) FROM firs WHERE sexual_offence = 1") >= 4
    assert _one(db, "SELECT MIN(sensitivity) FROM firs WHERE crime_group = 'POCSO'") == 5
    assert _one(db, "SELECT MIN(sensitivity) FROM firs WHERE involves_juvenile = 1") >= 3


def test_offence_mix_is_realistic(db: sqlite3.Connection) -> None:
    share = float(_one(db, "SELECT AVG(crime_group IN ('RAPE', 'POCSO')) FROM firs"))
    assert 0.005 < share < 0.025
    top = [
        r[0]
        for r in db.execute(
            "SELECT crime_group FROM firs GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 3"
        )
    ]
    assert top[0] == "THEFT"


def test_juvenile_flags_follow_age_and_pocso_victims_are_children(db: sqlite3.Connection) -> None:
    assert _one(db, "SELECT COUNT(*) FROM persons WHERE (age < 18) != is_juvenile") == 0
    assert (
        _one(
            db,
            "SELECT COUNT(*) FROM persons p JOIN firs f USING (fir_id) "
            "WHERE f.crime_group = 'POCSO' AND p.role = 'victim' AND p.is_juvenile = 0",
        )
        == 0
    )
    assert (
        _one(
            db,
            "SELECT COUNT(*) FROM firs f WHERE involves_juvenile != EXISTS "
            "(SELECT 1 FROM persons p WHERE p.fir_id = f.fir_id AND p.is_juvenile = 1)",
        )
        == 0
    )


def test_counts_match_the_person_rows(db: sqlite3.Connection) -> None:
    mismatches = _one(
        db,
        """
        SELECT COUNT(*) FROM firs f JOIN (
            SELECT fir_id, SUM(role = 'victim') v, SUM(role = 'accused') a, SUM(arrested) r
            FROM persons GROUP BY fir_id) p USING (fir_id)
        WHERE f.victim_count != p.v OR f.accused_count != p.a OR f.arrested_count != p.r""",
    )
    assert mismatches == 0
    assert _one(db, "SELECT COUNT(*) FROM firs WHERE arrested_count > accused_count") == 0


def test_phones_and_plates_have_indian_formats(db: sqlite3.Connection) -> None:
    for (phone,) in db.execute("SELECT phone FROM persons WHERE phone IS NOT NULL"):
        assert re.fullmatch(r"[6-9]\d{9}", phone)
    plate = re.compile(r"[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{1,4}|\d{2}BH\d{4}[A-Z]{1,2}")
    plates = [r[0] for r in db.execute("SELECT registration_no FROM vehicles")]
    assert all(plate.fullmatch(p) for p in plates)
    assert sum(p.startswith("KA") for p in plates) > 0.85 * len(plates)
    assert any("BH" in p[2:4] for p in plates)


def test_every_row_belongs_to_a_known_fir_and_station(db: sqlite3.Connection) -> None:
    assert (
        _one(
            db,
            "SELECT COUNT(*) FROM firs f LEFT JOIN police_stations s USING (precinct_id) "
            "WHERE s.precinct_id IS NULL OR s.district != f.district",
        )
        == 0
    )
    for table in ("persons", "vehicles"):
        assert (
            _one(
                db,
                f"SELECT COUNT(*) FROM {table} x LEFT JOIN firs f USING (fir_id) "
                "WHERE f.fir_id IS NULL OR f.precinct_id != x.precinct_id",
            )
            == 0
        )


def test_vehicle_thefts_have_a_stolen_or_recovered_vehicle(db: sqlite3.Connection) -> None:
    assert (
        _one(
            db,
            """
        SELECT COUNT(*) FROM firs f WHERE crime_head LIKE '%WHEELER THEFT' AND NOT EXISTS (
            SELECT 1 FROM vehicles v WHERE v.fir_id = f.fir_id
            AND v.status IN ('Stolen', 'Recovered'))""",
        )
        == 0
    )


def test_ios_come_from_a_small_pool_per_station(db: sqlite3.Connection) -> None:
    assert (
        _one(
            db,
            "SELECT MAX(n) FROM (SELECT COUNT(DISTINCT io_badge) n FROM firs GROUP BY precinct_id)",
        )
        <= 6
    )
    names = [r[0] for r in db.execute("SELECT DISTINCT io_name FROM firs")]
    assert all(re.fullmatch(r"[A-Z]\. [A-Za-z']+ \((PI|PSI|ASI|HC)\)", n) for n in names)


def test_year_plan_starts_earlier_when_a_year_would_overflow() -> None:
    small = year_plan(20_000, TODAY)
    assert small[0][0] == 2023 and sum(c for *_, c in small) == 20_000
    large = year_plan(1_000_000, TODAY)
    assert large[0][0] < 2023
    assert sum(c for *_, c in large) == 1_000_000
    assert max(c for *_, c in large) < MAX_PER_YEAR
