"""A tiny graph around the fallback loop (aggregator replaced by END), fakes and helpers.

Used by the fallback tests and by bench/bench_fallback.py. Fakes of the integrator's
services live here only, never in the engine.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import httpx
from langgraph.graph import END, START, StateGraph
from pydantic import BaseModel

from graph.context import GraphContext
from graph.edge_audit import EdgeAuditor, Transition
from graph.fallback.nodes import after_agent, react_agent, react_tools
from graph.runner import topology_of
from graph.state import GraphState, turn_reset
from graph.summarise import summarise_update
from schemas.officer import Officer
from schemas.page_context import PageContext
from schemas.result import Citation, PipelineResult
from tools.agent.base import AgentTool, ToolContext, ToolOutput
from tools.agent.lookups import QuestionArgs
from tools.agent.registry import ToolRegistry, default_registry

NOW = datetime(2026, 12, 2, 6, 0, tzinfo=UTC)
OFFICER = Officer(
    badge_id="KA-1001",
    name="R. Gowda",
    rank="PSI",
    clearance=3,
    precincts=frozenset({"BLR-E-KRP"}),
)
PAGE = PageContext(
    schema_version="1",
    captured_at=NOW,
    active_fir_id="FIR-2026-04829",
    current_module="fir_view",
    applied_filters={"district": "Bengaluru East"},
    visible_record_ids=["FIR-2026-04829"],
)


def loop_graph(checkpointer: Any = None) -> Any:
    """START -> react_agent <-> react_tools; react_agent -> END (the aggregator's place)."""
    builder = StateGraph(GraphState, context_schema=GraphContext)
    builder.add_node("react_agent", react_agent)
    builder.add_node("react_tools", react_tools)
    builder.add_edge(START, "react_agent")
    builder.add_conditional_edges(
        "react_agent", after_agent, {"react_tools": "react_tools", "aggregator": END}
    )
    builder.add_edge("react_tools", "react_agent")
    return builder.compile(checkpointer=checkpointer)


@dataclass
class LoopRun:
    """What one run produced."""

    state: dict[str, Any]
    transitions: list[Transition]

    @property
    def result(self) -> PipelineResult:
        results = self.state["results"]
        assert len(results) == 1
        result: PipelineResult = results[0]
        return result

    @property
    def tool_notes(self) -> list[dict[str, Any]]:
        return [n for n in self.state.get("notes", []) if n["kind"] == "tool_call"]

    @property
    def summary(self) -> dict[str, Any]:
        notes = [n for n in self.state.get("notes", []) if n["kind"] == "fallback_summary"]
        assert len(notes) == 1
        return notes[0]

    def edges(self) -> list[tuple[str, str]]:
        return [(t.frm, t.to) for t in self.transitions]


async def run_loop(
    context: GraphContext,
    question: str,
    *,
    officer: Officer = OFFICER,
    page_context: PageContext | None = None,
    request_id: str = "req-1",
    app: Any = None,
    thread_id: str | None = None,
) -> LoopRun:
    """One run of the loop with the per-turn resets the integrator's runner sends."""
    app = app or loop_graph()
    auditor = EdgeAuditor(topology_of(app), summarise=summarise_update)
    final: dict[str, Any] = {}
    state = {
        **turn_reset(),
        "request_id": request_id,
        "officer": officer,
        "text": question,
        "page_context": page_context,
    }
    config: dict[str, Any] = {"recursion_limit": 40}
    options: dict[str, Any] = {}
    if thread_id is not None:
        config["configurable"] = {"thread_id": thread_id}
        options["durability"] = "exit"
    async for mode, event in app.astream(
        state, config, context=context, stream_mode=["debug", "values"], **options
    ):
        if mode == "values":
            final = event
        else:
            auditor.feed(event)
    return LoopRun(final, auditor.finish())


def context_for(services: Any = None, llm: Any = None, **overrides: Any) -> GraphContext:
    """A GraphContext with a fixed clock and the given fallback services."""
    overrides.setdefault("clock", lambda: NOW)
    return GraphContext(llm=llm, fallback_tools=services, **overrides)


def fake_tool(
    name: str,
    behaviour: Callable[[BaseModel, ToolContext], Awaitable[ToolOutput]],
    *,
    timeout_s: float = 4.0,
    args_schema: type[BaseModel] = QuestionArgs,
) -> AgentTool:
    """A tool with scripted behaviour (slow, hanging, misbehaving)."""
    return AgentTool(
        name=name,
        description=f"test tool {name}",
        args_schema=args_schema,
        run=behaviour,
        timeout_s=timeout_s,
    )


def replace_tools(*tools: AgentTool) -> ToolRegistry:
    """The default registry with some tools swapped for fakes."""
    swapped = {tool.name: tool for tool in tools}
    return ToolRegistry(
        [swapped.pop(t.name, t) for t in default_registry()] + list(swapped.values())
    )


def sleeper(seconds: float, text: str = "done") -> Callable[..., Awaitable[ToolOutput]]:
    """A tool body that takes `seconds` and then answers."""

    async def run(args: BaseModel, ctx: ToolContext) -> ToolOutput:
        await asyncio.sleep(seconds)
        return ToolOutput(text=text)

    return run


@dataclass
class FakeRecords:
    """Stands in for the integrator's records pipeline; remembers every call."""

    text: str = "FIR-2026-04829: status Under Investigation, registered 2026-11-20."
    withheld: list[str] = field(default_factory=list)
    calls: list[tuple[str, Officer, PageContext | None]] = field(default_factory=list)
    delay_s: float = 0.0

    async def __call__(
        self, question: str, officer: Officer, page: PageContext | None
    ) -> ToolOutput:
        self.calls.append((question, officer, page))
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        return ToolOutput(
            text=self.text,
            citations=[Citation(kind="record", id="FIR-2026-04829", title="FIR-2026-04829")],
            records=[{"fir_id": "FIR-2026-04829", "status": "Under Investigation"}],
            withheld_values=list(self.withheld),
        )


@dataclass
class FakeKnowledge:
    """Stands in for the clearance-filtered retrieval."""

    calls: list[tuple[str, Officer]] = field(default_factory=list)

    async def __call__(self, question: str, officer: Officer) -> ToolOutput:
        self.calls.append((question, officer))
        return ToolOutput(
            text="Register a Zero FIR regardless of territory, then transfer it (BNSS 173(1)).",
            citations=[Citation(kind="sop", id="sop-zero-fir", title="Zero FIR")],
        )


# --- Groq over httpx.MockTransport -----------------------------------------------------


def completion(message: dict[str, Any], finish: str = "stop") -> dict[str, Any]:
    """An OpenAI-format chat completion."""
    return {
        "id": "x",
        "object": "chat.completion",
        "created": 1,
        "model": "llama-3.3-70b-versatile",
        "choices": [
            {"index": 0, "message": {"role": "assistant", **message}, "finish_reason": finish}
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def tool_reply(*calls: tuple[str, str], call_id: str = "c") -> httpx.Response:
    """A reply asking for tools; arguments are raw JSON strings (possibly malformed)."""
    tool_calls = [
        {"id": f"{call_id}{i}", "type": "function", "function": {"name": n, "arguments": a}}
        for i, (n, a) in enumerate(calls)
    ]
    return httpx.Response(
        200, json=completion({"content": None, "tool_calls": tool_calls}, "tool_calls")
    )


def text_reply(text: str) -> httpx.Response:
    """A final answer."""
    return httpx.Response(200, json=completion({"content": text}))


def status_reply(status: int) -> httpx.Response:
    """An error reply with a 1 ms retry hint (so retries are fast)."""
    return httpx.Response(status, headers={"retry-after-ms": "1"}, json={"error": {"message": "x"}})


class Recorder:
    """MockTransport handler: records each request, replays replies (the last one repeats)."""

    def __init__(self, *replies: httpx.Response | Callable[[int], httpx.Response]) -> None:
        self.replies = list(replies)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        reply = self.replies.pop(0) if len(self.replies) > 1 else self.replies[0]
        return reply(len(self.requests)) if callable(reply) else reply

    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(r.content) for r in self.requests]


def groq_llm(recorder: Callable[[httpx.Request], Any], max_retries: int = 2) -> Any:
    """The REAL ChatGroq client over a mock transport."""
    from langchain_groq import ChatGroq

    return ChatGroq(
        model="llama-3.3-70b-versatile",
        api_key="test",
        temperature=0,
        max_retries=max_retries,
        http_async_client=httpx.AsyncClient(transport=httpx.MockTransport(recorder)),
    )
