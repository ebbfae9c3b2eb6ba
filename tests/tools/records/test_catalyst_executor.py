"""The Catalyst ZCQL REST executor against a mocked API (respx): shapes, retries and failures."""

from __future__ import annotations

import json

import httpx
import pytest
import respx

from schemas.errors import BackendUnavailable, QueryRejected
from tools.records.catalyst_executor import V2_ACCEPT, CatalystExecutor, catalyst_statement
from validators.zcql import AcceptedStatement, validate

API = "https://api.catalyst.zoho.in"
URL = f"{API}/baas/v1/project/42/query"
P = frozenset({"BLR-E-KRP"})
K = "precinct_id = 'BLR-E-KRP'"


def _v(statement: str) -> AcceptedStatement:
    verdict = validate(statement, P)
    assert verdict.accepted_statement is not None, verdict.reasons
    return verdict.accepted_statement


async def _token() -> str:
    return "tok-123"


def _executor(max_attempts: int = 4) -> CatalystExecutor:
    return CatalystExecutor(
        API,
        "42",
        _token,
        org_id="org-7",
        environment="Development",
        timeout_s=2.0,
        max_attempts=max_attempts,
        backoff_s=0.0,
    )


def _ok(rows: list[dict[str, object]]) -> httpx.Response:
    return httpx.Response(200, json={"status": "success", "data": rows})


@respx.mock
async def test_single_table_rows_are_unnested_and_typed() -> None:
    route = respx.post(URL).mock(
        return_value=_ok(
            [
                {
                    "firs": {
                        "fir_id": "FIR-2026-00001",
                        "victim_count": "2",
                        "sexual_offence": "false",
                    }
                },
                {
                    "firs": {
                        "fir_id": "FIR-2026-00002",
                        "victim_count": "1",
                        "sexual_offence": "true",
                    }
                },
            ]
        )
    )
    statement = f"SELECT fir_id, victim_count, sexual_offence FROM firs WHERE {K} LIMIT 2"
    result = await _executor().execute(_v(statement))
    assert result.backend == "catalyst"
    assert result.columns == ["fir_id", "victim_count", "sexual_offence"]
    assert result.rows[1] == {"fir_id": "FIR-2026-00002", "victim_count": 1, "sexual_offence": True}
    request = route.calls.last.request
    assert request.headers["Authorization"] == "Zoho-oauthtoken tok-123"
    assert request.headers["CATALYST-ORG"] == "org-7"
    assert request.headers["Environment"] == "Development"
    assert request.headers["Accept"] == V2_ACCEPT
    assert json.loads(request.content) == {"query": statement}


@respx.mock
async def test_join_rows_get_table_dot_column_keys() -> None:
    respx.post(URL).mock(
        return_value=_ok(
            [{"firs": {"fir_id": "FIR-1"}, "persons": {"fir_id": "FIR-1", "full_name": "A"}}]
        )
    )
    result = await _executor().execute(
        _v(
            "SELECT firs.fir_id, persons.full_name FROM firs INNER JOIN persons "
            "ON firs.fir_id = persons.fir_id WHERE firs.precinct_id = 'BLR-E-KRP' "
            "AND persons.precinct_id = 'BLR-E-KRP'"
        )
    )
    assert result.rows == [
        {"firs.fir_id": "FIR-1", "persons.fir_id": "FIR-1", "persons.full_name": "A"}
    ]


@respx.mock
async def test_aggregate_keys_keep_their_own_name() -> None:
    respx.post(URL).mock(return_value=_ok([{"firs": {"crime_head": "Theft", "COUNT(ROWID)": "7"}}]))
    result = await _executor().execute(
        _v(f"SELECT crime_head, COUNT(ROWID) FROM firs WHERE {K} GROUP BY crime_head")
    )
    assert result.rows == [{"crime_head": "Theft", "COUNT(ROWID)": "7"}]


@respx.mock
async def test_429_then_success_is_retried() -> None:
    route = respx.post(URL).mock(
        side_effect=[
            httpx.Response(429, json={"status": "failure"}),
            _ok([{"firs": {"fir_id": "F"}}]),
        ]
    )
    result = await _executor().execute(_v(f"SELECT fir_id FROM firs WHERE {K}"))
    assert result.rows == [{"fir_id": "F"}]
    assert route.call_count == 2


@respx.mock
async def test_503_storm_gives_up_after_bounded_attempts() -> None:
    route = respx.post(URL).mock(return_value=httpx.Response(503, text="busy"))
    with pytest.raises(BackendUnavailable, match="HTTP 503"):
        await _executor(max_attempts=3).execute(_v(f"SELECT fir_id FROM firs WHERE {K}"))
    assert route.call_count == 3


@respx.mock
async def test_connect_errors_are_retried_then_unavailable() -> None:
    route = respx.post(URL).mock(side_effect=httpx.ConnectError("refused"))
    with pytest.raises(BackendUnavailable, match="connection failed"):
        await _executor(max_attempts=2).execute(_v(f"SELECT fir_id FROM firs WHERE {K}"))
    assert route.call_count == 2


@respx.mock
async def test_400_failure_body_is_a_rejection_not_retried() -> None:
    body = {"status": "failure", "data": {"error_code": "ZCQL_ERROR", "message": "Unknown column"}}
    route = respx.post(URL).mock(return_value=httpx.Response(400, json=body))
    with pytest.raises(QueryRejected, match="ZCQL_ERROR Unknown column"):
        await _executor().execute(_v(f"SELECT fir_id FROM firs WHERE {K}"))
    assert route.call_count == 1


@respx.mock
async def test_401_is_backend_unavailable() -> None:
    body = {"status": "failure", "data": {"error_code": "INVALID_TOKEN", "message": "expired"}}
    respx.post(URL).mock(return_value=httpx.Response(401, json=body))
    with pytest.raises(BackendUnavailable, match="INVALID_TOKEN"):
        await _executor().execute(_v(f"SELECT fir_id FROM firs WHERE {K}"))


@respx.mock
async def test_timeout_is_backend_unavailable() -> None:
    route = respx.post(URL).mock(side_effect=httpx.ReadTimeout("slow"))
    with pytest.raises(BackendUnavailable, match="timed out"):
        await _executor().execute(_v(f"SELECT fir_id FROM firs WHERE {K}"))
    assert route.call_count == 1


async def test_rejected_verdict_and_table_sources_are_refused() -> None:
    with pytest.raises(QueryRejected):
        await _executor().execute(validate("SELECT fir_id FROM firs WHERE status = 'x'", P))
    with pytest.raises(ValueError, match="role scopes"):
        await _executor().execute(_v(f"SELECT fir_id FROM firs WHERE {K}"), {"firs": "SELECT 1"})


def test_statement_without_limit_gets_limit_300() -> None:
    assert catalyst_statement(_v(f"SELECT fir_id FROM firs WHERE {K}")).endswith(" LIMIT 300")
    limited = f"SELECT fir_id FROM firs WHERE {K} LIMIT 0, 10"
    assert catalyst_statement(_v(limited)) == limited
