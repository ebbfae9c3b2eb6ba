"""Across turns of one conversation the loop starts afresh and its state survives a checkpointer."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver

from tests.graph.fallback.harness import FakeRecords, context_for, loop_graph, run_loop
from tools.agent.services import FallbackServices


async def test_second_turn_resets_the_loop_and_keeps_its_own_budget() -> None:
    app = loop_graph(checkpointer=InMemorySaver())
    context = context_for(FallbackServices(records=FakeRecords()))
    first = await run_loop(context, "status of FIR-2026-04829", app=app, thread_id="t1")
    second = await run_loop(context, "what is 18% of 2,35,000", app=app, thread_id="t1")
    assert "Under Investigation" in first.result.answer
    assert "= 42300" in second.result.answer
    assert second.state["agent_cycles"] == 1
    assert [n["tool"] for n in second.tool_notes] == ["calculator"]
    assert len(second.state["results"]) == 1
    starts = [e for e in second.state["agent_messages"] if isinstance(e, dict)]
    assert [s["question"] for s in starts] == ["what is 18% of 2,35,000"]
