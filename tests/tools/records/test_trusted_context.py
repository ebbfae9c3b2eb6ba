"""Context look-ups: text and tree say the same, and the text runs as written on SQLite."""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path

import pytest
import sqlglot

from schemas.officer import Officer
from tools.records.dialect import to_postgres, to_sqlite
from tools.records.seed import build_records_db
from tools.records.trusted import context_queries
from tools.roster import officer_by_badge
from validators.zcql import validate

KEYS = {
    "firs": "SELECT fir_id FROM firs WHERE precinct_id IN ('BLR-E-KRP', 'MYS-C-LSK') LIMIT 150",
    "persons": "SELECT person_id FROM persons WHERE precinct_id = 'BLR-E-KRP' LIMIT 120",
    "vehicles": "SELECT vehicle_id FROM vehicles WHERE precinct_id = 'BLR-E-KRP' LIMIT 30",
}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("trusted") / "records.db"
    build_records_db(path, n_firs=1500, seed=7, today=date(2026, 12, 2))
    return path


def _nobody() -> Officer:
    return Officer(badge_id="KA-0", name="x", rank="PSI", clearance=1, precincts=frozenset())


@pytest.mark.parametrize("table", sorted(KEYS))
def test_the_text_and_the_tree_are_the_same_query(table: str) -> None:
    for officer in (officer_by_badge("KA-3003"), _nobody()):
        for query in context_queries(table, ["K-1", "K-2"], officer):
            parsed = sqlglot.parse_one(query.statement, read="mysql")
            assert parsed.sql() == query.tree.sql()
            assert to_sqlite(query) == to_postgres(query) == query.statement


@pytest.mark.parametrize("table", sorted(KEYS))
def test_the_text_gives_the_rows_the_translated_tree_gives(db: Path, table: str) -> None:
    con = sqlite3.connect(db)
    try:
        keys = [row[0] for row in con.execute(KEYS[table])]
        officer = officer_by_badge("KA-3003")
        queries = context_queries(table, keys, officer)
        assert queries
        for query in queries:
            accepted = validate(query.statement, officer.precincts).accepted_statement
            assert accepted is not None
            as_written = con.execute(query.statement)
            rows = as_written.fetchall()
            names = [d[0] for d in as_written.description]
            again = con.execute(to_sqlite(accepted))
            assert rows == again.fetchall() and rows
            assert names == [d[0] for d in again.description]
    finally:
        con.close()
