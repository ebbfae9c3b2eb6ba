"""The read-only records executor interface and its result shape, shared by every backend.

An executor takes only a `RecordsQuery`: a validator's `AcceptedStatement` or a `TrustedQuery`
built by the records service, never a raw string or a verdict. `table_sources` maps a base
table to trusted SQL (built by the clearance filter, never from user text) that shadows it as a
leading CTE, so row-level policy is enforced inside the database; see `dialect.with_table_sources`.
With sources, `jurisdiction` names the precincts they restrict every table to (the officer's),
so the statement's own conditions that say the same need not run again
(`tools.records.implied_scope`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from schemas.errors import QueryRejected
from tools.records.implied_scope import SourcedScope
from tools.records.trusted import TrustedQuery
from validators.zcql.validate import AcceptedStatement

RecordsQuery = AcceptedStatement | TrustedQuery


@dataclass(frozen=True)
class QueryRows:
    """Rows of one query as dicts keyed by result column name, with timing and backend name."""

    columns: list[str]
    rows: list[dict[str, Any]]
    backend: str
    elapsed_ms: float


class RecordsExecutor(Protocol):
    """Runs an accepted statement or a trusted query read-only against one backend."""

    backend: str

    async def execute(
        self,
        query: RecordsQuery,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> QueryRows: ...

    async def count(
        self,
        query: RecordsQuery,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> int: ...

    async def day_counts(
        self,
        query: RecordsQuery,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> list[dict[str, Any]] | None:
        """`{"day": "YYYY-MM-DD", "firs": n}` per registration day of a statement selecting
        `registered_at` alone; None where the backend cannot group (the trend pages instead)."""
        ...


def require_runnable(query: object) -> RecordsQuery:
    """The query itself if it is an accepted statement or a trusted query; else QueryRejected."""
    if not isinstance(query, AcceptedStatement | TrustedQuery):
        raise QueryRejected(["The statement was not validated."])
    return query


def sourced_scope(
    table_sources: Mapping[str, str] | None, jurisdiction: frozenset[str] | None
) -> SourcedScope | None:
    """What the sources already restrict, when there are sources and a jurisdiction."""
    if not table_sources or jurisdiction is None:
        return None
    return SourcedScope(frozenset(jurisdiction), frozenset(table_sources))


def with_booleans(
    columns: list[str], rows: list[dict[str, Any]], booleans: frozenset[str]
) -> list[dict[str, Any]]:
    """The rows with the named boolean result columns turned into Python bool."""
    flagged = [c for c in columns if c in booleans]
    if not flagged:
        return rows
    for row in rows:
        for column in flagged:
            row[column] = as_bool(row[column])
    return rows


def as_bool(value: Any) -> Any:
    """0/1 (SQLite) or "true"/"false" (Catalyst) as a Python bool; NULL stays None."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1")
    return bool(value)
