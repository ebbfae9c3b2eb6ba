"""`validate` keeps verdicts by exact statement text and precinct set, and a kept verdict is
the one `judge` makes afresh for that pair."""

from __future__ import annotations

from validators.zcql.validate import ZcqlVerdict, judge, validate

from .conftest import PRECINCTS

STATEMENT = "SELECT COUNT(ROWID) FROM firs WHERE precinct_id = 'BLR-E-KRP' AND status = 'Closed'"


def _same(left: ZcqlVerdict, right: ZcqlVerdict) -> bool:
    trees = [v.tree.sql() if v.tree is not None else None for v in (left, right)]
    return left.to_dict() == right.to_dict() and trees[0] == trees[1]


def test_a_statement_asked_again_gets_the_kept_verdict() -> None:
    first = validate(STATEMENT, PRECINCTS)
    assert validate(STATEMENT, set(PRECINCTS)) is first
    assert first.accepted


def test_the_kept_verdict_is_the_one_judged_afresh() -> None:
    for statement in (STATEMENT, "SELECT fir_id FROM firs", STATEMENT.replace("KRP", "XYZ")):
        assert _same(validate(statement, PRECINCTS), judge(statement, frozenset(PRECINCTS)))


def test_the_precincts_are_part_of_the_key() -> None:
    assert validate(STATEMENT, PRECINCTS).accepted
    elsewhere = validate(STATEMENT, {"MYS-C-LSK"})
    assert not elsewhere.accepted
    assert any("outside your jurisdiction" in reason for reason in elsewhere.reasons)


def test_any_change_to_the_text_is_judged_anew() -> None:
    assert validate(STATEMENT, PRECINCTS).accepted
    changed = validate(STATEMENT.replace("'BLR-E-KRP'", "'MYS-C-LSK'"), PRECINCTS)
    assert not changed.accepted
    assert validate(STATEMENT + " ", PRECINCTS) is not validate(STATEMENT, PRECINCTS)
