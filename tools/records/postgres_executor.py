"""The PostgreSQL records backend: a SELECT-only role, every statement in a READ ONLY transaction.

Connect as `crimeassist_reader` (deploy/postgres/records_readonly_role.sql), so writes are refused
by the database itself even if the validator were bypassed. Each statement runs in its own
transaction, read-only, under the executor's `statement_timeout`.

Every pooled connection is configured once when the pool opens it (`SESSION`): the timeout,
every transaction read-only (`default_transaction_read_only`), and `jit = off`. The records
statements are short interactive queries; a statewide one whose estimate passes
`jit_above_cost` (a count over every person, say) would otherwise spend tens of milliseconds
compiling code it runs once. Statements run in autocommit mode: each single statement is then
its own implicit transaction, read-only by that session default, so one round trip carries it
(no `BEGIN` and `COMMIT` round trips, each of which also waited its turn on the busy event
loop). A validated statement is one SELECT and cannot change a setting (no SET, no
set_config).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from schemas.errors import BackendUnavailable, QueryRejected
from tools.records.dialect import (
    boolean_results,
    count_query,
    day_count_query,
    error_free,
    to_postgres,
    with_table_sources,
)
from tools.records.executor import (
    QueryRows,
    RecordsQuery,
    require_runnable,
    sourced_scope,
    with_booleans,
)

SESSION = (
    "SET statement_timeout = {timeout_ms}; SET jit = off; SET default_transaction_read_only = on"
)


class PostgresExecutor:
    """Runs accepted verdicts over a small async connection pool, read-only."""

    backend = "postgres"

    def __init__(
        self, dsn: str, timeout_s: float = 5.0, max_size: int = 4, connect_timeout_s: float = 5.0
    ) -> None:
        self._timeout_ms = max(1, int(timeout_s * 1000))
        self._connect_timeout_s = connect_timeout_s
        self._opened = False
        self._pool = AsyncConnectionPool(
            dsn,
            min_size=1,
            max_size=max_size,
            open=False,
            timeout=connect_timeout_s,
            kwargs={"autocommit": True, "connect_timeout": max(1, int(connect_timeout_s))},
            configure=self._configure,
        )

    async def _configure(self, conn: psycopg.AsyncConnection[Any]) -> None:
        """The session every statement runs in (see the module docstring)."""
        await conn.execute(SESSION.format(timeout_ms=self._timeout_ms).encode())

    async def open(self) -> None:
        """Open the pool (once, e.g. in the app lifespan; the first query opens it otherwise)."""
        if not self._opened:
            self._opened = True
            await self._pool.open(wait=True, timeout=self._connect_timeout_s)

    async def close(self) -> None:
        """Close the pool."""
        await self._pool.close()

    async def execute(
        self,
        query: RecordsQuery,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> QueryRows:
        """The statement's rows (booleans as bool, numeric aggregates as float)."""
        require_runnable(query)
        start = time.perf_counter()
        translated = to_postgres(query, scope=sourced_scope(table_sources, jurisdiction))
        columns, rows = await self._run(
            with_table_sources(translated, table_sources, "postgres", fenced=not error_free(query))
        )
        rows = with_booleans(columns, rows, boolean_results(query))
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
        scope = sourced_scope(table_sources, jurisdiction)
        _, rows = await self._run(
            with_table_sources(
                count_query(query, "postgres", scope=scope),
                table_sources,
                "postgres",
                fenced=not error_free(query),
            )
        )
        return int(rows[0]["count"])

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
        _, rows = await self._run(
            with_table_sources(
                day_count_query(query, "postgres", scope=scope),
                table_sources,
                "postgres",
                fenced=not error_free(query),
            )
        )
        return [{"day": row["day"], "firs": int(row["firs"])} for row in rows]

    async def _run(self, statement: str) -> tuple[list[str], list[dict[str, Any]]]:
        try:
            await self.open()
            async with (
                self._pool.connection() as conn,
                conn.cursor(row_factory=dict_row) as cur,
            ):
                await cur.execute(statement.encode())
                rows = await cur.fetchall()
                columns = [d.name for d in cur.description or ()]
        except psycopg.errors.QueryCanceled as error:
            raise BackendUnavailable("query timed out") from error
        except (psycopg.OperationalError, psycopg.InterfaceError) as error:
            raise BackendUnavailable(f"records database unavailable: {error}") from error
        except psycopg.DatabaseError as error:
            raise QueryRejected(
                [f"The records database rejected the statement: {error}"]
            ) from error
        except TimeoutError as error:
            raise BackendUnavailable("records database pool timed out") from error
        return columns, [{k: _plain(v) for k, v in row.items()} for row in rows]


def _plain(value: Any) -> Any:
    return float(value) if isinstance(value, Decimal) else value
