"""The fallback's acting node: runs the requested tool calls concurrently, each under its own
timeout (the tool's, the deployment's, and the time left, whichever is smallest), refuses
repeated and excess calls, wraps every observation as untrusted data, and audits each call.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import AIMessage, ToolMessage
from langgraph.runtime import Runtime
from pydantic import BaseModel

from graph.context import GraphContext
from graph.fallback.budget import args_summary, call_key, seconds_left
from graph.fallback.deployment import registry_of, services_of
from graph.fallback.prompts import wrap_observation
from graph.fallback.state import ToolRecord, loop_view
from graph.state import GraphState
from tools.agent.base import ToolContext, ToolError, ToolOutput
from tools.agent.registry import ToolRegistry

MAX_CALLS_PER_CYCLE = 4


@dataclass(frozen=True)
class Call:
    """One requested tool call, well-formed or not."""

    id: str
    name: str
    args: Any
    problem: str | None = None


def requested_calls(message: AIMessage) -> list[Call]:
    """Well-formed and malformed calls alike, so each gets an observation."""
    calls = [Call(str(c.get("id") or ""), c["name"], c["args"]) for c in message.tool_calls]
    calls += [
        Call(str(c.get("id") or ""), str(c.get("name") or ""), c.get("args"), "bad_json")
        for c in message.invalid_tool_calls
    ]
    return calls


def _tool_context(state: GraphState, context: GraphContext) -> ToolContext:
    return ToolContext(
        officer=state["officer"],
        page_context=state.get("page_context"),
        services=services_of(context),
        now=context.clock(),
        timezone=context.timezone,
        images=context.images,
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
        notes.extend(output.audit_notes if output is not None else [])
    return {"agent_messages": messages, "agent_cycles": iteration, "notes": notes}
