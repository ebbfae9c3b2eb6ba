"""The statement's own jurisdiction conditions that its clearance sources already apply.

Every clearance source restricts its table's `precinct_id` to the officer's precincts
(`validators.clearance.sql_scope.row_predicate`). A top-level AND-ed `ref.precinct_id IN
(...)` or `= '...'` of the statement's outer SELECT that names exactly those precincts, on
a table read through a source, then holds on every row the source gives: the SQL that runs
may leave it out without changing any result. Kept, the database tests the same IN-list
twice on every row; a statewide top-N at 1M FIRs reads 111,555 index entries, and the
second test was half its time. A narrower precinct condition is kept (it selects), and so
is every condition of a table read without a source.
"""

from __future__ import annotations

from typing import NamedTuple

from sqlglot import exp

from schemas.records import SCOPE_COLUMN
from validators.zcql.scope import Scope, analyse


class SourcedScope(NamedTuple):
    """The precincts the clearance sources restrict to, and the tables read through them."""

    precincts: frozenset[str]
    tables: frozenset[str]


def implied_conditions(tree: exp.Select, sourced: SourcedScope) -> dict[int, str]:
    """The conjuncts of the outer WHERE that the sources already apply (see the module), as
    node id -> the table the condition is on."""
    where = tree.args.get("where")
    if where is None or not sourced.precincts:
        return {}
    scope = analyse(tree).scopes[0]
    found: dict[int, str] = {}
    for node in _conjuncts(where):
        table = _sourced_table(node, scope, sourced)
        if table is not None:
            found[id(node)] = table
    return found


def implied_tables(tree: exp.Select, sourced: SourcedScope) -> frozenset[str]:
    """The tables some of whose statement conditions the sources make redundant."""
    return frozenset(implied_conditions(tree, sourced).values())


def without_implied_conditions(tree: exp.Select, sourced: SourcedScope) -> exp.Select:
    """`tree` (changed in place) without the implied conjuncts; a WHERE left empty goes."""
    implied = implied_conditions(tree, sourced)
    where = tree.args.get("where")
    if not implied or where is None:
        return tree
    kept = [node for node in _conjuncts(where) if id(node) not in implied]
    tree.set("where", exp.Where(this=exp.and_(*kept)) if kept else None)
    return tree


def _conjuncts(where: exp.Expression) -> list[exp.Expression]:
    condition = where.this
    parts = condition.flatten() if isinstance(condition, exp.And) else [condition]
    return [part for part in parts if isinstance(part, exp.Expression)]


def _sourced_table(node: exp.Expression, scope: Scope, sourced: SourcedScope) -> str | None:
    """The table of a condition naming exactly the sourced precincts, on a sourced table."""
    column = node.this
    if not isinstance(column, exp.Column) or column.name.lower() != SCOPE_COLUMN:
        return None
    if isinstance(node, exp.EQ):
        values = [node.expression]
    elif isinstance(node, exp.In) and not node.args.get("query") and not node.args.get("unnest"):
        values = list(node.expressions)
    else:
        return None
    if not all(isinstance(v, exp.Literal) and v.is_string for v in values):
        return None
    if column.table:
        ref = scope.refs.get(column.table)
    else:
        ref = scope.tables[0] if len(scope.tables) == 1 else None
    if ref is None or ref.table not in sourced.tables:
        return None
    return ref.table if {v.this for v in values} == sourced.precincts else None
