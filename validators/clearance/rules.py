"""The policy's rules as small pure functions over (officer, facts), for the Python path.

Row checks answer True (visible), False (hidden) or None (cannot be told from the facts);
`mask_reason` names the first column rule that masks a cell. The SQL path compiles the
same rules in `sql_scope`; tests hold the two equivalent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from schemas.officer import Officer
from validators.clearance.conditions import CONDITIONS, Facts
from validators.clearance.policy import ClearancePolicy
from validators.clearance.projection import ColumnRef, DerivedRef

MAX_SENSITIVITY = 5


def as_int(value: Any) -> int | None:
    """An integer cell (int, float or numeric text), else None."""
    try:
        return int(value) if value is not None and not isinstance(value, bool) else None
    except (TypeError, ValueError):
        return None


def precinct_in_jurisdiction(officer: Officer, table: str, facts: Facts) -> bool | None:
    """The record's precinct (and its FIR's) is one of the officer's precincts."""
    sides = [facts.row] if table == "firs" else [facts.row, facts.fir]
    known = [side["precinct_id"] for side in sides if "precinct_id" in side]
    if any(p not in officer.precincts for p in known):
        return False
    return True if len(known) == len(sides) else None


def sensitivity_within_clearance(officer: Officer, table: str, facts: Facts) -> bool | None:
    """The FIR's sensitivity is at most the officer's clearance."""
    if "sensitivity" not in facts.fir:
        return True if officer.clearance >= MAX_SENSITIVITY else None
    level = as_int(facts.fir["sensitivity"])
    return level is not None and level <= officer.clearance


ROW_CHECKS: dict[str, Callable[[Officer, str, Facts], bool | None]] = {
    "precinct_in_jurisdiction": precinct_in_jurisdiction,
    "sensitivity_within_clearance": sensitivity_within_clearance,
}

UNVERIFIABLE = "unverifiable_record"


def withheld_reason(
    officer: Officer,
    policy: ClearancePolicy,
    table: str,
    facts: Facts,
    *,
    jurisdiction_checked: bool = False,
) -> str | None:
    """The first row rule that hides the record, `unverifiable_record` if unknown, or None."""
    for rule in policy.row_rules:
        verdict = ROW_CHECKS[rule.check](officer, table, facts)
        if verdict is None and jurisdiction_checked and rule.check == "precinct_in_jurisdiction":
            continue
        if verdict is None:
            return UNVERIFIABLE
        if not verdict:
            return rule.name
    return None


def mask_reason(
    officer: Officer, policy: ClearancePolicy, ref: ColumnRef, facts: Facts
) -> str | None:
    """The unsatisfied column rule that masks a cell, or None when none applies.

    A rule applies unless its condition is provably false; one that provably holds is
    named before one that merely cannot be ruled out.
    """
    held = [
        (CONDITIONS[rule.condition].holds(facts), rule.name)
        for rule in policy.unsatisfied(officer, ref.table, ref.column)
    ]
    return next((n for h, n in held if h), None) or next((n for h, n in held if h is None), None)


def derived_mask_reason(officer: Officer, policy: ClearancePolicy, ref: DerivedRef) -> str | None:
    """An expression over a column the officer may not see in every row is masked whole."""
    for col in sorted(ref.refs, key=lambda r: (r.alias, r.column)):
        rules = policy.unsatisfied(officer, col.table, col.column)
        if rules:
            return rules[0].name
    return None


def unknown_column_reason(officer: Officer, policy: ClearancePolicy, key: str) -> str | None:
    """A cell of unknown origin is masked if any unsatisfied rule covers a column of its name."""
    name = key.rsplit(".", 1)[-1]
    for rule in policy.column_rules:
        if name in rule.columns and not rule.satisfied_by(officer):
            return rule.name
    return None
