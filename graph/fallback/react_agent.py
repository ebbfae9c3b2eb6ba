"""The fallback's decision node: the model (or the offline planner) picks the next tool calls or
the final answer, within the budget: at most `fallback_max_cycles` tool rounds, one monotonic
deadline for the run (also bounding each model call), and no repeated identical calls; hitting
any of them ends the run with honest partial findings. `after_agent` routes the result.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Literal

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.fallback import planner
from graph.fallback.budget import StopReason, monotonic, seconds_left
from graph.fallback.deployment import registry_of, services_of
from graph.fallback.findings import Limits, build_result, partial_answer, run_incomplete
from graph.fallback.prompts import budget_note, system_prompt
from graph.fallback.state import LoopStart, LoopView, loop_view, pending_calls
from graph.state import GraphState
from tools.agent.dates import zone

MIN_MODEL_WAIT_S = 0.001


def _limits(context: GraphContext) -> Limits:
    return Limits(max_cycles=context.fallback_max_cycles, deadline_s=context.fallback_deadline_s)


def _planner_input(question: str, state: GraphState, context: GraphContext) -> planner.PlannerInput:
    services = services_of(context)
    today = context.clock().astimezone(zone(context.timezone)).date()
    return planner.PlannerInput(
        question=question,
        today=today,
        has_images=bool(context.images),
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
    if run.start.image_findings:
        readings = "\n".join(f"- {line}" for line in run.start.image_findings)
        answer = f"The attached images were read as:\n{readings}\n\n{answer}"
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
        question_message(start),
        *view.messages,
        SystemMessage(note),
    ]


def image_findings(state: GraphState) -> list[str]:
    """The pre-parser's readings of the attached images, when vision escalated to this loop."""
    return [
        f"image {i + 1}: {item.describe()} (confidence {item.confidence:.2f})"
        for i, finding in enumerate(state.get("vision_findings") or [])
        for item in finding.extractions
    ]


def question_message(start: LoopStart) -> HumanMessage:
    """The officer's question, with what the images were read as (untrusted data, quoted)."""
    if not start.image_findings:
        return HumanMessage(start.question)
    readings = "\n".join(f"- {line}" for line in start.image_findings)
    return HumanMessage(f"{start.question}\n\nThe attached images were read as:\n{readings}")


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
        image_findings=image_findings(state),
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
