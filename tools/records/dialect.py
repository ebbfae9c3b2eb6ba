"""Translate an accepted ZCQL query into SQLite or PostgreSQL SQL, from the tree, never the text.

- LIKE `*`/`?` become `%`/`_`; a literal `%`, `_` or `!` is escaped with `ESCAPE '!'`. PostgreSQL
  gets ILIKE, since ZCQL (like SQLite) matches case-insensitively.
- `LIMIT offset, count` becomes `LIMIT count OFFSET offset`; a LIMIT of 300 is added when absent.
- TRUE/FALSE become 1/0: `tools/records/schema.sql` stores booleans as INTEGER 0/1 on both
  SQLite and PostgreSQL (executors turn them back into bool).
- ROWID becomes the table's primary key on both backends (the embedded tables have no Catalyst
  ROWID), so results carry the record's own id. `COUNT(ROWID)` in a SELECT with no outer
  join becomes `COUNT(*)`: a primary key is never NULL (`seed_schema.not_null_columns`), so
  the count is the same, and the database need not read the key of every row it counts.
- Every identifier is quoted. Result columns are named as on Catalyst: an explicit alias, else
  `col` (single table) or `table.col` (joins), else the aggregate's ZCQL text (`COUNT(ROWID)`).
- On PostgreSQL an ORDER BY on a text or date column the schema declares NOT NULL keeps
  PostgreSQL's own NULL placement (no `NULLS FIRST`/`LAST`): with no NULL to place the order
  is the same, and a btree index on the column can then return the rows already in order.
- A portable trusted query (a context look-up, `tools.records.trusted`) runs as written.
- The translations of an accepted statement are kept by its text (`_memoized`), so a question
  asked again is not copied, analysed and rendered again.
- Run over clearance sources (`scope`), the outer WHERE's precinct conditions that name
  exactly the precincts the sources restrict to are left out (`tools.records.implied_scope`):
  they hold on every row a source gives, and testing them again costs a look-up per row.
- On a SQLite file with the trigram name index (`persons_name`, see `schema.sql`), a top-level
  `persons.full_name LIKE` gets `name_search` beside it, so the index serves it; the trigram
  match is never narrower than LIKE and the LIKE still applies, so the result is the same.
"""

from __future__ import annotations

import functools
import re
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Concatenate, Literal, ParamSpec, TypeVar, cast

from sqlglot import exp

from schemas.records import NUMERIC_COLUMNS
from tools.records.executor import RecordsQuery, require_runnable
from tools.records.implied_scope import SourcedScope, without_implied_conditions
from tools.records.seed_schema import not_null_columns
from tools.records.trusted import TrustedQuery
from validators.zcql.rules import AGGREGATES
from validators.zcql.schema import ROWID, TABLES
from validators.zcql.scope import Scope, analyse
from validators.zcql.validate import PARSE_DIALECT, AcceptedStatement

Dialect = Literal["sqlite", "postgres"]

DEFAULT_LIMIT = 300
LIKE_ESCAPE = "!"
NAME_INDEX = "persons_name"
_TRIGRAM = re.compile(r"[^%_]{3}")
_WORD_TRIGRAM = re.compile(r"[^%_\s]{3}")
_SPACES = re.compile(r"\s+")


_P = ParamSpec("_P")
_R = TypeVar("_R")
TRANSLATIONS_KEPT = 1024
_TRANSLATIONS: OrderedDict[tuple[object, ...], object] = OrderedDict()


def _memoized(
    build: Callable[Concatenate[RecordsQuery, _P], _R],
) -> Callable[Concatenate[RecordsQuery, _P], _R]:
    """Keep the result for an accepted statement, keyed by its text (which alone determines its
    tree): a question asked again, or a floor run beside it, is not copied, analysed and
    rendered again. Results are strings, sets and flags, never a tree."""

    @functools.wraps(build)
    def memo(query: RecordsQuery, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not isinstance(query, AcceptedStatement):
            return build(query, *args, **kwargs)
        key = (build.__name__, query.statement, args, tuple(sorted(kwargs.items())))
        if key in _TRANSLATIONS:
            _TRANSLATIONS.move_to_end(key)
            return cast(_R, _TRANSLATIONS[key])
        value = build(query, *args, **kwargs)
        _TRANSLATIONS[key] = value
        while len(_TRANSLATIONS) > TRANSLATIONS_KEPT:
            _TRANSLATIONS.popitem(last=False)
        return value

    return memo


@_memoized
def to_sqlite(
    query: RecordsQuery, *, name_index: bool = False, scope: SourcedScope | None = None
) -> str:
    """The accepted statement as SQLite SQL (`name_index`: the file has `persons_name`;
    `scope`: run over clearance sources, see the module docstring)."""
    if isinstance(query, TrustedQuery) and query.portable:
        return query.statement
    tree = _accepted_tree(query, scope)
    searches = _name_searches(tree) if name_index else []
    translated = _translate(tree, "sqlite", result_names=True)
    where = translated.args.get("where")
    if searches and where is not None:
        where.set("this", exp.and_(where.this, *searches))
    return _render(translated, "sqlite")


@_memoized
def to_postgres(query: RecordsQuery, *, scope: SourcedScope | None = None) -> str:
    """The accepted statement as PostgreSQL SQL (`scope`: see `to_sqlite`)."""
    if isinstance(query, TrustedQuery) and query.portable:
        return query.statement
    tree = _accepted_tree(query, scope)
    return _render(_translate(tree, "postgres", result_names=True), "postgres")


def to_dialect(query: RecordsQuery, dialect: Dialect) -> str:
    """The accepted statement in the given dialect."""
    return to_sqlite(query) if dialect == "sqlite" else to_postgres(query)


@_memoized
def count_query(query: RecordsQuery, dialect: Dialect, *, scope: SourcedScope | None = None) -> str:
    """`SELECT COUNT(*)` over the statement's FROM, JOINs and WHERE (no group, order or limit)."""
    tree = _accepted_tree(query, scope)
    for key in ("distinct", "group", "having", "order", "limit", "offset"):
        tree.set(key, None)
    tree.set("expressions", [exp.alias_(exp.Count(this=exp.Star()), "count")])
    return _render(_translate(tree, dialect, result_names=False, default_limit=False), dialect)


def dated_column(query: RecordsQuery) -> exp.Column | None:
    """The statement's one selected column when it is `registered_at` (a trend's rows)."""
    tree = _accepted_tree(query)
    items = tree.expressions
    if len(items) != 1 or tree.args.get("group") or tree.args.get("distinct"):
        return None
    item = items[0]
    return item if isinstance(item, exp.Column) and item.name == "registered_at" else None


@_memoized
def day_count_query(
    query: RecordsQuery, dialect: Dialect, *, scope: SourcedScope | None = None
) -> str:
    """FIRs per registration day (`day`, `firs`) over the statement's FROM, JOINs and WHERE.

    Only for a statement selecting `registered_at` alone (see `dated_column`): the same rows a
    trend would page through, counted by the database instead of read 300 at a time. On
    PostgreSQL the day is grouped and ordered `COLLATE "C"`: 'YYYY-MM-DD' sorts the same in
    every collation, and bytewise it skips the locale's comparison for each pair of rows.
    """
    column = dated_column(query)
    if column is None:
        raise ValueError("day counts need a statement that selects registered_at alone")
    tree = _accepted_tree(query, scope)
    for key in ("distinct", "group", "having", "order", "limit", "offset"):
        tree.set(key, None)
    day: exp.Expression = exp.Substring(
        this=column.copy(), start=exp.Literal.number(1), length=exp.Literal.number(10)
    )
    if dialect == "postgres":
        day = exp.Collate(this=day, expression=exp.to_identifier("C", quoted=True))
    tree.set(
        "expressions",
        [exp.alias_(day, "day"), exp.alias_(exp.Count(this=exp.Star()), "firs")],
    )
    tree.set("group", exp.Group(expressions=[day.copy()]))
    tree.set("order", exp.Order(expressions=[exp.Ordered(this=day.copy())]))
    return _render(_translate(tree, dialect, result_names=False, default_limit=False), dialect)


@_memoized
def boolean_results(query: RecordsQuery) -> frozenset[str]:
    """Result column names (as the translations name them) that carry a boolean column."""
    scope = analyse(_accepted_tree(query)).scopes[0]
    names: set[str] = set()
    for item in scope.select.expressions:
        if isinstance(item, exp.Star):
            schema = scope.tables[0].schema if scope.tables else None
            names.update(
                c for c, kind in (schema.columns if schema else {}).items() if kind == "bool"
            )
            continue
        column = item.this if isinstance(item, exp.Alias) else item
        if not isinstance(column, exp.Column):
            continue
        ref = scope.refs.get(column.table) if column.table else scope.tables[0]
        if ref is None or ref.schema is None or ref.schema.column_type(column.name) != "bool":
            continue
        if isinstance(item, exp.Alias):
            names.add(item.alias)
        else:
            names.add(f"{ref.table}.{column.name}" if len(scope.tables) > 1 else column.name)
    return frozenset(names)


def with_table_sources(
    sql: str,
    table_sources: Mapping[str, str] | None,
    dialect: Dialect = "sqlite",
    *,
    fenced: bool = True,
) -> str:
    """Prefix `WITH "firs" AS (<source>), ...` so each named table is read only through its source.

    The sources are trusted SQL built by code (the clearance filter), never from user text. Inside
    a source the real table must be schema-qualified (`main.firs` in SQLite, `public.firs` in
    PostgreSQL), since a CTE shadows the bare name. On PostgreSQL each source is `MATERIALIZED`
    (unless `fenced` is False, for a statement `error_free` judges can raise no error): an
    inlined CTE would let the planner push the statement's predicates below the clearance
    predicates, so a predicate (and any error it raises, e.g. division by zero or a failed
    cast) could be evaluated on a row the officer may not see. SQLite raises no such errors
    (division by zero is NULL, casts never fail), so its sources may be flattened.
    """
    if not table_sources:
        return sql
    unknown = sorted(set(table_sources) - set(TABLES))
    if unknown:
        raise ValueError(f"table_sources names unknown tables: {', '.join(unknown)}")
    fence = " MATERIALIZED" if dialect == "postgres" and fenced else ""
    ctes = ", ".join(
        f'"{name}" AS{fence} ({source})' for name, source in sorted(table_sources.items())
    )
    return f"WITH {ctes} {sql}"


ERROR_FREE: tuple[type[exp.Expression], ...] = (
    exp.Select, exp.From, exp.Join, exp.Table, exp.TableAlias, exp.Identifier, exp.Column,
    exp.Star, exp.Literal, exp.Null, exp.Boolean, exp.Alias, exp.Where, exp.Group, exp.Order,
    exp.Ordered, exp.Limit, exp.Offset, exp.Distinct, exp.And, exp.Or, exp.Not, exp.Paren,
    exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.In, exp.Between, exp.Like, exp.Is,
    exp.Count, exp.Min, exp.Max,
)  # fmt: skip
"""Nodes that cannot raise an error whatever row they meet: no arithmetic, cast, function
(but COUNT, MIN and MAX), subquery or HAVING. A literal of the wrong type fails when the
statement is planned, before any row is read; a translated LIKE pattern is always valid."""


@_memoized
def error_free(query: RecordsQuery) -> bool:
    """True when no part of the statement can fail on any row, so that on PostgreSQL its
    clearance sources need no fence: evaluating it early on a row the officer may not see
    can then neither raise an error nor change the result (SQL's meaning is unchanged)."""
    tree = _accepted_tree(query)
    if len(analyse(tree).scopes) != 1:
        return False
    return all(isinstance(node, ERROR_FREE) for node in tree.walk())


def like_pattern(zcql_pattern: str) -> tuple[str, bool]:
    """A ZCQL LIKE pattern as an SQL one, and whether it needs `ESCAPE '!'`."""
    out: list[str] = []
    escaped = False
    for char in zcql_pattern:
        if char == "*":
            out.append("%")
        elif char == "?":
            out.append("_")
        elif char in ("%", "_", LIKE_ESCAPE):
            out.append(LIKE_ESCAPE + char)
            escaped = True
        else:
            out.append(char)
    return "".join(out), escaped


def name_search(zcql_pattern: str, qualifier: str) -> exp.Expression | None:
    """`<qualifier>.person_id IN (persons whose name the trigram index matches)`, for a
    LIKE pattern the index serves (three characters in a row, no escapes); else None."""
    pattern, escaped = like_pattern(zcql_pattern)
    if escaped or not _TRIGRAM.search(pattern):
        return None
    matches = (
        exp.select("person_id")
        .from_(exp.table_(NAME_INDEX, db="main"))
        .where(exp.Like(this=exp.column("full_name"), expression=exp.Literal.string(pattern)))
    )
    return exp.In(this=exp.column("person_id", table=qualifier), query=exp.Subquery(this=matches))


def _name_searches(tree: exp.Select) -> list[exp.Expression]:
    """Name-index conjuncts for the top-level `persons.full_name LIKE` filters of `tree`."""
    where = tree.args.get("where")
    if where is None:
        return []
    scope = analyse(tree).scopes[0]
    conjuncts = where.this.flatten() if isinstance(where.this, exp.And) else [where.this]
    found = []
    for node in conjuncts:
        if not (
            isinstance(node, exp.Like)
            and not node.args.get("negate")
            and isinstance(node.this, exp.Column)
            and node.this.name.lower() == "full_name"
            and isinstance(node.expression, exp.Literal)
            and node.expression.is_string
        ):
            continue
        column = node.this
        ref = scope.refs.get(column.table) if column.table else None
        if ref is None and not column.table and len(scope.tables) == 1:
            ref = scope.tables[0]
        search = (
            name_search(node.expression.this, ref.ref)
            if ref is not None and ref.table == "persons"
            else None
        )
        if search is not None:
            found.append(search)
    return found


def _accepted_tree(query: RecordsQuery, scope: SourcedScope | None = None) -> exp.Select:
    tree = require_runnable(query).tree.copy()
    return tree if scope is None else without_implied_conditions(tree, scope)


def _translate(
    tree: exp.Select, dialect: Dialect, *, result_names: bool, default_limit: bool = True
) -> exp.Select:
    analysis = analyse(tree)
    if result_names:
        _name_results(analysis.scopes[0])
    for visit in analysis.of(exp.Count):
        if visit.scope >= 0 and _counts_rows(visit.node, analysis.scopes[visit.scope]):
            visit.node.set("this", exp.Star())
    for visit in analysis.of(exp.Column, exp.Like, exp.Boolean):
        node = visit.node
        scope = analysis.scopes[visit.scope] if visit.scope >= 0 else None
        if isinstance(node, exp.Column) and node.name == ROWID and scope is not None:
            _rowid_to_primary_key(node, scope)
        elif isinstance(node, exp.Like):
            _translate_like(node, dialect)
        elif isinstance(node, exp.Boolean):
            node.replace(exp.Literal.number(1 if node.this else 0))
    if default_limit and tree.args.get("limit") is None:
        tree.set("limit", exp.Limit(expression=exp.Literal.number(DEFAULT_LIMIT)))
    if dialect == "postgres":
        _native_null_order(analysis.scopes[0])
    return tree


_NOT_NULL = not_null_columns()
_OUTER = ("LEFT", "RIGHT", "FULL")


def _counts_rows(count: exp.Expression, scope: Scope) -> bool:
    """`COUNT(ROWID)` of a table no outer join can pad with NULLs: it counts every row."""
    column = count.this
    if not isinstance(column, exp.Column) or column.name != ROWID:
        return False
    joins = scope.select.args.get("joins") or []
    return not any(str(j.args.get("side") or "").upper() in _OUTER for j in joins)


def _native_null_order(scope: Scope) -> None:
    """Drop the NULL placement of ORDER BY keys that can hold no NULL: a NOT NULL text or date
    column of a table no outer join can pad with NULLs (a masked text cell is the mask, never
    NULL), not shadowed by a result alias of another expression."""
    order = scope.select.args.get("order")
    joins = scope.select.args.get("joins") or []
    if order is None or any(j.args.get("side") or j.args.get("kind") == "CROSS" for j in joins):
        return
    aliases = {
        item.alias: item.this for item in scope.select.expressions if isinstance(item, exp.Alias)
    }
    for ordered in order.expressions:
        column = ordered.this
        if not isinstance(column, exp.Column) or column.name in NUMERIC_COLUMNS:
            continue
        shadow = aliases.get(column.name) if not column.table else None
        if shadow is not None and not (
            isinstance(shadow, exp.Column) and shadow.name == column.name
        ):
            continue
        ref = scope.refs.get(column.table) if column.table else None
        if ref is None and not column.table and len(scope.tables) == 1:
            ref = scope.tables[0]
        if ref is not None and column.name in _NOT_NULL.get(ref.table, ()):
            ordered.set("nulls_first", bool(ordered.args.get("desc")))


def _name_results(scope: Scope) -> None:
    joined = len(scope.tables) > 1
    items = []
    for item in scope.select.expressions:
        if isinstance(item, exp.Column):
            ref = scope.refs.get(item.table) if item.table else scope.tables[0]
            name = f"{ref.table}.{item.name}" if joined and ref else item.name
            item = exp.alias_(item, name, copy=False)
        elif isinstance(item, AGGREGATES):
            item = exp.alias_(item, item.sql(dialect=PARSE_DIALECT), copy=False)
        items.append(item)
    scope.select.set("expressions", items)


def _rowid_to_primary_key(column: exp.Column, scope: Scope) -> None:
    ref = scope.refs.get(column.table) if column.table else scope.tables[0]
    if ref is not None and ref.schema is not None:
        column.set("this", exp.to_identifier(ref.schema.primary_key))


def sql_like(
    column: exp.Expression, zcql_pattern: str, dialect: Dialect, *, negate: bool = False
) -> exp.Expression:
    """ZCQL `column LIKE pattern` in the dialect: LIKE, or ILIKE on PostgreSQL, with `!`
    escapes. On PostgreSQL a name search whose pattern has a space (`full_name LIKE '*Ravi
    Kumar*'`) becomes `full_name ILIKE '%Ravi%Kumar%' AND (full_name || '') ILIKE '%Ravi
    Kumar%'`: the same rows in three-valued logic (the exact test still applies, and holds only
    where the loose one does), but the trigram index reads only the loose pattern's trigrams,
    inside the words, and skips those around the space (`'  k'`, `' ku'`, `'vi '`), which
    nearly every name has."""
    pattern, escaped = like_pattern(zcql_pattern)
    kind = exp.ILike if dialect == "postgres" else exp.Like
    like: exp.Expression = kind(this=column, expression=exp.Literal.string(pattern))
    if escaped:
        like = exp.Escape(this=like, expression=exp.Literal.string(LIKE_ESCAPE))
    elif dialect == "postgres" and not negate and _is_name(column):
        loose = _SPACES.sub("%", pattern)
        if loose != pattern and _WORD_TRIGRAM.search(loose):
            padded = exp.DPipe(this=column.copy(), expression=exp.Literal.string(""))
            hidden = exp.Paren(this=padded)
            like = exp.Paren(
                this=exp.and_(
                    exp.ILike(this=column.copy(), expression=exp.Literal.string(loose)),
                    exp.ILike(this=hidden, expression=exp.Literal.string(pattern)),
                )
            )
    return exp.Not(this=like) if negate else like


def _is_name(column: exp.Expression) -> bool:
    return isinstance(column, exp.Column) and column.name.lower() == "full_name"


def _translate_like(node: exp.Like, dialect: Dialect) -> None:
    node.replace(
        sql_like(node.this, node.expression.this, dialect, negate=bool(node.args.get("negate")))
    )


def _render(tree: exp.Select, dialect: Dialect) -> str:
    return tree.sql(dialect=dialect, identify=True)
