"""What is known about each record of a result, and the policy's rules over it (Python path).

`row_facts` gathers, per table alias of a result row, its cells plus trusted context. Row
checks answer True (visible), False (hidden) or None (cannot be told from the facts);
`mask_reason` names the first column rule that masks a cell. The SQL path compiles the
same rules in `sql_scope`; tests hold the two equivalent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from schemas.officer import Officer
from schemas.records import CASE_TABLES, KEYS
from validators.clearance.conditions import CONDITIONS, Facts
from validators.clearance.policy import ClearancePolicy
from validators.clearance.projection import CellSource, ColumnRef, DerivedRef

Record = Mapping[str, Any]


@dataclass(frozen=True)
class RecordContext:
    """Trusted base-table facts by key: FIRs by fir_id, persons by person_id, vehicles by id."""

    firs: Mapping[str, Record] = field(default_factory=dict)
    persons: Mapping[str, Record] = field(default_factory=dict)
    vehicles: Mapping[str, Record] = field(default_factory=dict)

    def by_table(self, table: str) -> Mapping[str, Record]:
        """The context rows of one case-data table."""
        return {"firs": self.firs, "persons": self.persons, "vehicles": self.vehicles}[table]


def alias_cells(row: Record, sources: Mapping[str, CellSource]) -> dict[str, dict[str, Any]]:
    """Alias -> {column: value} for the plain columns of the row."""
    out: dict[str, dict[str, Any]] = {}
    for key, src in sources.items():
        if isinstance(src, ColumnRef) and key in row:
            out.setdefault(src.alias, {})[src.column] = row[key]
    return out


def facts_for(table: str, cells: Record, context: RecordContext) -> Facts:
    """Facts about one alias: its cells overlaid with its context row and its FIR's."""
    own = dict(cells)
    key = own.get(KEYS[table]) if table in CASE_TABLES else None
    if key is not None:
        own.update(context.by_table(table).get(str(key), {}))
    if table == "firs":
        return Facts(own, own)
    fir_id = own.get("fir_id")
    fir = context.firs.get(str(fir_id), {}) if fir_id is not None else {}
    return Facts(own, fir)


def row_facts(
    row: Record,
    sources: Mapping[str, CellSource],
    aliases: Mapping[str, str],
    context: RecordContext,
    links: Mapping[str, str] | None = None,
) -> dict[str, Facts]:
    """Facts for every case-data alias of the query, known or not.

    `links` (alias -> firs alias, `projection.fir_links`) supplies the FIR of a person or
    vehicle from the FIR the statement joined it to, when the row has no fir_id for it.
    """
    cells = alias_cells(row, sources)
    out = {
        alias: facts_for(table, cells.get(alias, {}), context)
        for alias, table in aliases.items()
        if table in CASE_TABLES
    }
    for alias, fir_alias in (links or {}).items():
        if alias in out and fir_alias in out and not out[alias].fir:
            out[alias] = Facts(out[alias].row, out[fir_alias].fir)
    return out


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
    sensitivity_checked: bool = False,
) -> str | None:
    """The first row rule that hides the record, `unverifiable_record` if unknown, or None.

    `jurisdiction_checked` / `sensitivity_checked`: the statement itself confined its rows by
    that rule, so an unknown verdict passes (a known failing one still hides the record)."""
    checked = {
        "precinct_in_jurisdiction": jurisdiction_checked,
        "sensitivity_within_clearance": sensitivity_checked,
    }
    for rule in policy.row_rules:
        verdict = ROW_CHECKS[rule.check](officer, table, facts)
        if verdict is None and checked[rule.check]:
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
