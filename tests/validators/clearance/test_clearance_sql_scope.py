"""The compiled SQL sources: safe precinct quoting, dialects, NULL-safe masks."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.validators.clearance.clearance_casefile import HOME, ROSTER, officer
from tools.roster import load_roster
from validators.clearance.policy import ClearancePolicy
from validators.clearance.sql_scope import precinct_only_sources, table_sources


def test_sources_shadow_the_three_case_tables(policy: ClearancePolicy) -> None:
    sources = table_sources(ROSTER["inspector"], policy)
    assert set(sources) == {"firs", "persons", "vehicles"}
    assert "police_stations" not in table_sources(ROSTER["inspector"], policy, tables={"firs"})


def test_sqlite_sources_read_the_schema_qualified_tables(policy: ClearancePolicy) -> None:
    persons = table_sources(ROSTER["inspector"], policy, "sqlite")["persons"]
    assert "FROM main.persons AS t JOIN main.firs AS f" in persons


def test_postgres_sources_read_the_public_schema(policy: ClearancePolicy) -> None:
    persons = table_sources(ROSTER["inspector"], policy, "postgres")["persons"]
    assert "FROM public.persons AS t JOIN public.firs AS f" in persons
    assert "main." not in persons


def test_sensitivity_appears_only_in_full_sources(policy: ClearancePolicy) -> None:
    full = table_sources(ROSTER["inspector"], policy)["firs"]
    scoped = precinct_only_sources(ROSTER["inspector"], policy)["firs"]
    assert "t.sensitivity <= 3" in full
    assert "sensitivity <=" not in scoped
    assert f"t.precinct_id IN ('{HOME}')" in scoped


@pytest.mark.parametrize("bad", ["BLR'); DROP TABLE firs; --", "blr-e-krp", "A" * 33, "X Y"])
def test_malformed_precinct_ids_are_refused(policy: ClearancePolicy, bad: str) -> None:
    with pytest.raises(ValueError, match="malformed precinct"):
        table_sources(officer("odd", 3, precincts=(bad,)), policy)


def test_officer_without_precincts_sees_no_rows(policy: ClearancePolicy) -> None:
    sources = table_sources(officer("nobody", 5, precincts=()), policy)
    assert all("1 = 0" in sql for sql in sources.values())


def test_an_officer_who_satisfies_every_rule_gets_plain_columns(policy: ClearancePolicy) -> None:
    sources = table_sources(ROSTER["chief"], policy)
    assert all("CASE" not in sql for sql in sources.values())


def test_unknown_facts_mask_the_identity(tmp_path: Path, policy: ClearancePolicy) -> None:
    conn = sqlite3.connect(tmp_path / "nulls.db")
    conn.executescript(
        "CREATE TABLE firs (fir_id, precinct_id, sensitivity, sexual_offence, involves_juvenile);"
        "CREATE TABLE persons (person_id, fir_id, precinct_id, role, full_name, age, gender, "
        "phone, address, is_juvenile, arrested, arrested_at);"
    )
    conn.execute("INSERT INTO firs VALUES ('F1', ?, 1, NULL, 0)", (HOME,))
    conn.executemany(
        "INSERT INTO persons VALUES (?, 'F1', ?, ?, ?, 30, 'M', '9', 'addr', ?, 0, NULL)",
        [
            ("P1", HOME, "victim", "Unknown Offence Victim", 0),
            ("P2", HOME, "accused", "Unknown Juvenile", None),
            ("P3", HOME, "accused", "Known Adult", 0),
        ],
    )
    persons = table_sources(ROSTER["inspector"], policy)["persons"]
    rows = conn.execute(
        f"WITH persons AS ({persons}) SELECT person_id, full_name, age FROM persons "
        "ORDER BY person_id"
    ).fetchall()
    assert rows == [
        ("P1", "[withheld]", None),
        ("P2", "[withheld]", None),
        ("P3", "Known Adult", 30),
    ]


def test_every_roster_officer_compiles(policy: ClearancePolicy) -> None:
    for who in load_roster().values():
        sources = table_sources(who, policy)
        assert all(f"'{p}'" in sources["firs"] for p in who.precincts)
