"""ZCQL's five WHERE conditions: an aggregate moves single-value equalities into HAVING (same
rows, no filter dropped); anything else is refused without naming a number.

Wording here is this suite's own; every drafted statement must pass the ZCQL validator, and
the HAVING form must count exactly what the plain SQL filter counts on a seeded database.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from tools.domain.places import stations_in
from tools.records.dialect import to_sqlite
from tools.records.seed import build_records_db
from tools.text2zcql import builder as b
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from tools.text2zcql.offline import parse
from validators.zcql.validate import validate

TODAY = date(2026, 12, 2)
MYSURU = tuple(sorted(s.precinct_id for s in stations_in("Mysuru")))


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("budget") / "records.db"
    build_records_db(path, n_firs=3000, seed=11, today=TODAY)
    return path


def draft(question: str) -> ZcqlDraft:
    d = parse(ZcqlRequest(question, MYSURU, TODAY))
    if d.statement is not None:
        assert validate(d.statement, MYSURU).accepted_statement is not None, d.statement
    return d


def run(db: Path, statement: str) -> list[tuple[object, ...]]:
    accepted = validate(statement, MYSURU).accepted_statement
    assert accepted is not None
    with sqlite3.connect(db) as con:
        return [tuple(r) for r in con.execute(to_sqlite(accepted)).fetchall()]


def test_within_the_budget_nothing_moves() -> None:
    where = [b.equals_any("precinct_id", ["A"]), b.equals_any("status", ["Closed"])]
    assert b.split_for_having(where) == (where, [])


def test_the_last_equalities_move_and_the_jurisdiction_never_does() -> None:
    where = [
        b.equals_any("persons.precinct_id", ["A", "B"]),
        b.equals_any("firs.precinct_id", ["A", "B"]),
        b.equals_any("persons.role", ["victim"]),
        b.Condition("persons.age > 30"),
        b.equals_any("firs.crime_head", ["DOWRY DEATH"]),
        b.Condition("firs.registered_at >= '2025-01-01 00:00:00'"),
        b.Condition("firs.registered_at < '2026-01-01 00:00:00'"),
    ]
    kept, having = b.split_for_having(where)
    assert b.cost(kept) == b.MAX_CONDITIONS
    assert [c.column for c in having] == ["persons.role", "firs.crime_head"]
    assert all("precinct_id" not in c.sql for c in having)


def test_ranges_and_in_lists_never_move_so_an_impossible_split_is_refused() -> None:
    where = [
        b.equals_any("precinct_id", ["A"]),
        b.equals_any("status", ["Closed", "Undetected"]),
        *b.date_bounds("registered_at", date(2025, 1, 1), date(2025, 2, 1)),
        b.Condition("victim_count > 1"),
        b.Condition("accused_count > 1"),
    ]
    assert b.split_for_having(where) == (where, [])
    assert b.aggregate(("COUNT(ROWID)",), "firs", where) is None


def test_a_crowded_arrest_count_counts_exactly_what_sql_would(db: Path) -> None:
    d = draft("number of accused arrested during 2025 in dacoity cases at Lashkar")
    assert d.statement is not None and " HAVING " in d.statement
    (got,) = run(db, d.statement) or [(0,)]
    with sqlite3.connect(db) as con:
        (want,) = con.execute(
            "SELECT COUNT(*) FROM persons p JOIN firs f ON f.fir_id = p.fir_id "
            "WHERE f.precinct_id = 'MYS-C-LSK' AND f.crime_group = 'DACOITY' "
            "AND p.arrested = 1 AND p.arrested_at >= '2025-01-01' AND p.arrested_at < '2026-01-01'"
        ).fetchone()
    assert got == (want,)


def test_a_crowded_person_count_counts_exactly_what_sql_would(db: Path) -> None:
    d = draft(
        "count the women victims older than 20 in cheating cases at Nazarbad since March 2025"
    )
    assert d.statement is not None, d.unparsed_reason
    assert "gender = 'Female'" in d.statement and "age > 20" in d.statement
    rows = run(db, d.statement)
    with sqlite3.connect(db) as con:
        (want,) = con.execute(
            "SELECT COUNT(*) FROM persons p JOIN firs f ON f.fir_id = p.fir_id "
            "WHERE f.precinct_id = 'MYS-C-NZB' AND f.crime_group = 'CHEATING' "
            "AND p.role = 'victim' AND p.gender = 'Female' AND p.age > 20 "
            "AND f.registered_at >= '2025-03-01'"
        ).fetchone()
    assert (rows[0][0] if rows else 0) == want


def test_accused_not_arrested_are_counted_as_persons_not_summed() -> None:
    d = draft("how many accused in Lashkar robbery cases are yet to be arrested")
    statement = d.statement or ""
    assert statement.startswith("SELECT COUNT(persons.ROWID) FROM persons")
    assert "persons.arrested = FALSE" in statement and "persons.role = 'accused'" in statement
    assert "arrested_count" not in statement


def test_a_list_that_needs_too_many_conditions_is_refused_without_numbers() -> None:
    d = draft("list juvenile pending e-FIR thefts at Lashkar citing IPC 379 last month")
    assert d.statement is None
    assert "more filters than ZCQL allows" in (d.unparsed_reason or "")
    assert not re.search(r"\d", d.unparsed_reason or "")
