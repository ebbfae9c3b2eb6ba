"""Runs one turn of the graph: streams progress, audits every transition, fails closed."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from graph.context import GraphContext
from graph.edge_audit import EdgeAuditor, Topology, Transition
from graph.progress import progress_label
from graph.state import merge_update, turn_reset
from graph.summarise import summarise_update
from schemas.response import ChatResponse
from tools.audit.recorder import RequestAudit
from tools.request_memo import request_scope

ProgressCallback = Callable[[dict[str, Any]], Awaitable[None]]
_TOPOLOGIES: dict[int, Topology] = {}


def topology_of(app: Any) -> Topology:
    """The compiled graph's edges, computed on first use (a `DirectTurn` declares its own)."""
    declared = getattr(app, "topology", None)
    if isinstance(declared, Topology):
        return declared
    key = id(app)
    if key not in _TOPOLOGIES:
        _TOPOLOGIES[key] = Topology.of(app)
    return _TOPOLOGIES[key]


def transition_event(audit: RequestAudit, row: Transition) -> None:
    """Queue one edge transition."""
    data: dict[str, Any] = {"delta_keys": row.delta_keys, "summary": row.summary}
    if row.error:
        data["error"] = row.error[:300]
    audit.add("transition", data, step=row.step, frm=row.frm, to=row.to, ts=row.ts)


def node_timings(events: list[dict[str, Any]]) -> dict[str, float]:
    """Milliseconds per node from the debug stream's task start and result timestamps."""
    started: dict[str, datetime] = {}
    timings: dict[str, float] = {}
    for event in events:
        payload = event["payload"]
        stamp = datetime.fromisoformat(event["timestamp"])
        if event["type"] == "task":
            started[payload["id"]] = stamp
        elif event["type"] == "task_result" and payload["id"] in started:
            elapsed = (stamp - started[payload["id"]]).total_seconds() * 1000
            timings[payload["name"]] = round(timings.get(payload["name"], 0.0) + elapsed, 3)
    return timings


def turn_input(request: dict[str, Any]) -> dict[str, Any]:
    """The request over the per-turn reset (history persists by thread)."""
    return {**turn_reset(), **request}


async def run_turn(
    app: Any,
    request: dict[str, Any],
    context: GraphContext,
    audit: RequestAudit,
    thread_id: str,
    on_progress: ProgressCallback | None = None,
) -> ChatResponse:
    """One full run; every transition, decision, note and the response reach the audit sink.
    Its steps share one `request_scope` (a question read once, not once per step)."""
    with request_scope():
        return await _run_turn(app, request, context, audit, thread_id, on_progress)


async def _run_turn(
    app: Any,
    request: dict[str, Any],
    context: GraphContext,
    audit: RequestAudit,
    thread_id: str,
    on_progress: ProgressCallback | None,
) -> ChatResponse:
    started = time.perf_counter()
    auditor = EdgeAuditor(topology_of(app), summarise=summarise_update)
    debug_events: list[dict[str, Any]] = []
    joined: dict[str, Any] = {}  # the state the aggregator started from
    joined_update: dict[str, Any] = {}
    config: dict[str, Any] = {"configurable": {"thread_id": thread_id}, "recursion_limit": 40}
    try:
        async for _, event in app.astream(
            turn_input(request),
            config,
            context=context,
            stream_mode=["debug"],
            durability="exit",
        ):
            debug_events.append(event)
            auditor.feed(event)
            payload = event["payload"]
            if event["type"] == "task":
                if payload["name"] == "aggregator":
                    joined = payload["input"]
                if on_progress is not None:
                    label = progress_label(
                        payload["name"], payload["input"], context.fallback_max_cycles
                    )
                    await on_progress(label)
            elif event["type"] == "task_result" and payload["name"] == "aggregator":
                joined_update = payload["result"] or {}
    except BaseException as error:
        for row in auditor.finish():
            transition_event(audit, row)
        audit.add("error", {"error": type(error).__name__, "detail": str(error)[:300]})
        if isinstance(error, Exception):
            await audit.flush()
        raise
    for row in auditor.finish():
        transition_event(audit, row)
    decision = joined.get("decision")
    final = merge_update(joined, joined_update)
    if decision is not None:
        audit.add("route_decision", decision.model_dump(mode="json"))
    for note in final.get("notes") or []:
        audit.add(str(note.get("kind", "note")), note)
    response = final["response"]
    timings = node_timings(debug_events)
    for note in final.get("notes") or []:
        if note.get("kind") == "zcql_cascade":
            stages = note.get("stages_ms") or {}
            timings.update({f"text2zcql.{name}": ms for name, ms in stages.items()})
    timings["total"] = round((time.perf_counter() - started) * 1000, 3)
    response = response.model_copy(update={"timings_ms": timings})
    audit.add(
        "response",
        response.model_dump(mode="json", exclude={"audit_head", "records"})
        | {"records": len(response.records)},
    )
    head = await audit.flush()
    return response.model_copy(update={"audit_head": head})
