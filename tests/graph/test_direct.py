"""A plan run directly answers and audits exactly as the compiled graph does: the smalltalk
turn of the command line, and every route the service runs without a conversation."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.assistant import Assistant, RawImage
from app.settings import Settings
from app.wiring import open_direct_assistant
from graph.build import PLAN, build_graph
from graph.direct import TOPOLOGY, DirectTurn, NotDirect, takes_direct_path
from graph.edge_audit import Topology
from graph.runner import run_turn
from schemas.errors import BackendUnavailable
from schemas.page_context import PageContext
from schemas.request import ChatRequest
from tests.support.images import PlateStyle, encode, render_plate
from tools.audit.recorder import RequestAudit
from tools.audit.sqlite_sink import SqliteAuditSink
from tools.roster import officer_by_badge

CHAIN = {"seq", "prev_hash", "hash", "audit_head"}
TIMINGS = {"timings_ms", "stages_ms"}


NOW = datetime(2026, 12, 3, 9, 30, tzinfo=UTC)


def page(age_s: float) -> PageContext:
    captured = NOW - timedelta(seconds=age_s)
    return PageContext(schema_version="1", captured_at=captured, active_fir_id="FIR-2026-00042")


def normalised(value: Any) -> Any:
    """Audit content without what differs between any two runs: times, chain hashes, and the
    timing values (their node names stay)."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key in CHAIN:
                continue
            if key == "ts":
                out[key] = "<time>"
            elif key in TIMINGS:
                out[key] = sorted(item)
            elif key.endswith("_ms"):
                out[key] = "<ms>"
            else:
                out[key] = normalised(item)
        return out
    if isinstance(value, list):
        return [normalised(item) for item in value]
    return value


def written(sink: SqliteAuditSink, request_id: str) -> list[dict[str, Any]]:
    return [
        normalised(event.model_dump(mode="json"))
        for event in sink.events()
        if event.request_id == request_id
    ]


def at_now(assistant: Assistant) -> Assistant:
    """The same graph and sink with the clock stopped at NOW (page-context ages are exact)."""
    return replace(assistant, context=replace(assistant.context, clock=lambda: NOW))


@pytest.fixture(scope="module")
async def direct_assistant(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Assistant]:
    async with open_direct_assistant(Settings(home=tmp_path_factory.mktemp("direct"))) as built:
        yield built


CASES = [
    ("Good morning", None),
    ("thank you sir!", None),
    ("bye", None),
    ("who are you?", None),
    ("/help", None),
    ("/frobnicate now", None),
    ("hello", page(1.0)),
    ("namaste", page(3600.0)),  # stale: the page_context_discarded note and its warning
]


@pytest.mark.parametrize(("message", "page_context"), CASES)
async def test_direct_turn_writes_the_graphs_audit_events_and_answer(
    assistant: Assistant,
    direct_assistant: Assistant,
    message: str,
    page_context: PageContext | None,
) -> None:
    assert takes_direct_path(message, 0, None)
    officer = officer_by_badge("KA-3003")
    request = ChatRequest(message=message, page_context=page_context)
    request_id = f"direct-{message}-{page_context is not None}"
    via_graph = await at_now(assistant).ask(officer, request, request_id=request_id)
    via_direct = await at_now(direct_assistant).ask(officer, request, request_id=request_id)

    graph_response = via_graph.model_dump(mode="json")
    direct_response = via_direct.model_dump(mode="json")
    assert normalised(direct_response) == normalised(graph_response)
    graph_events = written(assistant.sink, request_id)  # type: ignore[arg-type]
    direct_events = written(direct_assistant.sink, request_id)  # type: ignore[arg-type]
    assert [e["kind"] for e in graph_events].count("transition") == 5
    assert direct_events == graph_events


@pytest.mark.parametrize(
    ("message", "attachments", "conversation"),
    [
        ("how many thefts in KR Puram", 0, None),
        ("/fir FIR-2026-00001", 0, None),
        ("hello", 1, None),
        ("hello", 0, "c-1"),
        ("hello, how many thefts were there", 0, None),
    ],
)
def test_only_override_smalltalk_turns_without_memory_or_images_go_direct(
    message: str, attachments: int, conversation: str | None
) -> None:
    assert not takes_direct_path(message, attachments, conversation)


def test_declared_topology_is_the_compiled_graphs_among_the_four_nodes() -> None:
    compiled = Topology.of(build_graph().compile())
    nodes = set(TOPOLOGY.preds) | {"__start__"}
    assert {node: compiled.preds[node] & nodes for node in TOPOLOGY.preds} == TOPOLOGY.preds
    assert compiled.deferred & nodes == TOPOLOGY.deferred
    assert {edge for edge in compiled.waiting if set(edge) <= nodes} == TOPOLOGY.waiting


async def test_a_turn_the_router_sends_elsewhere_is_refused(
    direct_assistant: Assistant,
) -> None:
    with pytest.raises(NotDirect):
        await direct_assistant.ask(
            officer_by_badge("KA-3003"), ChatRequest(message="/fir FIR-2026-00001")
        )


@pytest.fixture
def graph_only(assistant: Assistant, tmp_path: Path) -> Iterator[Assistant]:
    """The same compiled graph and services with no direct plan, writing to its own trail."""
    sink = SqliteAuditSink(tmp_path / "graph-audit.db")
    yield replace(assistant, direct=None, sink=sink)
    sink.close()


def plate(text: str) -> RawImage:
    return RawImage(
        "plate.png",
        "image/png",
        encode(render_plate(text, PlateStyle(text_px=72), random.Random(1))),
    )


ROUTE_CASES = [
    ("KA-3003", "how many vehicle thefts in KR Puram this year", None, "zcql"),
    ("KA-1001", "show the pending cases under investigation", None, "zcql"),
    ("KA-1001", "/stats Mysuru last month", None, "zcql"),  # the validator refuses: early join
    ("KA-3003", "who is the IO on this one", page(1.0), "zcql"),
    ("KA-1001", "what is a zero FIR", None, "rag"),
    ("KA-3003", "what is the procedure for FIR-2026-04829 and what is its status?", None, "hybrid"),
    ("KA-3003", "who is the IO on this one", None, "clarify"),
    ("KA-5005", "how many FIRs in blorptown this year", None, "clarify"),
    ("KA-1001", "write me a poem", None, "out_of_scope"),
    ("KA-1001", "/ask how many days between 3 March 2026 and 2 December 2026", None, "fallback"),
    ("KA-3003", "read this plate", None, "vision"),
    ("KA-1001", "good morning", None, "smalltalk"),
]


@pytest.mark.parametrize(("badge", "message", "page_context", "route"), ROUTE_CASES)
async def test_every_route_run_directly_answers_and_audits_as_the_compiled_graph(
    assistant: Assistant,
    graph_only: Assistant,
    badge: str,
    message: str,
    page_context: PageContext | None,
    route: str,
) -> None:
    assert assistant.direct is not None
    images = [plate("KA05MN4321")] if route == "vision" else None
    request = ChatRequest(message=message, page_context=page_context)
    request_id = f"plan-{route}-{message}"
    officer = officer_by_badge(badge)
    via_graph = await at_now(graph_only).ask(officer, request, images, request_id=request_id)
    via_direct = await at_now(assistant).ask(officer, request, images, request_id=request_id)

    assert via_graph.route == route
    assert normalised(via_direct.model_dump(mode="json")) == normalised(
        via_graph.model_dump(mode="json")
    )
    graph_events = written(graph_only.sink, request_id)  # type: ignore[arg-type]
    direct_events = written(assistant.sink, request_id)  # type: ignore[arg-type]
    assert direct_events == graph_events


async def test_a_turn_in_a_conversation_runs_directly_and_is_remembered(
    assistant: Assistant,
) -> None:
    officer = officer_by_badge("KA-3003")
    runner = assistant.runner_for(ChatRequest(message="hi", conversation_id="c-9"))
    assert isinstance(runner, DirectTurn) and runner.memory is not None
    assert assistant.runner_for(ChatRequest(message="hi")) is assistant.direct
    await assistant.ask(
        officer, ChatRequest(message="status of FIR-2026-04829", conversation_id="c-9")
    )
    state = await assistant.graph.aget_state({"configurable": {"thread_id": "KA-3003:c-9"}})
    assert [turn.question for turn in state.values["history"]] == ["status of FIR-2026-04829"]


def test_the_full_plan_is_the_compiled_graph() -> None:
    compiled = build_graph().compile()
    assert PLAN.topology == Topology.of(compiled)
    assert set(PLAN.nodes) == set(compiled.builder.nodes)


async def records_down(state: Any, runtime: Any) -> dict[str, Any]:
    raise BackendUnavailable("records store unreachable")


@pytest.mark.parametrize(
    ("failing", "message"),
    [
        ("execute_readonly", "how many vehicle thefts in KR Puram this year"),
        # beside `retrieve`, in the same superstep
        ("text2zcql", "what is the procedure for FIR-2026-04829 and what is its status?"),
    ],
)
async def test_a_failing_node_is_audited_as_the_compiled_graph_audits_it(
    assistant: Assistant, tmp_path: Path, failing: str, message: str
) -> None:
    plan = replace(PLAN, nodes={**PLAN.nodes, failing: records_down})
    request = {
        "request_id": "plan-failure",
        "officer": officer_by_badge("KA-3003"),
        "message": message,
        "page_context": None,
        "attachments": [],
    }
    written_by: list[list[dict[str, Any]]] = []
    for runner in (build_graph(plan).compile(), DirectTurn(plan)):
        sink = SqliteAuditSink(tmp_path / f"{type(runner).__name__}.db")
        audit = RequestAudit(sink, "plan-failure", "KA-3003")
        with pytest.raises(BackendUnavailable):
            await run_turn(runner, request, assistant.context, audit, "KA-3003:plan-failure")
        written_by.append(written(sink, "plan-failure"))
        sink.close()
    via_graph, via_direct = written_by
    assert via_graph[-1]["kind"] == "error"
    assert any(e["kind"] == "transition" and e["data"].get("error") for e in via_graph)
    assert via_direct == via_graph
