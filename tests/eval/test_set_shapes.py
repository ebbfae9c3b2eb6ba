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
RECORDS = load_set(EVAL_DIR / "records_heldout.jsonl")
KNOWLEDGE = load_set(EVAL_DIR / "knowledge_heldout.jsonl")
OUT_OF_SCOPE = load_set(EVAL_DIR / "out_of_scope.jsonl")
FALLBACK = load_set(EVAL_DIR / "fallback_heldout.jsonl")
PRECINCT = re.compile(r"'([A-Z]{3}-[A-Z]-[A-Z]{3})'")


@pytest.mark.parametrize(
    ("eval_set", "check"),
    [
        (RECORDS, records_case_problems),
        (KNOWLEDGE, knowledge_case_problems),
        (OUT_OF_SCOPE, out_of_scope_case_problems),
        (FALLBACK, fallback_case_problems),
    ],
    ids=["records", "knowledge", "out_of_scope", "fallback"],
)
def test_every_case_is_well_formed_with_a_unique_id(eval_set, check) -> None:
    problems = {c.get("id", "?"): p for c in eval_set.cases if (p := check(c, BADGES))}
    assert not problems
    ids = [c["id"] for c in eval_set.cases]
    assert len(ids) == len(set(ids))


def test_the_sets_have_the_sizes_the_issues_ask_for() -> None:
    expected = Counter(c["expected"] for c in RECORDS.cases)
    assert len(RECORDS.cases) >= 200 and expected["clarify"] >= 20 and expected["refuse"] >= 15
    assert len(KNOWLEDGE.cases) >= 100
    assert any(c["expected"] == "abstain" for c in KNOWLEDGE.cases)
    assert len(OUT_OF_SCOPE.cases) == 30
    assert sum(c["expected"] == "answer" for c in FALLBACK.cases) >= 40


def test_the_records_set_covers_every_required_kind_of_question() -> None:
    categories = {c["category"] for c in RECORDS.cases}
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
    for case in RECORDS.cases + FALLBACK.cases:
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
            for case in RECORDS.cases
            if case["expected"] == "answer"
            and sorted(
                map(repr, rows := [list(r) for r in db.execute(case["gold_sql"]).fetchall()])
            )
            != sorted(map(repr, case["gold_result"]))
        }
    assert not drift


def test_every_fallback_gold_query_executes_and_finds_data(heldout_records_db: Path) -> None:
    with sqlite3.connect(f"file:{heldout_records_db}?mode=ro", uri=True) as db:
        for case in FALLBACK.cases:
            if case.get("gold_sql"):
                row = db.execute(case["gold_sql"]).fetchone()
                assert row is not None and all(v is not None for v in row), case["id"]
