"""Where each result column of a SELECT comes from, resolved through table aliases."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlglot import exp

from schemas.records import TABLE_COLUMNS

ZCQL_DIALECT = "mysql"


@dataclass(frozen=True)
class ColumnRef:
    """A result column that is a plain column of one table alias."""

    alias: str
    table: str
    column: str


@dataclass(frozen=True)
class DerivedRef:
    """A result column computed from columns (an aggregate or expression)."""

    refs: frozenset[ColumnRef]


CellSource = ColumnRef | DerivedRef


def table_aliases(tree: exp.Expression) -> dict[str, str]:
    """Alias (or table name) -> base table for every known table in the statement."""
    out: dict[str, str] = {}
    for table in tree.find_all(exp.Table):
        if table.name in TABLE_COLUMNS:
            out[table.alias_or_name] = table.name
    return out


def outer_aliases(tree: exp.Select) -> dict[str, str]:
    """Aliases of the tables in the outer FROM and JOINs, in order (not subqueries)."""
    tables = []
    from_ = tree.args.get("from") or tree.args.get("from_")
    if from_ is not None and isinstance(from_.this, exp.Table):
        tables.append(from_.this)
    tables += [j.this for j in tree.args.get("joins") or [] if isinstance(j.this, exp.Table)]
    return {t.alias_or_name: t.name for t in tables if t.name in TABLE_COLUMNS}


def resolve(column: exp.Column, aliases: Mapping[str, str]) -> ColumnRef | None:
    """The alias and base table a column reference belongs to, if it can be told."""
    if column.table:
        table = aliases.get(column.table)
        return ColumnRef(column.table, table, column.name) if table else None
    owners = [a for a, t in aliases.items() if column.name in TABLE_COLUMNS[t]]
    return ColumnRef(owners[0], aliases[owners[0]], column.name) if owners else None


def _star(alias: str, table: str, taken: set[str]) -> dict[str, CellSource]:
    cols = [c for c in TABLE_COLUMNS[table] if c not in taken]
    return {c: ColumnRef(alias, table, c) for c in cols}


def column_sources(tree: exp.Select) -> dict[str, CellSource]:
    """Result key -> where the value comes from.

    Keys follow the records executors' naming (an explicit alias, else `col` and, for
    joins, `table.col`, else the aggregate's text); both plain forms are listed so rows
    from any backend resolve.
    """
    aliases = outer_aliases(tree)
    out: dict[str, CellSource] = {}
    for item in tree.expressions:
        node = item.this if isinstance(item, exp.Alias) else item
        if isinstance(node, exp.Star):
            for alias, table in aliases.items():
                out.update(_star(alias, table, set(out)))
        elif isinstance(node, exp.Column) and isinstance(node.this, exp.Star):
            if node.table in aliases:
                out.update(_star(node.table, aliases[node.table], set(out)))
        elif isinstance(node, exp.Column):
            ref = resolve(node, aliases)
            if ref is None:
                continue
            keys = [item.alias] if item.alias else [ref.column, f"{ref.table}.{ref.column}"]
            out.update(dict.fromkeys(keys, ref))
        else:
            refs = {r for c in node.find_all(exp.Column) if (r := resolve(c, aliases))}
            keys = [item.alias] if item.alias else [item.sql(dialect=ZCQL_DIALECT), item.sql()]
            out.update(dict.fromkeys(keys, DerivedRef(frozenset(refs))))
    return out


def condition_columns(tree: exp.Select) -> set[ColumnRef]:
    """Columns read outside the outer projection list (WHERE, JOIN, GROUP BY, ORDER BY...)."""
    aliases = table_aliases(tree)
    projected = {id(c) for item in tree.expressions for c in item.find_all(exp.Column)}
    out = set()
    for column in tree.find_all(exp.Column):
        if id(column) in projected or isinstance(column.this, exp.Star):
            continue
        ref = resolve(column, aliases)
        if ref is not None:
            out.add(ref)
    return out


def _conjuncts(node: object) -> list[exp.Expression]:
    if not isinstance(node, exp.Expression):
        return []
    if isinstance(node, exp.And):
        return _conjuncts(node.left) + _conjuncts(node.right)
    if isinstance(node, exp.Paren):
        return _conjuncts(node.this)
    return [node]


def fir_links(tree: exp.Select) -> dict[str, str]:
    """Alias of persons/vehicles -> alias of firs, where the statement equates their fir_id.

    Read from JOIN ... ON and top-level AND-ed WHERE equalities, so the FIR facts of a
    person or vehicle can be taken from the joined FIR when the row has no fir_id of its own.
    """
    aliases = outer_aliases(tree)
    where = tree.args.get("where")
    conditions = _conjuncts(where.this if where is not None else None)
    for join in tree.args.get("joins") or []:
        conditions += _conjuncts(join.args.get("on"))
    links: dict[str, str] = {}
    for cond in conditions:
        if not isinstance(cond, exp.EQ):
            continue
        sides = [s for s in (cond.left, cond.right) if isinstance(s, exp.Column)]
        refs = [resolve(s, aliases) for s in sides if s.name == "fir_id"]
        if len(refs) != 2 or None in refs:
            continue
        by_table = {r.table: r.alias for r in refs if r is not None}
        fir = by_table.get("firs")
        for r in refs:
            if r is not None and fir is not None and r.table in ("persons", "vehicles"):
                links[r.alias] = fir
    return links
