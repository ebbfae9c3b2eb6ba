"""The Catalyst Data Store backend: the validated ZCQL text over the ZCQL REST API.

On Catalyst there is no SQL to shadow tables with, so `table_sources` is refused: row policy there
comes from the Data Store role's table scopes (a Select-only custom role, user scope), the
sensitivity bound the clearance plan writes into a `firs` statement (`catalyst_scope`), and the
clearance filter's post-filter of the returned rows. The statement sent is the validated text
itself, with ` LIMIT 300` appended when it has no LIMIT (safe: the validator rejects comments and
separators, so nothing can swallow the suffix).
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import httpx
from tenacity import (
    AsyncRetrying,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential,
)

from schemas.errors import BackendUnavailable, QueryRejected
from tools.records.dialect import DEFAULT_LIMIT
from tools.records.executor import QueryRows, RecordsQuery, as_bool, require_runnable
from validators.zcql.schema import TABLES

TokenProvider = Callable[[], str | Awaitable[str]]
V2_ACCEPT = "application/vnd.catalyst.v2+json,application/vnd.catalyst.v2+zcql"
_RETRY_STATUS = frozenset({429, 500, 502, 503, 504})


class _Retryable(Exception):
    """A response or transport failure worth another attempt."""


class CatalystExecutor:
    """POSTs accepted ZCQL to `{api}/baas/v1/project/{pid}/query` with bounded retries."""

    backend = "catalyst"

    def __init__(
        self,
        api_domain: str,
        project_id: str,
        token_provider: TokenProvider,
        org_id: str | None = None,
        environment: str | None = None,
        client: httpx.AsyncClient | None = None,
        timeout_s: float = 10.0,
        max_attempts: int = 4,
        backoff_s: float = 0.25,
    ) -> None:
        self._url = f"{api_domain.rstrip('/')}/baas/v1/project/{project_id}/query"
        self._token_provider = token_provider
        self._org_id = org_id
        self._environment = environment
        self._timeout = httpx.Timeout(timeout_s, connect=min(timeout_s, 5.0))
        self._client = client or httpx.AsyncClient(timeout=self._timeout)
        self._max_attempts = max_attempts
        self._backoff_s = backoff_s

    async def aclose(self) -> None:
        """Close the HTTP client."""
        await self._client.aclose()

    async def execute(
        self,
        query: RecordsQuery,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> QueryRows:
        """The statement's rows, un-nested: `col` for one table, `table.col` with joins."""
        require_runnable(query)
        if table_sources:
            raise ValueError(
                "Catalyst cannot shadow tables with SQL; row policy there comes from the Data "
                "Store role scopes plus the clearance filter's post-filter"
            )
        start = time.perf_counter()
        data = await self._post(catalyst_statement(query))
        joined = len(query.tables) > 1 or bool(query.tree and query.tree.args.get("joins"))
        rows = [unnest_row(item, joined) for item in data]
        columns = list(dict.fromkeys(key for row in rows for key in row))
        return QueryRows(columns, rows, self.backend, (time.perf_counter() - start) * 1000)

    async def count(
        self,
        query: RecordsQuery,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> int:
        """Not offered on Catalyst: a COUNT(ROWID) rewrite would be a new, unvalidated statement."""
        raise BackendUnavailable(
            "CatalystExecutor cannot count withheld rows; validate a COUNT(ROWID) statement "
            "and execute it instead"
        )

    async def day_counts(
        self,
        query: RecordsQuery,
        table_sources: Mapping[str, str] | None = None,
        *,
        jurisdiction: frozenset[str] | None = None,
    ) -> list[dict[str, Any]] | None:
        """None: ZCQL has no date functions, so a trend pages through its rows instead."""
        return None

    async def _post(self, statement: str) -> list[dict[str, Any]]:
        retrying = AsyncRetrying(
            stop=stop_after_attempt(self._max_attempts),
            wait=wait_exponential(multiplier=self._backoff_s, max=8 * self._backoff_s),
            retry=retry_if_exception(lambda e: isinstance(e, _Retryable)),
            reraise=True,
        )
        try:
            async for attempt in retrying:
                with attempt:
                    response = await self._send(statement)
        except _Retryable as error:
            raise BackendUnavailable(f"Catalyst ZCQL unavailable: {error}") from error
        return _data(response)

    async def _send(self, statement: str) -> httpx.Response:
        headers = {
            "Authorization": f"Zoho-oauthtoken {await self._token()}",
            "Accept": V2_ACCEPT,
            "Content-Type": "application/json",
        }
        if self._org_id:
            headers["CATALYST-ORG"] = self._org_id
        if self._environment:
            headers["Environment"] = self._environment
        try:
            response = await self._client.post(
                self._url, json={"query": statement}, headers=headers, timeout=self._timeout
            )
        except httpx.TimeoutException as error:
            raise BackendUnavailable("Catalyst ZCQL timed out") from error
        except httpx.TransportError as error:
            raise _Retryable(f"connection failed ({type(error).__name__})") from error
        if response.status_code in _RETRY_STATUS:
            raise _Retryable(f"HTTP {response.status_code}")
        return response

    async def _token(self) -> str:
        token = self._token_provider()
        return await token if inspect.isawaitable(token) else token


def catalyst_statement(query: RecordsQuery) -> str:
    """The validated ZCQL text, with ` LIMIT 300` appended when it has none."""
    statement = query.statement.strip()
    if query.tree is not None and query.tree.args.get("limit") is None:
        statement = f"{statement} LIMIT {DEFAULT_LIMIT}"
    return statement


def _data(response: httpx.Response) -> list[dict[str, Any]]:
    try:
        body = response.json()
    except ValueError as error:
        raise BackendUnavailable(
            f"Catalyst returned HTTP {response.status_code}, not JSON"
        ) from error
    if response.is_success and isinstance(body, dict) and body.get("status") == "success":
        data = body.get("data")
        if isinstance(data, list):
            return data
        raise BackendUnavailable("Catalyst returned an unexpected response shape")
    detail = body.get("data") if isinstance(body, dict) else None
    code = detail.get("error_code", "") if isinstance(detail, dict) else ""
    message = detail.get("message", "") if isinstance(detail, dict) else ""
    if response.status_code in (400, 404, 422):
        raise QueryRejected([f"Catalyst rejected the query: {code} {message}".strip()])
    raise BackendUnavailable(f"Catalyst ZCQL failed: HTTP {response.status_code} {code}".strip())


def unnest_row(item: dict[str, Any], joined: bool) -> dict[str, Any]:
    """`{"firs": {...}, "persons": {...}}` to one flat dict, values typed by the schema.

    Known columns become `col` (one table) or `table.col` (joins); other keys (aggregates,
    aliases) keep their own name, as the SQL backends name them.
    """
    row: dict[str, Any] = {}
    for table, values in item.items():
        schema = TABLES.get(table)
        if not isinstance(values, dict):
            row[table] = values
            continue
        for key, value in values.items():
            kind = schema.column_type(key) if schema else None
            name = f"{table}.{key}" if joined and kind is not None else key
            row[name] = _typed(value, kind)
    return row


def _typed(value: Any, kind: str | None) -> Any:
    if value is None or not isinstance(value, str):
        return value
    try:
        if kind == "int":
            return int(value)
        if kind == "double":
            return float(value)
    except ValueError:
        return value
    if kind == "bool":
        return as_bool(value)
    return value
