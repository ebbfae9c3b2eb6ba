"""The fallback loop's nodes: `react_agent` (decide) <-> `react_tools` (act), routed by
`after_agent`. Budget: at most `fallback_max_cycles` tool rounds, a timeout per tool call,
one monotonic deadline for the run, and no repeated identical calls; hitting any of them
ends the run with honest partial findings.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, Literal

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.runtime import Runtime
from pydantic import BaseModel

from graph.context import GraphContext
from graph.fallback import planner
from graph.fallback.budget import StopReason, args_summary, call_key, monotonic, seconds_left
from graph.fallback.findings import Limits, build_result, partial_answer, run_incomplete
from graph.fallback.prompts import budget_note, system_prompt, wrap_observation
from graph.fallback.state import LoopStart, LoopView, ToolRecord, loop_view, pending_calls
from graph.state import GraphState
from tools.agent.base import ToolContext, ToolError, ToolOutput
from tools.agent.dates import zone
from tools.agent.registry import ToolRegistry, default_registry
from tools.agent.services import FallbackServices

MAX_CALLS_PER_CYCLE = 4
MIN_MODEL_WAIT_S = 0.001


@dataclass(frozen=True)
class Call:
    """One requested tool call, well-formed or not."""

    id: str
    name: str
    args: Any
    problem: str | None = None


def services_of(context: GraphContext) -> FallbackServices:
    """The integrator's services, or none at all (every lookup then says it is unavailable)."""
    services = context.fallback_tools
    return services if isinstance(services, FallbackServices) else FallbackServices()


def registry_of(context: GraphContext) -> ToolRegistry:
    """The tools this deployment offers the engine."""
    services = context.fallback_tools
    return services.tools() if isinstance(services, FallbackServices) else default_registry()


def _limits(context: GraphContext) -> Limits:
    return Limits(max_cycles=context.fallback_max_cycles, deadline_s=context.fallback_deadline_s)


def _planner_input(question: str, state: GraphState, context: GraphContext) -> planner.PlannerInput:
    services = services_of(context)
    today = context.clock().astimezone(zone(context.timezone)).date()
    return planner.PlannerInput(
        question=question,
        today=today,
        has_images=bool(context.images.get(state.get("request_id", ""), [])),
        web_configured=services.web_search is not None,
        knowledge_configured=services.knowledge is not None,
    )


@dataclass(frozen=True)
class Run:
    """One step's view of the run: where it started, what happened, and its budget."""

    start: LoopStart
    view: LoopView
    context: GraphContext
    cycles: int
    new_entries: tuple[Any, ...] = ()

    def finish(
        self, answer: str, *, partial: bool, stop: StopReason | None, detail: str | None = None
    ) -> dict[str, Any]:
        """End the run: the result, the final message and the summary note."""
        offline = self.context.llm is None
        records = self.view.records
        if stop is not None:
            answer = partial_answer(records, offline=offline, draft=answer)
            partial = True
        result = build_result(
            answer,
            records,
            partial=partial,
            offline=offline,
            stop=stop,
            limits=_limits(self.context),
        )
        note: dict[str, Any] = {
            "kind": "fallback_summary",
            "cycles": self.cycles,
            "tool_calls": len(records),
            "stop_reason": stop or "answered",
            "partial": partial,
            "offline": offline,
            "duration_ms": round((monotonic() - self.start.started) * 1000, 3),
        }
        if detail:
            note["detail"] = detail
        return {
            "agent_messages": [*self.new_entries, AIMessage(content=answer)],
            "results": [result],
            "notes": [note],
        }

    def request(self, message: AIMessage) -> dict[str, Any]:
        """Continue the run with a tool request, unless the cycle cap is reached."""
        if self.cycles >= self.context.fallback_max_cycles:
            return self.finish("", partial=True, stop="cap")
        return {"agent_messages": [*self.new_entries, message]}


def _stop_before_step(view: LoopView, start: LoopStart) -> StopReason | None:
    if any(record.status == "repeated" for record in view.last_round()):
        return "repeat"
    if seconds_left(start.deadline) <= 0:
        return "deadline"
    return None


def _offline_step(run: Run, state: GraphState) -> tuple[AIMessage | None, str, bool]:
    query = _planner_input(run.start.question, state, run.context)
    records = run.view.records
    calls = planner.next_step(query, records)
    if calls:
        tool_calls = [
            {
                "name": c.name,
                "args": c.args,
                "id": f"offline-{run.cycles + 1}-{i}",
                "type": "tool_call",
            }
            for i, c in enumerate(calls)
        ]
        return AIMessage(content="", tool_calls=tool_calls), "", False
    answer, partial = planner.compose(query, records)
    return None, answer, partial or run_incomplete(records)


def model_messages(
    start: LoopStart, view: LoopView, context: GraphContext, cycles: int
) -> list[BaseMessage]:
    """System prompt, the question, the run so far, and the budget scratchpad."""
    registry = registry_of(context)
    system = system_prompt(registry, context.fallback_max_cycles, context.clock(), context.timezone)
    note = budget_note(context.fallback_max_cycles - cycles, seconds_left(start.deadline))
    return [
        SystemMessage(system),
        HumanMessage(start.question),
        *view.messages,
        SystemMessage(note),
    ]


def _begin(state: GraphState, context: GraphContext) -> Run:
    view = loop_view(state.get("agent_messages"))
    cycles = state.get("agent_cycles") or 0
    if view.start is not None:
        return Run(view.start, view, context, cycles)
    now = monotonic()
    start = LoopStart(
        question=state.get("text") or state.get("message") or "",
        deadline=now + context.fallback_deadline_s,
        started=now,
    )
    return Run(start, view, context, cycles, (start.entry(),))


async def _model_step(run: Run) -> dict[str, Any]:
    context = run.context
    assert context.llm is not None
    messages = model_messages(run.start, run.view, context, run.cycles)
    bound = context.llm.bind_tools(registry_of(context).definitions())
    try:
        wait = max(seconds_left(run.start.deadline), MIN_MODEL_WAIT_S)
        reply = await asyncio.wait_for(bound.ainvoke(messages), timeout=wait)
    except TimeoutError:
        return run.finish("", partial=True, stop="deadline")
    except Exception as error:
        return run.finish("", partial=True, stop="model_error", detail=type(error).__name__)
    if isinstance(reply, AIMessage) and pending_calls(reply):
        return run.request(reply)
    answer = reply.text if isinstance(reply, AIMessage) else str(reply.content)
    if run_incomplete(run.view.records):
        return run.finish(partial_answer(run.view.records, False, answer), partial=True, stop=None)
    return run.finish(answer, partial=False, stop=None)


async def react_agent(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Decide the next tool call(s) or the final answer, within the run's budget."""
    run = _begin(state, runtime.context)
    stop = _stop_before_step(run.view, run.start)
    if stop is not None:
        return run.finish("", partial=True, stop=stop)
    if runtime.context.llm is not None:
        return await _model_step(run)
    request, answer, partial = _offline_step(run, state)
    if request is not None:
        return run.request(request)
    return run.finish(answer, partial=partial, stop=None)


def after_agent(state: GraphState) -> Literal["react_tools", "aggregator"]:
    """Run the requested tools, or hand the finished result to the aggregator."""
    view = loop_view(state.get("agent_messages"))
    last = view.messages[-1] if view.messages else None
    if isinstance(last, AIMessage) and pending_calls(last):
        return "react_tools"
    return "aggregator"


def requested_calls(message: AIMessage) -> list[Call]:
    """Well-formed and malformed calls alike, so each gets an observation."""
    calls = [Call(str(c.get("id") or ""), c["name"], c["args"]) for c in message.tool_calls]
    calls += [
        Call(str(c.get("id") or ""), str(c.get("name") or ""), c.get("args"), "bad_json")
        for c in message.invalid_tool_calls
    ]
    return calls


def _tool_context(state: GraphState, context: GraphContext) -> ToolContext:
    images = context.images.get(state.get("request_id", ""), [])
    return ToolContext(
        officer=state["officer"],
        page_context=state.get("page_context"),
        services=services_of(context),
        now=context.clock(),
        timezone=context.timezone,
        images=tuple(images),
    )


async def _execute(
    registry: ToolRegistry, name: str, args: BaseModel, tool_ctx: ToolContext, timeout: float
) -> tuple[str, ToolOutput | None]:
    tool = registry.get(name)
    try:
        output = await asyncio.wait_for(tool.run(args, tool_ctx), timeout=timeout)
    except TimeoutError:
        return "timeout", None
    except ToolError as error:
        return "error", ToolOutput(text=str(error)[:500], ok=False)
    except Exception as error:
        return "error", ToolOutput(text=f"the tool failed ({type(error).__name__})", ok=False)
    if output.unavailable:
        return "unavailable", output
    return ("ok" if output.ok else "empty"), output


async def _one_call(
    call: Call,
    *,
    registry: ToolRegistry,
    context: GraphContext,
    tool_ctx: ToolContext,
    deadline: float,
    refusal: str | None,
) -> tuple[str, ToolOutput | None, float]:
    started = time.perf_counter()
    if refusal is not None:
        return refusal, None, 0.0
    if call.problem == "bad_json":
        output = ToolOutput(text="the arguments were not valid JSON; nothing was run", ok=False)
        return "invalid_args", output, 0.0
    try:
        parsed = registry.parse_args(call.name, call.args)
    except ToolError as error:
        status = "invalid_args" if call.name in registry else "unknown_tool"
        return status, ToolOutput(text=str(error), ok=False), 0.0
    left = seconds_left(deadline)
    if left <= 0:
        return "deadline", None, 0.0
    timeout = min(registry.get(call.name).timeout_s, context.fallback_tool_timeout_s, left)
    status, result = await _execute(registry, call.name, parsed, tool_ctx, timeout)
    return status, result, (time.perf_counter() - started) * 1000


REFUSAL_TEXT = {
    "repeated": "this exact call was already made in this run; it was not run again",
    "skipped": f"at most {MAX_CALLS_PER_CYCLE} tool calls per round; this one was not run",
    "timeout": "the tool did not answer within its time limit",
    "deadline": "the run's time limit was reached; the tool was not run",
}


async def react_tools(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Run the requested tools concurrently, each under its timeout; one cycle per run."""
    context = runtime.context
    view = loop_view(state.get("agent_messages"))
    message = view.last_ai
    cycles = state.get("agent_cycles") or 0
    iteration = cycles + 1
    if message is None or view.start is None:
        return {"agent_cycles": iteration}
    registry = registry_of(context)
    tool_ctx = _tool_context(state, context)
    seen = {call_key(r.tool, r.args) for r in view.records if r.status != "repeated"}
    calls = requested_calls(message)
    refusals: list[str | None] = []
    for index, call in enumerate(calls):
        key = call_key(call.name, call.args)
        if index >= MAX_CALLS_PER_CYCLE:
            refusals.append("skipped")
        elif key in seen:
            refusals.append("repeated")
        else:
            seen.add(key)
            refusals.append(None)
    outcomes = await asyncio.gather(
        *(
            _one_call(
                call,
                registry=registry,
                context=context,
                tool_ctx=tool_ctx,
                deadline=view.start.deadline,
                refusal=refusal,
            )
            for call, refusal in zip(calls, refusals, strict=True)
        )
    )
    messages: list[ToolMessage] = []
    notes: list[dict[str, Any]] = []
    for call, (status, output, duration_ms) in zip(calls, outcomes, strict=True):
        args = call.args if isinstance(call.args, dict) else {"raw": str(call.args)[:200]}
        record = ToolRecord(
            tool=call.name[:60], args=args, status=status, iteration=iteration, output=output
        )
        text = output.text if output is not None else REFUSAL_TEXT.get(status, status)
        messages.append(
            ToolMessage(
                content=wrap_observation(call.name[:60], status, text),
                tool_call_id=call.id,
                name=call.name[:60],
                status="success" if status == "ok" else "error",
                artifact=record.model_dump(mode="json"),
            )
        )
        notes.append(
            {
                "kind": "tool_call",
                "tool": call.name[:60],
                "iteration": iteration,
                "duration_ms": round(duration_ms, 3),
                "status": status,
                "args_summary": args_summary(call.args),
                "output_chars": len(output.text) if output is not None else 0,
            }
        )
    return {"agent_messages": messages, "agent_cycles": iteration, "notes": notes}
