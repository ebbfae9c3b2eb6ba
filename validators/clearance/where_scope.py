"""Proof, on a statement's tree, that its own WHERE applies the sensitivity row rule.

A backend that cannot take the clearance sources (Catalyst) returns rows, counts and
bucketed dates that carry no FIR sensitivity, so the post-filter cannot verify them. When
the statement reads `firs` alone and a top-level AND-ed condition of its WHERE is
`sensitivity <= k` with `k` at most the officer's clearance, every row it matches (and so
every aggregate over them) is within clearance by construction; the validator has already
confined `precinct_id` to the jurisdiction the same way.
"""

from __future__ import annotations

from sqlglot import exp

from schemas.officer import Officer

SENSITIVITY = "sensitivity"


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


def _bound(condition: exp.Expression, table: exp.Table) -> int | None:
    """k in `sensitivity <= k` on the outer table, else None."""
    if not isinstance(condition, exp.LTE):
        return None
    column, value = condition.this, condition.expression
    if not isinstance(column, exp.Column) or column.name.lower() != SENSITIVITY:
        return None
    if column.table and column.table != table.alias_or_name:
        return None
    if not isinstance(value, exp.Literal) or value.is_string:
        return None
    try:
        return int(value.this)
    except ValueError:
        return None


def bounds_sensitivity(tree: exp.Expression, officer: Officer) -> bool:
    """True when the statement reads `firs` alone and its WHERE has a top-level
    `sensitivity <= k` with `k <= officer.clearance`."""
    table = single_firs(tree)
    if table is None:
        return False
    bounds = [_bound(c, table) for c in top_conjuncts(tree.args.get("where"))]
    return any(k is not None and k <= officer.clearance for k in bounds)
