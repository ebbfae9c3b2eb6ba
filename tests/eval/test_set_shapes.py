"""Every case of every held-out set is well formed, and every gold query runs on the demo
database and returns the frozen gold rows."""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from bench.eval_sets import (
    EVAL_DIR,
    fallback_case_problems,
    knowledge_case_problems,
    load_set,
    out_of_scope_case_problems,
    records_case_problems,
)
from tools.roster import load_roster

ROSTER = load_roster()
BADGES = set(ROSTER)
#: Version 1 (written first), versions 2 to 6 (written later, each in new wording); see the README.
VERSIONS = {"v1": "", "v2": "_v2", "v3": "_v3", "v4": "_v4", "v5": "_v5", "v6": "_v6"}
RECORDS_SETS = {v: load_set(EVAL_DIR / f"records_heldout{s}.jsonl") for v, s in VERSIONS.items()}
KNOWLEDGE_SETS = {
    v: load_set(EVAL_DIR / f"knowledge_heldout{s}.jsonl") for v, s in VERSIONS.items()
}
OUT_OF_SCOPE_SETS = {v: load_set(EVAL_DIR / f"out_of_scope{s}.jsonl") for v, s in VERSIONS.items()}
FALLBACK_SETS = {v: load_set(EVAL_DIR / f"fallback_heldout{s}.jsonl") for v, s in VERSIONS.items()}
PRECINCT = re.compile(r"'([A-Z]{3}-[A-Z]-[A-Z]{3})'")
ALL_RECORDS = [c for s in RECORDS_SETS.values() for c in s.cases]
ALL_FALLBACK = [c for s in FALLBACK_SETS.values() for c in s.cases]


@pytest.mark.parametrize(
    ("eval_set", "check"),
    [
        pytest.param(sets[version], check, id=f"{name}-{version}")
        for version in VERSIONS
        for name, sets, check in (
            ("records", RECORDS_SETS, records_case_problems),
            ("knowledge", KNOWLEDGE_SETS, knowledge_case_problems),
            ("out_of_scope", OUT_OF_SCOPE_SETS, out_of_scope_case_problems),
            ("fallback", FALLBACK_SETS, fallback_case_problems),
        )
    ],
)
def test_every_case_is_well_formed_with_a_unique_id(eval_set, check) -> None:
    problems = {c.get("id", "?"): p for c in eval_set.cases if (p := check(c, BADGES))}
    assert not problems
    ids = [c["id"] for c in eval_set.cases]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("version", VERSIONS)
def test_the_sets_have_the_sizes_the_issues_ask_for(version: str) -> None:
    records, knowledge = RECORDS_SETS[version], KNOWLEDGE_SETS[version]
    expected = Counter(c["expected"] for c in records.cases)
    assert len(records.cases) >= 200 and expected["clarify"] >= 20 and expected["refuse"] >= 15
    assert len(knowledge.cases) >= 100
    assert any(c["expected"] == "abstain" for c in knowledge.cases)
    assert len(OUT_OF_SCOPE_SETS[version].cases) == 30
    assert sum(c["expected"] == "answer" for c in FALLBACK_SETS[version].cases) >= 40


def test_version_2_has_the_minimum_hinglish_kanglish_and_abstain_counts() -> None:
    knowledge = Counter(c["category"] for c in KNOWLEDGE_SETS["v2"].cases)
    assert knowledge["hinglish"] + knowledge["kanglish"] >= 15
    assert sum(c["expected"] == "abstain" for c in KNOWLEDGE_SETS["v2"].cases) >= 12
    assert sum(c["expected"] == "needs_web" for c in FALLBACK_SETS["v2"].cases) >= 2


def _questions(version: str) -> set[str]:
    sets = (RECORDS_SETS, KNOWLEDGE_SETS, OUT_OF_SCOPE_SETS, FALLBACK_SETS)
    return {c["question"].strip().casefold() for s in sets for c in s[version].cases}


@pytest.mark.parametrize("version", list(VERSIONS)[1:])
def test_each_version_repeats_no_question_of_the_versions_before_it(version: str) -> None:
    earlier = list(VERSIONS)[: list(VERSIONS).index(version)]
    assert not _questions(version) & set().union(*(_questions(v) for v in earlier))


def test_version_3_has_the_minimum_counts_its_brief_asks_for() -> None:
    records = Counter(c["expected"] for c in RECORDS_SETS["v3"].cases)
    assert records["answer"] >= 165 and records["clarify"] >= 20 and records["refuse"] >= 12
    knowledge = Counter(c["category"] for c in KNOWLEDGE_SETS["v3"].cases)
    assert knowledge["hinglish"] + knowledge["kanglish"] >= 15
    assert sum(c["expected"] == "abstain" for c in KNOWLEDGE_SETS["v3"].cases) >= 15
    assert sum(c["expected"] == "needs_web" for c in FALLBACK_SETS["v3"].cases) >= 2


@pytest.mark.parametrize(
    ("sets", "prefix"),
    [
        (RECORDS_SETS, "r3-"),
        (KNOWLEDGE_SETS, "k3-"),
        (OUT_OF_SCOPE_SETS, "oos3-"),
        (FALLBACK_SETS, "fb3-"),
    ],
)
def test_version_3_ids_carry_their_set_prefix(sets, prefix: str) -> None:
    assert all(c["id"].startswith(prefix) for c in sets["v3"].cases)


def test_every_set_is_built_on_the_same_database_and_clock() -> None:
    first = RECORDS_SETS["v1"]
    for eval_set in [*RECORDS_SETS.values(), *FALLBACK_SETS.values()]:
        assert eval_set.database == first.database
        assert eval_set.clock == first.clock


@pytest.mark.parametrize("version", VERSIONS)
def test_the_records_set_covers_every_required_kind_of_question(version: str) -> None:
    categories = {c["category"] for c in RECORDS_SETS[version].cases}
    assert {
        "typo",
        "hinglish",
        "kanglish",
        "named_date",
        "persons",
        "arrests",
        "comparison",
        "io_filter",
        "vehicles",
        "fir_no_no_year",
        "followup",
        "page_context",
        "clarify_station",
        "clarify_io",
        "clarify_unknown_word",
        "refuse_write",
        "refuse_jurisdiction",
        "refuse_forecast",
    } <= categories


def test_every_gold_query_stays_inside_the_officers_precincts_and_clearance() -> None:
    for case in ALL_RECORDS + ALL_FALLBACK:
        sql = case.get("gold_sql")
        if not sql:
            continue
        officer = ROSTER[case["officer"]]
        outside = set(PRECINCT.findall(sql)) - set(officer.precincts)
        assert not outside, (case["id"], outside)
        assert f"sensitivity <= {officer.clearance}" in sql, case["id"]


def test_every_records_gold_query_returns_the_frozen_gold_rows(heldout_records_db: Path) -> None:
    """As multisets, the way answers are matched: row order without ORDER BY is the planner's
    choice (an index added for speed may change it)."""
    with sqlite3.connect(f"file:{heldout_records_db}?mode=ro", uri=True) as db:
        drift = {
            case["id"]: rows
            for case in ALL_RECORDS
            if case["expected"] == "answer"
            and sorted(
                map(repr, rows := [list(r) for r in db.execute(case["gold_sql"]).fetchall()])
            )
            != sorted(map(repr, case["gold_result"]))
        }
    assert not drift


def test_every_fallback_gold_query_executes_and_finds_data(heldout_records_db: Path) -> None:
    with sqlite3.connect(f"file:{heldout_records_db}?mode=ro", uri=True) as db:
        for case in ALL_FALLBACK:
            if case.get("gold_sql"):
                row = db.execute(case["gold_sql"]).fetchone()
                assert row is not None and all(v is not None for v in row), case["id"]
