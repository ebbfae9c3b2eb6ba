"""Budget rules with deliberately slow and misbehaving tools: timeouts, deadline, cap, repeats."""

from __future__ import annotations

import asyncio
import json

import httpx

from graph.fallback.prompts import OFFLINE_PREFIX, UNVERIFIED
from tests.graph.fallback.harness import (
    Recorder,
    context_for,
    fake_tool,
    groq_llm,
    replace_tools,
    run_loop,
    sleeper,
    tool_reply,
)
from tools.agent.calculator import CalculatorArgs
from tools.agent.services import FallbackServices

HANGS = 30.0


def hanging_records(timeout_s: float = 4.0) -> FallbackServices:
    return FallbackServices(
        registry=replace_tools(fake_tool("records", sleeper(HANGS), timeout_s=timeout_s))
    )


async def test_tool_past_the_deployment_timeout_gives_a_partial_answer() -> None:
    context = context_for(hanging_records(), fallback_tool_timeout_s=0.05)
    run = await run_loop(context, "status of FIR-2026-04829")
    assert run.result.partial
    assert run.result.answer.startswith(f"{OFFLINE_PREFIX} {UNVERIFIED}")
    assert "records: not completed (timeout)" in run.result.answer
    assert "The records tool timed out." in run.result.warnings
    assert [(n["tool"], n["status"], n["output_chars"]) for n in run.tool_notes] == [
        ("records", "timeout", 0)
    ]
    assert run.edges().count(("react_agent", "react_tools")) == 1


async def test_a_tools_own_smaller_timeout_wins() -> None:
    context = context_for(hanging_records(timeout_s=0.05), fallback_tool_timeout_s=60)
    run = await run_loop(context, "status of FIR-2026-04829")
    assert run.tool_notes[0]["status"] == "timeout"
    assert run.result.partial


async def test_overall_deadline_stops_the_run_with_partial_findings() -> None:
    slow_calc = fake_tool("calculator", sleeper(HANGS), timeout_s=60, args_schema=CalculatorArgs)
    services = FallbackServices(registry=replace_tools(slow_calc))
    context = context_for(services, fallback_tool_timeout_s=60, fallback_deadline_s=0.1)
    run = await run_loop(context, "what is 2 + 2")
    assert run.summary["stop_reason"] == "deadline"
    assert run.result.partial
    assert UNVERIFIED in run.result.answer
    assert "Stopped at the 0.1 s time limit before the answer was verified." in run.result.warnings
    assert run.edges()[-1] == ("react_agent", "__end__")


async def test_slow_model_is_bounded_by_the_deadline() -> None:
    async def slow(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(HANGS)
        raise AssertionError("unreachable")

    llm = groq_llm(slow, max_retries=0)
    run = await run_loop(
        context_for(FallbackServices(), llm=llm, fallback_deadline_s=0.1), "anything"
    )
    assert run.summary["stop_reason"] == "deadline"
    assert run.result.partial
    assert run.result.answer.startswith(UNVERIFIED)
    assert not run.result.offline


def counting_calls(n: int) -> httpx.Response:
    return tool_reply(("calculator", json.dumps({"expression": f"{n} + 1"})), call_id=f"r{n}-")


async def test_model_that_never_stops_is_capped_at_max_cycles() -> None:
    recorder = Recorder(counting_calls)
    context = context_for(FallbackServices(), llm=groq_llm(recorder), fallback_max_cycles=4)
    run = await run_loop(context, "keep calculating")
    assert run.state["agent_cycles"] == 4
    assert run.summary["stop_reason"] == "cap"
    assert len(recorder.requests) == 5
    assert run.result.partial
    assert "calculator: 1 + 1 = 2" in run.result.answer
    assert [n["iteration"] for n in run.tool_notes] == [1, 2, 3, 4]
    assert run.edges().count(("react_agent", "react_tools")) == 4
    assert run.edges().count(("react_tools", "react_agent")) == 4
    notes = [body["messages"][-1]["content"] for body in recorder.bodies()]
    assert [int(note.split()[2]) for note in notes] == [4, 3, 2, 1, 0]
    assert "No tool rounds remain" in notes[-1]


async def test_three_cycle_deployment_caps_at_three() -> None:
    recorder = Recorder(counting_calls)
    context = context_for(FallbackServices(), llm=groq_llm(recorder), fallback_max_cycles=3)
    run = await run_loop(context, "keep calculating")
    assert run.state["agent_cycles"] == 3
    assert "Stopped at the tool-call limit of 3 cycles" in " ".join(run.result.warnings)


async def test_repeated_identical_call_is_detected_and_stopped() -> None:
    calls = {"n": 0}

    async def counted(args: object, ctx: object) -> object:
        calls["n"] += 1
        return await sleeper(0, "4")(args, ctx)  # type: ignore[arg-type]

    calc = fake_tool("calculator", counted, args_schema=CalculatorArgs)  # type: ignore[arg-type]
    same = tool_reply(("calculator", '{"expression": "2 + 2"}'))
    recorder = Recorder(same)
    services = FallbackServices(registry=replace_tools(calc))
    run = await run_loop(context_for(services, llm=groq_llm(recorder)), "what is 2 + 2")
    assert calls["n"] == 1
    assert [n["status"] for n in run.tool_notes] == ["ok", "repeated"]
    assert run.summary["stop_reason"] == "repeat"
    assert run.result.partial
    assert "Stopped because the same tool call was requested again." in run.result.warnings
    assert run.state["agent_cycles"] == 2


async def test_args_summary_in_notes_carries_no_values() -> None:
    run = await run_loop(context_for(FallbackServices()), "what is 18% of 2,35,000")
    note = run.tool_notes[0]
    assert note["args_summary"] == {"expression": {"type": "str", "chars": 15}}
    assert "2,35,000" not in json.dumps(run.tool_notes)
    assert note["status"] == "ok"
    assert note["duration_ms"] >= 0
