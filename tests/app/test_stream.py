"""POST /v1/chat/stream: progress per graph step in audit order, guarded finals, clean cancels."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypedDict

import httpx
import pytest
from fastapi import FastAPI
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph

from app.api.service import create_app
from app.assistant import Assistant
from app.settings import Settings
from graph.context import GraphContext
from schemas.audit import AuditEvent
from tests.browser.harness import audit_rows, bearer, running, uvicorn_server
from tools.audit.sqlite_sink import SqliteAuditSink
from validators.guardrail.denylist import COMMON_WORDS_FILE
from validators.guardrail.engine import Guardrail, RequestGuard

Events = list[tuple[str, dict[str, Any]]]
RECORDS_QUESTION = "how many vehicle thefts in KR Puram this year"
QUESTIONS = {
    "zcql": RECORDS_QUESTION,
    "rag": "what is a zero FIR",
    "hybrid": "what is the procedure for FIR-2026-04829 and what is its status?",
    "smalltalk": "hello",
}


def parse_sse(body: str) -> Events:
    """(event, data) pairs of an SSE body; comments (heartbeats) are skipped."""
    events: Events = []
    for frame in body.split("\n\n"):
        lines = [line for line in frame.splitlines() if line and not line.startswith(":")]
        if not lines:
            continue
        kind = next(line[len("event: ") :] for line in lines if line.startswith("event: "))
        data = "\n".join(line[len("data: ") :] for line in lines if line.startswith("data: "))
        events.append((kind, json.loads(data)))
    return events


async def stream(app: FastAPI, headers: dict[str, str], body: Any) -> tuple[httpx.Response, str]:
    """One streamed request over the ASGI app; the response and its whole body."""
    transport = httpx.ASGITransport(app=app)
    async with (
        running(app),
        httpx.AsyncClient(transport=transport, base_url="http://test") as client,
    ):
        response = await client.post("/v1/chat/stream", headers=headers, json=body)
        return response, response.text


def started_nodes(transitions: list[dict[str, Any]]) -> list[str]:
    """Each node run once, in audit order: a join fired by two branches is one start."""
    seen: list[tuple[int, str]] = []
    for row in transitions:
        key = (row["step"], row["to"])
        if row["to"] != "__end__" and key not in seen:
            seen.append(key)
    return [node for _, node in seen]


@pytest.mark.parametrize("route", list(QUESTIONS))
async def test_progress_events_match_the_audited_transitions_in_order(
    route: str,
    make_app: Callable[..., FastAPI],
    auth: Callable[[str], dict[str, str]],
    service_settings: Settings,
) -> None:
    response, body = await stream(make_app(), auth("KA-3003"), {"message": QUESTIONS[route]})
    events = parse_sse(body)

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    kinds = [kind for kind, _ in events]
    assert kinds[-1] == "final" and kinds.count("final") == 1
    assert set(kinds[:-1]) == {"progress"}
    final = events[-1][1]
    assert final["route"] == route
    request_id = response.headers["x-request-id"]
    assert final["request_id"] == request_id
    transitions = audit_rows(service_settings.audit_path, request_id, "transition")
    progress_nodes = [data["node"] for kind, data in events if kind == "progress"]
    assert progress_nodes == started_nodes(transitions)
    assert progress_nodes[:2] == ["orchestrator", "router"]
    assert progress_nodes[-1] == "aggregator"


async def test_progress_after_the_router_carries_the_decided_route(
    make_app: Callable[..., FastAPI], auth: Callable[[str], dict[str, str]]
) -> None:
    _, body = await stream(make_app(), auth("KA-3003"), {"message": RECORDS_QUESTION})
    events = parse_sse(body)
    progress = [data for kind, data in events if kind == "progress"]
    final = events[-1][1]

    assert "route" not in progress[0] and "route" not in progress[1]
    assert progress[2]["route"] == final["route"] == "zcql"
    # progress shows the router's confidence; the final one also weighs the records grounding
    assert progress[2]["confidence"] >= round(final["confidence"], 2) > 0
    labels = [p["label"] for p in progress]
    assert {"routing", "validating query", "checking clearance"} <= set(labels)


class MarkerGuardrail:
    """The real guardrail that also treats one marker as a withheld value."""

    def __init__(self, marker: str) -> None:
        self.marker = marker
        self.inner = Guardrail.load()

    def for_request(self, officer: Any, deny_values: Any, allow_values: Any = ()) -> RequestGuard:
        return self.inner.for_request(officer, [*deny_values, self.marker], allow_values)


def phrase_in(answer: str, unguarded: str) -> str:
    """Two adjacent words of the answer that no unguarded field (titles, ids) contains and
    that the guardrail would mask as a withheld value (not ordinary words only)."""
    common = set(COMMON_WORDS_FILE.read_text(encoding="utf-8").lower().split())
    words = re.findall(r"[A-Za-z]{4,}", answer)
    for first, second in itertools.pairwise(words):
        phrase = f"{first} {second}"
        distinctive = {first.lower(), second.lower()} - common
        if phrase in answer and phrase.lower() not in unguarded.lower() and distinctive:
            return phrase
    raise AssertionError(f"no usable phrase in {answer!r}")


@pytest.mark.parametrize("route", ["smalltalk", "rag", "zcql"])
async def test_no_event_carries_text_the_guardrail_redacts(
    route: str, make_app: Callable[..., FastAPI], auth: Callable[[str], dict[str, str]]
) -> None:
    question = {"message": QUESTIONS[route]}
    _, plain = await stream(make_app(), auth("KA-3003"), question)
    unguarded = parse_sse(plain)[-1][1]
    titles = json.dumps([(c["id"], c["title"]) for c in unguarded["citations"]])
    marker = phrase_in(unguarded["answer"], titles)

    _, body = await stream(make_app(guardrail=MarkerGuardrail(marker)), auth("KA-3003"), question)
    events = parse_sse(body)
    final = events[-1][1]

    assert events[-1][0] == "final"
    assert final["redactions"]["post_generation"] > unguarded["redactions"]["post_generation"]
    assert marker.lower() not in body.lower()


async def test_audit_failure_is_an_error_event_with_a_safe_message(
    make_app: Callable[..., FastAPI],
    auth: Callable[[str], dict[str, str]],
    service_settings: Settings,
) -> None:
    class BrokenSink(SqliteAuditSink):
        def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
            raise RuntimeError("disk I/O error at /secret/path")

    sink = BrokenSink(service_settings.home / "broken.db")
    _, body = await stream(make_app(sink=sink), auth("KA-3003"), {"message": "hello"})
    events = parse_sse(body)

    assert [kind for kind, _ in events if kind != "progress"] == ["error"]
    error = events[-1][1]
    assert error["error"] == "audit_unavailable"
    assert "secret" not in error["message"] and "RuntimeError" not in error["message"]


async def test_invalid_body_is_refused_before_streaming_and_audited(
    make_app: Callable[..., FastAPI],
    auth: Callable[[str], dict[str, str]],
    service_settings: Settings,
) -> None:
    response, _ = await stream(make_app(), auth("KA-3003"), {"message": "hi", "clearance": 5})

    assert response.status_code == 422
    assert response.json()["error"] == "bad_input"
    rows = [e for e in audit_rows_all(service_settings.audit_path) if e["kind"] == "rejected"]
    assert rows and rows[-1]["data"]["where"] == "request body"


async def test_stream_without_a_token_is_401(make_app: Callable[..., FastAPI]) -> None:
    response, _ = await stream(make_app(), {}, {"message": "hello"})

    assert response.status_code == 401


def audit_rows_all(path: Path) -> list[dict[str, Any]]:
    """Every event of the trail (any request)."""
    import sqlite3

    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT kind, data FROM audit_events ORDER BY seq").fetchall()
    return [{"kind": kind, "data": json.loads(data)} for kind, data in rows]


# --- disconnects, over a real server: a graph whose second node waits until cancelled ---


class StallState(TypedDict, total=False):
    request_id: str
    officer: Any
    message: str
    text: str


def stalled_graph(entered: threading.Event, cancelled: threading.Event) -> Any:
    """orchestrator -> stall (waits for a minute unless cancelled) -> END."""

    async def orchestrator(state: StallState) -> dict[str, Any]:
        return {"text": state.get("message", "")}

    async def stall(state: StallState) -> dict[str, Any]:
        entered.set()
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return {}

    g: StateGraph[Any, Any, Any, Any] = StateGraph(StallState)
    g.add_node("orchestrator", orchestrator)
    g.add_node("stall", stall)
    g.add_edge(START, "orchestrator")
    g.add_edge("orchestrator", "stall")
    g.add_edge("stall", END)
    return g.compile(checkpointer=InMemorySaver())


def test_client_disconnect_cancels_the_run_and_is_audited(service_settings: Settings) -> None:
    entered, cancelled = threading.Event(), threading.Event()

    @asynccontextmanager
    async def factory(settings: Settings) -> AsyncIterator[Assistant]:
        sink = SqliteAuditSink(settings.audit_path)
        try:
            yield Assistant(stalled_graph(entered, cancelled), GraphContext(), sink)
        finally:
            sink.close()

    app = create_app(service_settings, assistant_factory=factory)
    headers = bearer(service_settings, "KA-2002")
    with uvicorn_server(app) as base, httpx.Client(base_url=base, timeout=10) as client:
        with client.stream(
            "POST", "/v1/chat/stream", headers=headers, json={"message": "hold on"}
        ) as response:
            request_id = response.headers["x-request-id"]
            lines = response.iter_lines()
            while not next(lines).startswith("event: progress"):
                pass
            assert entered.wait(10)
        # leaving the block closed the connection mid-run
        assert cancelled.wait(10), "the graph task was not cancelled"
        for _ in range(200):
            rows = audit_rows(service_settings.audit_path, request_id, "cancelled")
            if rows:
                break
            time.sleep(0.05)
    assert len(rows) == 1
    assert rows[0]["data"]["reason"] == "client disconnected before the final answer"
    assert rows[0]["data"]["run_cancelled"] is True
    assert rows[0]["data"]["nodes_started"][0] == "orchestrator"
    assert audit_rows(service_settings.audit_path, request_id, "response") == []
