"""The trigram name index serves person searches and never changes what an officer receives."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tools.records.clearance import plan_clearance, run_with_clearance
from tools.records.dialect import NAME_INDEX, name_search, to_sqlite
from tools.records.seed import build_records_db
from tools.records.seed_schema import index_ddl, table_ddl
from tools.records.sqlite_executor import SqliteExecutor
from tools.roster import officer_by_badge
from validators.clearance.policy import load_policy
from validators.clearance.sql_scope import table_sources
from validators.zcql import AcceptedStatement, validate

TODAY = date(2026, 12, 2)
OFFICERS = ("KA-3003", "KA-5005")
SEARCH = (
    "SELECT persons.fir_id, persons.full_name, persons.role, firs.status "
    "FROM persons INNER JOIN firs ON persons.fir_id = firs.fir_id "
    "WHERE persons.precinct_id IN ({p}) AND firs.precinct_id IN ({p}) "
    "AND persons.full_name LIKE '{pattern}' ORDER BY persons.person_id LIMIT 0, 300"
)


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("names") / "records.db"
    build_records_db(path, n_firs=1500, seed=7, today=TODAY)
    return path


@pytest.fixture(scope="module")
def plain(indexed: Path) -> Path:
    """The same rows without the name index."""
    path = indexed.with_name("plain.db")
    with sqlite3.connect(indexed) as source, sqlite3.connect(path) as copy:
        source.backup(copy)
        copy.execute(f"DROP TABLE {NAME_INDEX}")
    return path


@pytest.fixture(scope="module")
def patterns(indexed: Path) -> list[str]:
    with sqlite3.connect(indexed) as con:
        names = [r[0] for r in con.execute("SELECT full_name FROM persons LIMIT 40")]
    first, last = names[0].split()[0], names[1].split()[-1]
    return [
        f"*{names[2]}*",
        f"*{first.upper()}*",
        f"{first.lower()}*",
        f"*{last[:3]}?*",
        f"*{names[3].split()[0]} {names[3].split()[-1][:2]}*",
        "*ab*",
        "*withheld*",
    ]


def _accepted(badge: str, pattern: str) -> AcceptedStatement:
    officer = officer_by_badge(badge)
    listed = ", ".join(f"'{p}'" for p in sorted(officer.precincts))
    verdict = validate(SEARCH.format(p=listed, pattern=pattern), officer.precincts)
    assert verdict.accepted_statement is not None, verdict.reasons
    return verdict.accepted_statement


@pytest.fixture
def executors(indexed: Path, plain: Path) -> Iterator[tuple[SqliteExecutor, SqliteExecutor]]:
    with_index, without = SqliteExecutor(indexed), SqliteExecutor(plain)
    yield with_index, without
    with_index.close()
    without.close()


async def test_a_search_returns_the_same_rows_with_and_without_the_index(
    executors: tuple[SqliteExecutor, SqliteExecutor], patterns: list[str]
) -> None:
    """Bare, and cleared against the policy's full sources with nothing copied into them."""
    with_index, without = executors
    assert with_index.name_index and not without.name_index
    policy = load_policy()
    matched = 0
    for badge in OFFICERS:
        officer = officer_by_badge(badge)
        for pattern in patterns:
            statement = _accepted(badge, pattern)
            bare = [(await e.execute(statement)).rows for e in executors]
            assert bare[0] == bare[1], pattern
            reference = await without.execute(
                statement, table_sources(officer, policy, "sqlite", tables=statement.tables)
            )
            for executor in executors:
                cleared = await run_with_clearance(statement, officer, executor, policy)
                assert cleared.rows == reference.rows, (badge, pattern)
            matched += len(reference.rows)
    assert matched > 0


async def test_the_bare_and_the_cleared_search_read_the_index(indexed: Path) -> None:
    statement = _accepted("KA-3003", "*Kumar*")
    with sqlite3.connect(indexed) as con:
        steps = [
            r[3] for r in con.execute(f"EXPLAIN QUERY PLAN {to_sqlite(statement, name_index=True)}")
        ]
    assert any(f"{NAME_INDEX} VIRTUAL TABLE" in step for step in steps), steps
    officer = officer_by_badge("KA-3003")
    source = plan_clearance(statement, officer, load_policy(), "sqlite", name_index=True)
    assert f"FROM main.{NAME_INDEX} WHERE full_name LIKE '%Kumar%'" in source.sources["persons"]
    assert NAME_INDEX not in to_sqlite(statement)


def test_triggers_keep_the_index_in_step_with_persons() -> None:
    con = sqlite3.connect(":memory:")
    con.executescript(table_ddl())
    con.executescript(index_ddl("sqlite"))
    con.execute("PRAGMA foreign_keys = OFF")
    person = "INSERT INTO persons (person_id, fir_id, precinct_id, role, full_name, is_juvenile, "
    con.execute(person + "arrested) VALUES ('P1', 'F1', 'X', 'victim', 'Asha Rao', 0, 0)")
    con.execute("UPDATE persons SET full_name = 'Asha Reddy' WHERE person_id = 'P1'")
    search = f"SELECT person_id FROM {NAME_INDEX} WHERE full_name LIKE ?"
    assert con.execute(search, ("%reddy%",)).fetchall() == [("P1",)]
    assert con.execute(search, ("%rao%",)).fetchall() == []
    con.execute("DELETE FROM persons")
    assert con.execute(f"SELECT COUNT(*) FROM {NAME_INDEX}").fetchone() == (0,)


def test_running_the_index_part_again_leaves_one_segment_and_the_same_matches(
    indexed: Path,
) -> None:
    """How an existing file gets new indexes: the name index is refilled, then merged."""
    path = indexed.with_name("again.db")
    with sqlite3.connect(indexed) as source, sqlite3.connect(path) as copy:
        source.backup(copy)
    search = f"SELECT person_id FROM {NAME_INDEX} WHERE full_name LIKE '%ku%' ORDER BY 1"
    con = sqlite3.connect(path, isolation_level=None)
    try:
        before = con.execute(search).fetchall()
        con.executescript(index_ddl("sqlite"))
        segments = con.execute(f"SELECT COUNT(DISTINCT segid) FROM {NAME_INDEX}_idx").fetchone()
        assert segments == (1,)
        assert con.execute(search).fetchall() == before != []
    finally:
        con.close()


NAME_CHARS = st.sampled_from("aAbBkKrRuUvViIéÉİß _%!")


@settings(max_examples=300, deadline=None)
@given(
    names=st.lists(st.text(NAME_CHARS, min_size=1, max_size=12), min_size=1, max_size=8),
    pattern=st.text(st.sampled_from("aAbBkKrRuUvViIéÉ ?*"), min_size=1, max_size=8),
)
def test_the_trigram_match_is_never_narrower_than_like(names: list[str], pattern: str) -> None:
    """So the index beside the statement's own LIKE can never drop a row LIKE keeps.

    Only for patterns `name_search` gives to the index: SQLite's trigram LIKE returns no row
    at all for a pattern of fewer than three characters in a row (e.g. 'AÉ')."""
    assume(name_search(pattern, "persons") is not None)
    con = sqlite3.connect(":memory:")
    con.execute(
        f"CREATE VIRTUAL TABLE {NAME_INDEX} USING fts5(full_name, person_id UNINDEXED, "
        "tokenize = 'trigram')"
    )
    con.execute("CREATE TABLE persons (person_id TEXT, full_name TEXT)")
    rows = [(f"P{i}", name) for i, name in enumerate(names)]
    con.executemany("INSERT INTO persons VALUES (?, ?)", rows)
    con.executemany(f"INSERT INTO {NAME_INDEX} (person_id, full_name) VALUES (?, ?)", rows)
    like = pattern.replace("*", "%").replace("?", "_")
    plain = con.execute("SELECT person_id FROM persons WHERE full_name LIKE ?", (like,))
    indexed = con.execute(f"SELECT person_id FROM {NAME_INDEX} WHERE full_name LIKE ?", (like,))
    assert {r[0] for r in plain} <= {r[0] for r in indexed}
