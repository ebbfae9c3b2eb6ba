"""One walk over a parsed statement: every node with its scope and clause, and each scope's tables.

The rules read this index instead of walking the tree again, so validation costs one traversal.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sqlglot import exp

from validators.zcql.schema import TABLES, TableSchema

_CLAUSES = {
    "expressions": "select",
    "distinct": "select",
    "from_": "from",
    "joins": "join",
    "where": "where",
    "group": "group",
    "having": "having",
    "order": "order",
    "limit": "limit",
    "offset": "limit",
}


@dataclass(frozen=True, slots=True)
class TableRef:
    """One table instance in a FROM or JOIN: the name columns use for it, and its base table."""

    ref: str
    table: str
    aliased: bool
    node: exp.Table

    @property
    def schema(self) -> TableSchema | None:
        return TABLES.get(self.table)

    def describe(self) -> str:
        return f"{self.table} (alias {self.ref})" if self.aliased else self.table


@dataclass(slots=True)
class Scope:
    """One SELECT (the statement itself, or a subquery) and the table instances it reads."""

    select: exp.Select
    depth: int
    tables: list[TableRef] = field(default_factory=list)
    refs: dict[str, TableRef] = field(default_factory=dict)

    def add(self, ref: TableRef) -> None:
        self.tables.append(ref)
        self.refs.setdefault(ref.ref, ref)


class Visit(NamedTuple):
    """A node, the index of the scope it belongs to, the clause it sits in, its parent and key."""

    node: exp.Expression
    scope: int
    clause: str
    parent: exp.Expression | None
    key: str


@dataclass(slots=True)
class Analysis:
    """Every node of the tree, grouped by node type, and every scope; built by `analyse`."""

    by_type: dict[type[exp.Expression], list[Visit]]
    scopes: list[Scope]

    def of(self, *kinds: type[exp.Expression]) -> Iterator[Visit]:
        """The visits of nodes of exactly these types."""
        for kind in kinds:
            yield from self.by_type.get(kind, ())


def analyse(tree: exp.Expression) -> Analysis:
    """Index the tree in one depth-first walk (iterative, so deep nesting cannot recurse)."""
    by_type: dict[type[exp.Expression], list[Visit]] = {}
    scopes: list[Scope] = []
    expression = exp.Expression
    new = _TUPLE_NEW
    stack: list[Visit] = [Visit(tree, -1, "statement", None, "")]
    push = stack.append
    while stack:
        visit = stack.pop()
        node, scope, clause = visit[0], visit[1], visit[2]
        is_select = False
        if isinstance(node, exp.Select):
            is_select = True
            scopes.append(_scope(node, scopes[scope].depth + 1 if scope >= 0 else 0))
            scope = len(scopes) - 1
            visit = Visit(node, scope, "select", visit[3], visit[4])
        kind = type(node)
        bucket = by_type.get(kind)
        if bucket is None:
            by_type[kind] = [visit]
        else:
            bucket.append(visit)
        for key, value in node.args.items():
            if value is None or value is False or value is True:
                continue
            child_clause = _CLAUSES.get(key, key) if is_select else clause
            for item in value if type(value) is list else (value,):
                if not isinstance(item, expression):
                    continue
                child = new(Visit, (item, scope, child_clause, node, key))
                if type(item) in _LEAVES:  # no child nodes: index it without a stack round trip
                    by_type.setdefault(type(item), []).append(child)
                else:
                    push(child)
    return Analysis(by_type, scopes)


_LEAVES = frozenset({exp.Identifier, exp.Literal})
"""Node types whose arguments are never nodes (names and literal values)."""

_TUPLE_NEW: Any = tuple.__new__
"""Builds a Visit in C; NamedTuple's generated __new__ is a slow Python call per node."""


def _scope(select: exp.Select, depth: int) -> Scope:
    scope = Scope(select, depth)
    from_ = select.args.get("from_")
    sources = [from_.this] if from_ is not None else []
    sources.extend(join.this for join in select.args.get("joins") or [])
    for source in sources:
        if isinstance(source, exp.Table):
            alias = source.alias
            scope.add(TableRef(alias or source.name, source.name, bool(alias), source))
    return scope
