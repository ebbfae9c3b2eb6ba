"""Index-usable copies of a statement's safe filters, for the fenced clearance sources.

On PostgreSQL a clearance source is a MATERIALIZED CTE unless the statement cannot fail on
any row, so the statement's predicates never run on a row the officer may not see (see
`tools.records.dialect.with_table_sources`).
The price is that the source holds the officer's whole jurisdiction before any filter.
`safe_filters` copies into a source only those top-level WHERE conjuncts that cannot
raise an error or reveal anything whatever row they meet, the class PostgreSQL itself
lets past a security barrier (leakproof operators):

- a comparison (=, <>, <, <=, >, >=), IN list, BETWEEN or LIKE of one text column with
  string literals, no NOT, no function, no cast (a translated LIKE pattern always pairs
  its escapes, so it cannot fail either);
- on a column the officer sees unmasked, or on a masked column only an =, IN or LIKE
  that the mask itself cannot satisfy: the statement reads the masked cell (the column or
  the constant mask), so where it holds the cell is the column and the copy holds too;
- in a statement with one scope (no subquery) naming each table once, so the source is
  read in exactly one place;
- not a precinct filter naming every precinct of the jurisdiction, which the source already
  applies (said twice, PostgreSQL misjudges how many rows match and leaves the composite
  index for a worse one).

The statement still applies every predicate to the source's rows, so its result is the
same; the copies only let the planner use the indexes inside the source. SQLite flattens
its sources, and so does PostgreSQL for a statement that cannot fail on any row (no fence,
see `tools.records.dialect.error_free`); there only the copies on masked columns add
anything (the statement's own predicate on a masked column is on the CASE and cannot use
an index), and a duplicate of the statement's filters would only mislead the planner's
estimates: only those are made, and, on a file with the trigram name index (`name_index`),
a copied or unmasked name LIKE also gets the index's `name_search` (see
`tools.records.dialect`).
"""

from __future__ import annotations

import re

from sqlglot import exp

from schemas.officer import Officer
from schemas.records import CASE_TABLES, COLUMN_TYPES, SCOPE_COLUMN
from tools.records.dialect import name_search, sql_like
from validators.clearance.policy import ClearancePolicy
from validators.clearance.sql_scope import ROW_ALIAS, Dialect
from validators.zcql.scope import Scope, analyse
from validators.zcql.validate import AcceptedStatement

COMPARISONS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)
TEXT_TYPES = frozenset({"text", "datetime"})


def safe_filters(
    statement: AcceptedStatement,
    officer: Officer,
    policy: ClearancePolicy,
    dialect: Dialect = "postgres",
    *,
    name_index: bool = False,
    fenced: bool | None = None,
) -> dict[str, str]:
    """Table -> ` AND ...` conjuncts over the source's row alias, if any. `fenced` (default:
    on PostgreSQL) says the sources are MATERIALIZED; unfenced ones are flattened into the
    statement, which then needs only the copies on masked columns."""
    fenced = dialect == "postgres" if fenced is None else fenced
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
            _safe(conjunct, scope, officer, policy, dialect, name_index=name_index, fenced=fenced)
            if isinstance(conjunct, exp.Expression)
            else None
        )
        if table_and_sql is not None:
            found.setdefault(table_and_sql[0], []).extend(table_and_sql[1])
    if fenced:
        for table, semi_join in _joined_copies(tree, scope, found).items():
            found.setdefault(table, []).append(semi_join)
    return {table: "".join(f" AND {p}" for p in parts) for table, parts in found.items()}


def _joined_copies(tree: exp.Select, scope: Scope, found: dict[str, list[str]]) -> dict[str, str]:
    """For an inner join on `a.fir_id = b.fir_id`, b's source keeps only the FIR ids of the
    `a` rows its copies match (`t.fir_id IN (SELECT ...)`): every row the statement returns
    pairs them, and the copies cannot fail, so this too narrows without changing a result.
    It lets a fence over a whole jurisdiction hold only the rows a name search joins."""
    out: dict[str, str] = {}
    for join in tree.args.get("joins") or []:
        on = join.args.get("on")
        if join.args.get("side") or join.args.get("kind") not in (None, "INNER"):
            continue
        if not (isinstance(on, exp.EQ) and _is_fir_id(on.this) and _is_fir_id(on.expression)):
            continue
        ends = [_table_of(column, scope) for column in (on.this, on.expression)]
        if len(set(ends)) != 2 or not set(ends) <= CASE_TABLES:
            continue
        for a, b in (ends, ends[::-1]):
            if a in found and b is not None:
                where = " AND ".join(found[a])
                out[b] = f"{ROW_ALIAS}.fir_id IN (SELECT {ROW_ALIAS}.fir_id FROM " + (
                    f"public.{a} AS {ROW_ALIAS} WHERE {where})"
                )
    return out


def _is_fir_id(node: exp.Expression) -> bool:
    return isinstance(node, exp.Column) and node.name.lower() == "fir_id"


def _safe(
    node: exp.Expression,
    scope: Scope,
    officer: Officer,
    policy: ClearancePolicy,
    dialect: Dialect,
    *,
    name_index: bool,
    fenced: bool,
) -> tuple[str, list[str]] | None:
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
    if table not in CASE_TABLES or COLUMN_TYPES[table].get(column.name) not in TEXT_TYPES:
        return None
    whole_jurisdiction = {lit.this for lit in literals} >= officer.precincts
    if column.name == SCOPE_COLUMN and isinstance(node, exp.EQ | exp.In) and whole_jurisdiction:
        return None  # the source's own jurisdiction filter already says it
    masked = bool(policy.unsatisfied(officer, table, column.name))
    if masked and not _mask_fails(node, literals, policy.mask):
        return None
    copies = [_copy(node, column, dialect)] if masked or fenced else []
    if dialect == "sqlite" and name_index and table == "persons" and isinstance(node, exp.Like):
        search = name_search(literals[0].this, ROW_ALIAS) if column.name == "full_name" else None
        copies += [search.sql(dialect="sqlite")] if search is not None else []
    return (table, copies) if copies else None


def _copy(node: exp.Expression, column: exp.Column, dialect: Dialect) -> str:
    """The conjunct over the source's row alias, rendered as the translation renders it."""
    if isinstance(node, exp.Like):
        return _like(column.name, node.expression.this, dialect)
    copy = node.copy()
    target = copy.this if isinstance(copy.this, exp.Column) else copy.expression
    target.replace(exp.column(column.name, table=ROW_ALIAS))
    return copy.sql(dialect=dialect)


def _mask_fails(node: exp.Expression, literals: list[exp.Literal], mask: str) -> bool:
    """True when the masked cell (the constant `mask`) cannot satisfy `node`, judged
    conservatively: only =, IN and an all-ASCII LIKE pattern; any case-insensitive
    equality or pattern match with the mask counts as satisfying it."""
    if isinstance(node, exp.EQ | exp.In):
        return all(lit.this.casefold() != mask.casefold() for lit in literals)
    if isinstance(node, exp.Like):
        pattern = literals[0].this
        return pattern.isascii() and _zcql_like(pattern).fullmatch(mask) is None
    return False


def _zcql_like(pattern: str) -> re.Pattern[str]:
    """A ZCQL LIKE pattern (`*` any run, `?` one character) as a case-insensitive regex."""
    parts = [".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern]
    return re.compile("".join(parts), re.IGNORECASE | re.DOTALL)


def _like(column: str, zcql_pattern: str, dialect: Dialect) -> str:
    """ZCQL LIKE as the translation renders it (PostgreSQL ILIKE; `!` escapes always paired)."""
    return sql_like(exp.column(column, table=ROW_ALIAS), zcql_pattern, dialect).sql(dialect=dialect)


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
