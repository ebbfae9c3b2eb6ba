"""Fallback engine under injected tool latency: deadline adherence, cycles used, planner accuracy.

Run: `uv run python -m bench.bench_fallback` (prints JSON). Time is scaled by SCALE = 0.1:
the production 25 s deadline becomes 2.5 s, injected tool latencies of 0-3 s become 0-0.3 s,
the 0.5 s grace becomes 0.05 s; the per-tool timeout is 0.6 s (6 s at production scale). A
seeded share of tool calls hangs for 30 s, far past every timeout. Offline questions go
through the rule planner; "model" questions go through the REAL ChatGroq client over a mock
transport (0-0.3 s per reply) scripted to keep calling slow tools, so the cap and the
deadline both bind. Goals: 100% within deadline + grace, 100% planner accuracy.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

import httpx

from graph.context import GraphContext
from tests.graph.fallback.harness import (
    PAGE,
    FakeKnowledge,
    FakeRecords,
    context_for,
    groq_llm,
    loop_graph,
    run_loop,
    text_reply,
    tool_reply,
)
from tools.agent.base import AgentTool, ToolContext, ToolOutput
from tools.agent.registry import ToolRegistry, default_registry
from tools.agent.services import FallbackServices

SCALE = 0.1
DEADLINE_S = 25.0 * SCALE
TOOL_TIMEOUT_S = 0.6
GRACE_S = 0.5 * SCALE
MAX_LATENCY_S = 3.0 * SCALE
HANG_S = 30.0
HANG_SHARE = 0.15
SEED = 20261202
CONCURRENCY = 8

EXACT: list[tuple[str, str]] = [
    ("how many days between 3 March 2026 and today", "274 days"),
    ("how many days since 1 Jan 2026", "335 days"),
    ("how many days between 01/01/2026 and 31/12/2026", "364 days"),
    ("days between 2024-07-01 and 2026-07-01", "730 days"),
    ("how many days until 26 January 2027", "55 days"),
    ("what date is 90 days from 15 Sep 2026", "Monday, 14 December 2026"),
    ("what is the date 30 days after 31/01/2026", "Monday, 2 March 2026"),
    ("what is 2 weeks before 03-03-26", "Tuesday, 17 February 2026"),
    ("date 45 days before 2026-12-02", "Sunday, 18 October 2026"),
    ("what date is 10 working days from 1/12/2026", "Tuesday, 15 December 2026"),
    ("how many working days between 1/12/2026 and 15/12/2026", "10 working days"),
    ("60-day chargesheet deadline for an arrest on 2 Nov", "day 60 is Friday, 1 January 2027"),
    ("90-day charge sheet deadline for remand on 10 Oct 2026", "day 90 is Friday, 8 January 2027"),
    ("convert 10:30 IST to UTC", "10:30 IST is 05:00 UTC"),
    ("convert 23:15 UTC to IST", "04:45 IST"),
    ("is 2024-07-01 after the BNS cut-over", "cut-over day itself"),
    ("is 15/06/2024 after the BNS cut-over", "before the BNS cut-over"),
    ("was 3rd March 2025 after the new criminal laws cut-over", "after the BNS cut-over"),
    ("what is today's date", "Wednesday, 2 December 2026"),
    ("what is 18% of 2,35,000", "= 42300"),
    ("(45000*3)/4 + 1200", "= 34950"),
    ("what is 12.5% of 80,000", "= 10000"),
    ("1,00,000 + 2,50,000 - 75,000", "= 275000"),
    ("what is 7 * 8 * 9", "= 504"),
    ("(1200 + 800) / 16", "= 125"),
    ("2 ** 10 - 24", "= 1000"),
    ("round(10 / 3, 2)", "= 3.33"),
    ("max(4500, 7200, 3100) - min(900, 400)", "= 6800"),
    ("what is 15 percent of 2,000", "= 300"),
    ("17 // 5 + 17 % 5", "= 5"),
    ("what is 3.5 * 4 + 0.5", "= 14.5"),
]
LOOKUPS = [
    "what FIR is open on my screen and what's its status",
    "status of FIR-2026-04829",
    "how many FIRs are pending in my precinct",
    "procedure to register a zero fir",
    "what are the steps for an arrest memo",
    "guidelines for search and seizure videography",
]
MODEL_QUESTIONS = 12


@dataclass
class Outcome:
    """One question's measurements."""

    kind: str
    elapsed_s: float
    cycles: int
    stop: str
    partial: bool
    correct: bool | None
    timeouts: int


def delayed(tool: AgentTool, delay: float) -> AgentTool:
    """The same tool, answering after `delay` seconds."""

    async def run(args: Any, ctx: ToolContext) -> ToolOutput:
        await asyncio.sleep(delay)
        return await tool.run(args, ctx)

    return replace(tool, run=run)


def slow_registry(rng: random.Random, may_hang: bool) -> ToolRegistry:
    """Every tool delayed by a seeded latency; with `may_hang`, some hang past every timeout."""
    tools = []
    for tool in default_registry():
        hang = may_hang and rng.random() < HANG_SHARE
        tools.append(delayed(tool, HANG_S if hang else rng.uniform(0, MAX_LATENCY_S)))
    return ToolRegistry(tools)


def scripted_model(rng: random.Random) -> Any:
    """ChatGroq over a mock transport: slow replies that keep asking for slow tools."""
    turns = rng.randint(2, 7)
    latencies = [rng.uniform(0, MAX_LATENCY_S) for _ in range(turns + 1)]
    count = {"n": 0}

    async def handler(request: httpx.Request) -> httpx.Response:
        n = count["n"]
        count["n"] += 1
        await asyncio.sleep(latencies[min(n, turns)])
        if n >= turns:
            return text_reply("Here is what the records show.")
        return tool_reply(("records", json.dumps({"question": f"lookup {n}"})), call_id=f"m{n}-")

    return groq_llm(handler, max_retries=0)


def context(services: FallbackServices, llm: Any = None) -> GraphContext:
    return context_for(
        services, llm=llm, fallback_deadline_s=DEADLINE_S, fallback_tool_timeout_s=TOOL_TIMEOUT_S
    )


async def measure(
    app: Any, kind: str, question: str, ctx: GraphContext, expected: str | None
) -> Outcome:
    started = time.monotonic()
    run = await run_loop(ctx, question, page_context=PAGE, app=app)
    elapsed = time.monotonic() - started
    result = run.result
    return Outcome(
        kind=kind,
        elapsed_s=elapsed,
        cycles=int(run.state.get("agent_cycles") or 0),
        stop=str(run.summary["stop_reason"]),
        partial=result.partial,
        correct=None if expected is None else (expected in result.answer and not result.partial),
        timeouts=sum(1 for n in run.tool_notes if n["status"] == "timeout"),
    )


async def run_async() -> dict[str, Any]:
    rng = random.Random(SEED)
    app = loop_graph()
    jobs = []
    for question, expected in EXACT:
        services = FallbackServices(registry=slow_registry(rng, may_hang=False))
        jobs.append(("offline-exact", question, context(services), expected))
    for question in LOOKUPS:
        services = FallbackServices(
            records=FakeRecords(),
            knowledge=FakeKnowledge(),
            registry=slow_registry(rng, may_hang=True),
        )
        jobs.append(("offline-lookup", question, context(services), None))
    for index in range(MODEL_QUESTIONS):
        services = FallbackServices(
            records=FakeRecords(), registry=slow_registry(rng, may_hang=True)
        )
        jobs.append(
            ("model", f"model question {index}", context(services, scripted_model(rng)), None)
        )
    gate = asyncio.Semaphore(CONCURRENCY)

    async def one(job: tuple[str, str, GraphContext, str | None]) -> Outcome:
        async with gate:
            return await measure(app, *job)

    started = time.monotonic()
    outcomes = await asyncio.gather(*(one(job) for job in jobs))
    total = time.monotonic() - started
    elapsed = sorted(o.elapsed_s for o in outcomes)
    scored = [o for o in outcomes if o.correct is not None]
    limit = DEADLINE_S + GRACE_S
    return {
        "questions": len(outcomes),
        "scale": SCALE,
        "deadline_s": DEADLINE_S,
        "tool_timeout_s": TOOL_TIMEOUT_S,
        "grace_s": GRACE_S,
        "within_deadline_share": round(sum(e <= DEADLINE_S for e in elapsed) / len(elapsed), 4),
        "within_deadline_plus_grace_share": round(
            sum(e <= limit for e in elapsed) / len(elapsed), 4
        ),
        "max_overrun_s": round(max(0.0, elapsed[-1] - DEADLINE_S), 4),
        "elapsed_s": {
            "p50": round(statistics.median(elapsed), 3),
            "p95": round(elapsed[int(0.95 * (len(elapsed) - 1))], 3),
            "max": round(elapsed[-1], 3),
        },
        "cycles": dict(sorted(Counter(o.cycles for o in outcomes).items())),
        "stop_reasons": dict(Counter(o.stop for o in outcomes)),
        "partial_share": round(sum(o.partial for o in outcomes) / len(outcomes), 4),
        "tool_timeouts": sum(o.timeouts for o in outcomes),
        "planner_accuracy": round(sum(bool(o.correct) for o in scored) / len(scored), 4),
        "planner_scored": len(scored),
        "planner_wrong": [
            q for (q, _), o in zip(EXACT, outcomes, strict=False) if o.correct is False
        ],
        "total_s": round(total, 2),
    }


def run() -> dict[str, Any]:
    """Run the benchmark and return its measurements."""
    return asyncio.run(run_async())


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
