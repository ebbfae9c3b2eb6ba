"""The embedded records backend: SQLite opened read-only, behind an authorizer that refuses writes.

Three independent locks: the file is opened `mode=ro`; an authorizer allows only SELECT, column
reads of the records tables (and of the trigram name index, `persons_name`, with the read-only
`PRAGMA data_version` its module checks) and the aggregate/LIKE functions, denying every write,
DDL, ATTACH, other PRAGMA and transaction control; and a progress handler aborts statements
past their deadline. The name index's module is connected before the authorizer is set (its
constructor declares the table), so the authorizer never has to allow more than reads.

Each connection maps the file into memory (`mmap_size`, up to SQLite's compiled limit) and keeps
a larger page cache for the rest (`cache_size`), both set before the authorizer: a statewide
count reads some 100,000 index entries, and through the default 2 MB cache each of their pages
is copied in by a system call on every statement.
"""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from schemas.errors import BackendUnavailable, QueryRejected
from tools.records.dialect import (
    NAME_INDEX,
    boolean_results,
    count_query,
    day_count_query,
    to_sqlite,
    with_table_sources,
)
from tools.records.executor import (
    QueryRows,
    RecordsQuery,
    require_runnable,
    sourced_scope,
    with_booleans,
)
from validators.zcql.schema import TABLES

ALLOWED_FUNCTIONS = frozenset({"count", "sum", "avg", "min", "max", "like", "substring"})
_PROGRESS_STEPS = 1000
READ_PRAGMAS = ("mmap_size = 1099511627776", "cache_size = -65536")
"""Memory-map the file (SQLite caps this at its compiled maximum), and a 64 MB page cache."""


class SqliteExecutor:
    """Runs accepted verdicts against a SQLite file, read-only, in worker threads."""

    backend = "sqlite"

    def __init__(self, path: str | Path, timeout_s: float = 5.0, pool_size: int = 2) -> None:
        self._uri = f"{Path(path).resolve().as_uri()}?mode=ro"
        self._timeout_s = timeout_s
        self._idle: queue.LifoQueue[sqlite3.Connection] = queue.LifoQueue()
        self._slots = asyncio.Semaphore(pool_size)
        self._name_index: bool | None = None

    @property
    def name_index(self) -> bool:
        """True when the file has the trigram name index (probed once, on first use: opening
        a connection probes it, and the connection is parked in the pool for the query)."""
        if self._name_index is None:
            self._idle.put(self._open())
        return bool(self._name_index)

    async def execute(
        self,
        query: RecordsQuery,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> QueryRows:
        """The statement's rows; booleans come back as bool."""
        require_runnable(query)
        translated = to_sqlite(
            query,
            name_index=not table_sources and self.name_index,
            scope=sourced_scope(table_sources, jurisdiction),
        )
        sql = with_table_sources(translated, table_sources)
        start = time.perf_counter()
        columns, raw = await self._run(sql)
        rows = with_booleans(
            columns, [dict(zip(columns, row, strict=True)) for row in raw], boolean_results(query)
        )
        return QueryRows(columns, rows, self.backend, (time.perf_counter() - start) * 1000)

    async def count(
        self,
        query: RecordsQuery,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> int:
        """How many rows the statement's FROM/JOIN/WHERE matches (no grouping or limit)."""
        require_runnable(query)
        counted = count_query(query, "sqlite", scope=sourced_scope(table_sources, jurisdiction))
        _, raw = await self._run(with_table_sources(counted, table_sources))
        return int(raw[0][0])

    async def day_counts(
        self,
        query: RecordsQuery,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> list[dict[str, Any]]:
        """FIRs per registration day for a statement selecting `registered_at` alone."""
        require_runnable(query)
        scope = sourced_scope(table_sources, jurisdiction)
        sql = with_table_sources(day_count_query(query, "sqlite", scope=scope), table_sources)
        _, raw = await self._run(sql)
        return [{"day": day, "firs": int(firs)} for day, firs in raw]

    def close(self) -> None:
        """Close idle connections."""
        while not self._idle.empty():
            self._idle.get_nowait().close()

    async def _run(self, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        async with self._slots:
            return await asyncio.to_thread(self._run_sync, sql)

    def _run_sync(self, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        with self._connection() as conn:
            deadline = time.monotonic() + self._timeout_s
            conn.set_progress_handler(lambda: int(time.monotonic() > deadline), _PROGRESS_STEPS)
            try:
                cursor = conn.execute(sql)
                rows = cursor.fetchall()
            except sqlite3.OperationalError as error:
                if "interrupted" in str(error):
                    raise BackendUnavailable("query timed out") from error
                if "not authorized" in str(error):
                    raise QueryRejected(["The records database refused the statement."]) from error
                raise BackendUnavailable(f"records database error: {error}") from error
            except sqlite3.DatabaseError as error:
                raise QueryRejected(
                    [f"The records database rejected the statement: {error}"]
                ) from error
            finally:
                conn.set_progress_handler(None, 0)
            return [d[0] for d in cursor.description or ()], rows

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        try:
            conn = self._idle.get_nowait()
        except queue.Empty:
            conn = self._open()
        try:
            yield conn
        finally:
            self._idle.put(conn)

    def _open(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(self._uri, uri=True, check_same_thread=False)
        except sqlite3.Error as error:
            raise BackendUnavailable(f"records database unavailable: {error}") from error
        try:
            for pragma in READ_PRAGMAS:
                conn.execute(f"PRAGMA {pragma}")
            self._name_index = _connect_name_index(conn)
        except sqlite3.Error as error:
            conn.close()
            raise BackendUnavailable(f"records database unavailable: {error}") from error
        conn.set_authorizer(_authorize)
        return conn


def _connect_name_index(conn: sqlite3.Connection) -> bool:
    """Whether the file has the name index; if so its module is connected now, unguarded."""
    found = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (NAME_INDEX,)
    ).fetchone()
    if found:
        conn.execute(f"SELECT 1 FROM {NAME_INDEX} WHERE 0").fetchall()
    return found is not None


def _authorize(action: int, arg1: str | None, arg2: str | None, db: str | None, _: Any) -> int:
    """Allow SELECT, reads of the records tables and the allowed functions; deny all else."""
    if action == sqlite3.SQLITE_SELECT:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_READ and db in ("main", None) and _readable(arg1):
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_PRAGMA and arg1 == "data_version" and arg2 is None:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in ALLOWED_FUNCTIONS:
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


def _readable(table: str | None) -> bool:
    """A records table, the name index or one of its shadow tables."""
    return table in TABLES or table == NAME_INDEX or (table or "").startswith(f"{NAME_INDEX}_")
