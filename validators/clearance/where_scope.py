"""Proof, on a statement's tree, that its own WHERE applies the sensitivity row rule.

A backend that cannot take the clearance sources (Catalyst) returns rows, counts and
bucketed dates that carry no FIR sensitivity, so the post-filter cannot verify them. Every
row the statement matches (and so every aggregate over them) is within clearance by
construction when every case-data table of its outer FROM and JOINs is bounded:

- a `firs` alias by a top-level AND-ed WHERE condition `alias.sensitivity <= k` with `k` at
  most the officer's clearance;
- a `persons` or `vehicles` alias by an equality of `fir_id` (a JOIN's ON or a top-level
  AND-ed WHERE condition) chaining it to a bounded `firs` alias: its FIR is then that FIR.

Every subquery over case data must be bounded the same way on its own FROM: a value it
reads (e.g. the IO of a named FIR) decides which visible rows the outer statement matches.
The validator has already confined `precinct_id` to the jurisdiction the same way.
"""

from __future__ import annotations

from sqlglot import exp

from schemas.officer import Officer
from schemas.records import CASE_TABLES
from validators.clearance.projection import outer_aliases

SENSITIVITY = "sensitivity"
FIR_KEY = "fir_id"


def single_firs(tree: exp.Expression) -> exp.Table | None:
    """The outer `firs` table of a SELECT that reads it alone (no join), else None."""
    if not isinstance(tree, exp.Select) or tree.args.get("joins"):
        return None
    source = tree.args.get("from_")
    table = source.this if source is not None else None
    return table if isinstance(table, exp.Table) and table.name == "firs" else None


def top_conjuncts(where: exp.Expression | None) -> list[exp.Expression]:
    """The top-level AND-ed conditions of a WHERE clause (parentheses unwrapped)."""
    if where is None:
        return []
    node = where.this if isinstance(where, exp.Where) else where
    if isinstance(node, exp.Paren):
        return top_conjuncts(node.this)
    if isinstance(node, exp.And):
        return top_conjuncts(node.this) + top_conjuncts(node.expression)
    return [node]


def case_aliases(tree: exp.Expression) -> dict[str, str]:
    """Alias -> table of the case-data tables in the outer FROM and JOINs."""
    if not isinstance(tree, exp.Select):
        return {}
    return {a: t for a, t in outer_aliases(tree).items() if t in CASE_TABLES}


def _owner(column: exp.Column, aliases: dict[str, str], base: str | None) -> str | None:
    """The outer alias a column belongs to: its qualifier, or the base table when bare."""
    if column.table:
        return column.table if column.table in aliases else None
    return base


def _bound(condition: exp.Expression, aliases: dict[str, str], base: str | None) -> tuple[str, int]:
    """(firs alias, k) for `alias.sensitivity <= k`, else ("", -1)."""
    if not isinstance(condition, exp.LTE):
        return "", -1
    column, value = condition.this, condition.expression
    if not isinstance(column, exp.Column) or column.name.lower() != SENSITIVITY:
        return "", -1
    alias = _owner(column, aliases, base)
    if alias is None or aliases[alias] != "firs":
        return "", -1
    if not isinstance(value, exp.Literal) or value.is_string:
        return "", -1
    try:
        return alias, int(value.this)
    except ValueError:
        return "", -1


def _fir_key_pairs(tree: exp.Select, aliases: dict[str, str], base: str | None) -> list[set[str]]:
    """Pairs of outer aliases equated on `fir_id` (JOIN ... ON, top-level WHERE AND)."""
    conditions = top_conjuncts(tree.args.get("where"))
    for join in tree.args.get("joins") or []:
        conditions += top_conjuncts(join.args.get("on"))
    pairs = []
    for condition in conditions:
        if not isinstance(condition, exp.EQ):
            continue
        sides = [condition.this, condition.expression]
        if not all(isinstance(s, exp.Column) and s.name == FIR_KEY for s in sides):
            continue
        owners = {_owner(s, aliases, base) for s in sides if isinstance(s, exp.Column)}
        if None not in owners and len(owners) == 2:
            pairs.append({o for o in owners if o is not None})
    return pairs


def bounded_aliases(tree: exp.Expression, officer: Officer) -> set[str]:
    """The outer case-data aliases whose FIR is proven within the officer's clearance."""
    aliases = case_aliases(tree)
    if not aliases or not isinstance(tree, exp.Select):
        return set()
    source = tree.args.get("from_")
    table = source.this if source is not None else None
    base = table.alias_or_name if isinstance(table, exp.Table) else None
    base = base if base in aliases else None
    bounds = [_bound(c, aliases, base) for c in top_conjuncts(tree.args.get("where"))]
    proven = {alias for alias, k in bounds if alias and k <= officer.clearance}
    pairs = _fir_key_pairs(tree, aliases, base)
    grown = True
    while grown:
        grown = False
        for pair in pairs:
            if pair & proven and not pair <= proven:
                proven |= pair
                grown = True
    return proven


def subqueries(tree: exp.Expression) -> list[exp.Select]:
    """The SELECTs nested in a statement (ZCQL allows them in WHERE only)."""
    return [node for node in tree.find_all(exp.Select) if node is not tree]


def select_bounded(select: exp.Expression, officer: Officer) -> bool:
    """Every case-data table of this SELECT's own FROM and JOINs is bounded."""
    return set(case_aliases(select)) <= bounded_aliases(select, officer)


def bounds_sensitivity(tree: exp.Expression, officer: Officer) -> bool:
    """True when the statement reads case data and every case-data table of its FROM and
    JOINs, and of each subquery's, is bounded within the officer's clearance (see the
    module docstring)."""
    return (
        bool(case_aliases(tree))
        and select_bounded(tree, officer)
        and all(select_bounded(sub, officer) for sub in subqueries(tree))
    )
