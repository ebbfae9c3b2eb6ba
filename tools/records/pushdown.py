"""Index-usable copies of a statement's safe filters, for PostgreSQL's fenced clearance sources.

On PostgreSQL each clearance source is a MATERIALIZED CTE, so the statement's predicates
never run on a row the officer may not see (see `tools.records.dialect.with_table_sources`).
The price is that the source holds the officer's whole jurisdiction before any filter.
`safe_filters` copies into a source only those top-level WHERE conjuncts that cannot
raise an error or reveal anything whatever row they meet, the class PostgreSQL itself
lets past a security barrier (leakproof operators):

- a comparison (=, <>, <, <=, >, >=), IN list, BETWEEN or LIKE of one text column with
  string literals, no NOT, no function, no cast (a translated LIKE pattern always pairs
  its escapes, so it cannot fail either);
- on a column the officer sees unmasked (a predicate on a masked column must see the mask);
- in a statement with one scope (no subquery) naming each table once, so the source is
  read in exactly one place.

The statement still applies every predicate to the source's rows, so its result is the
same; the copies only let the planner use the composite indexes inside the fence.
"""

from __future__ import annotations

from sqlglot import exp

from schemas.officer import Officer
from schemas.records import CASE_TABLES, COLUMN_TYPES
from tools.records.dialect import LIKE_ESCAPE, like_pattern
from validators.clearance.policy import ClearancePolicy
from validators.clearance.sql_scope import ROW_ALIAS
from validators.zcql.scope import Scope, analyse
from validators.zcql.validate import AcceptedStatement

COMPARISONS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)
TEXT_TYPES = frozenset({"text", "datetime"})


def safe_filters(
    statement: AcceptedStatement, officer: Officer, policy: ClearancePolicy
) -> dict[str, str]:
    """Table -> ` AND ...` conjuncts over the source's row alias (PostgreSQL), if any."""
    tree = statement.tree
    analysis = analyse(tree)
    if len(analysis.scopes) != 1:
        return {}
    scope = analysis.scopes[0]
    tables = [ref.table for ref in scope.tables]
    where = tree.args.get("where")
    if len(set(tables)) != len(tables) or where is None:
        return {}
    found: dict[str, list[str]] = {}
    conjuncts = where.this.flatten() if isinstance(where.this, exp.And) else [where.this]
    for conjunct in conjuncts:
        table_and_sql = (
            _safe(conjunct, scope, officer, policy)
            if isinstance(conjunct, exp.Expression)
            else None
        )
        if table_and_sql is not None:
            found.setdefault(table_and_sql[0], []).append(table_and_sql[1])
    return {table: "".join(f" AND {p}" for p in parts) for table, parts in found.items()}


def _safe(
    node: exp.Expression, scope: Scope, officer: Officer, policy: ClearancePolicy
) -> tuple[str, str] | None:
    if isinstance(node, COMPARISONS):
        column, literals = _column_and_literals(node.this, [node.expression])
        if column is None:
            column, literals = _column_and_literals(node.expression, [node.this])
    elif isinstance(node, exp.In) and not node.args.get("query"):
        column, literals = _column_and_literals(node.this, list(node.expressions))
    elif isinstance(node, exp.Like) and not node.args.get("negate"):
        column, literals = _column_and_literals(node.this, [node.expression])
    elif isinstance(node, exp.Between):
        column, literals = _column_and_literals(node.this, [node.args["low"], node.args["high"]])
    else:
        return None
    if column is None or not literals:
        return None
    table = _table_of(column, scope)
    if (
        table not in CASE_TABLES
        or COLUMN_TYPES[table].get(column.name) not in TEXT_TYPES
        or policy.unsatisfied(officer, table, column.name)
    ):
        return None
    if isinstance(node, exp.Like):
        return table, _ilike(column.name, literals[0].this)
    copy = node.copy()
    target = copy.this if isinstance(copy.this, exp.Column) else copy.expression
    target.replace(exp.column(column.name, table=ROW_ALIAS))
    return table, copy.sql(dialect="postgres")


def _ilike(column: str, zcql_pattern: str) -> str:
    """ZCQL LIKE as the PostgreSQL translation renders it (ILIKE, `!` escapes always paired)."""
    pattern, escaped = like_pattern(zcql_pattern)
    like: exp.Expression = exp.ILike(
        this=exp.column(column, table=ROW_ALIAS), expression=exp.Literal.string(pattern)
    )
    if escaped:
        like = exp.Escape(this=like, expression=exp.Literal.string(LIKE_ESCAPE))
    return like.sql(dialect="postgres")


def _column_and_literals(
    column: exp.Expression, values: list[exp.Expression]
) -> tuple[exp.Column | None, list[exp.Literal]]:
    if not isinstance(column, exp.Column) or not all(
        isinstance(v, exp.Literal) and v.is_string for v in values
    ):
        return None, []
    return column, [v for v in values if isinstance(v, exp.Literal)]


def _table_of(column: exp.Column, scope: Scope) -> str | None:
    if column.table:
        ref = scope.refs.get(column.table)
        return ref.table if ref is not None else None
    return scope.tables[0].table if len(scope.tables) == 1 else None
