"""A direct turn that fails is saved as the compiled graph saves it: the checkpoint of the steps
that finished, the failed step's writes and error as pending writes, the same state history,
and the next turn answers as if the compiled graph had run the failed one."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite
import pytest
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from app.assistant import Assistant
from app.wiring import checkpoint_serde
from graph.build import PLAN, build_graph
from graph.direct import DirectTurn
from graph.memory import ConversationMemory
from graph.nodes.retrieve import retrieve
from graph.plan import Plan
from graph.runner import run_turn
from schemas.errors import BackendUnavailable
from tests.graph.test_conversation_direct import THREAD, plain, stored
from tests.graph.test_direct import normalised
from tools.audit.recorder import RequestAudit
from tools.audit.sqlite_sink import SqliteAuditSink
from tools.roster import officer_by_badge

FIRST = "how many thefts in Whitefield in 2025"
FOLLOW_UP = "and in 2024?"
BOTH = "what is the procedure for FIR-2026-04829 and what is its status?"


async def records_down(state: Any, runtime: Any) -> dict[str, Any]:
    raise BackendUnavailable("records store unreachable")


def fails(node: str) -> Callable[[], Plan]:
    """The full plan with `node` failing at once."""
    return lambda: replace(PLAN, nodes={**PLAN.nodes, node: records_down})


def text2zcql_fails_after_retrieve() -> Plan:
    """The full plan with `text2zcql` failing once `retrieve`, beside it, has finished."""
    retrieved = asyncio.Event()

    async def retrieve_then_signal(state: Any, runtime: Any) -> dict[str, Any]:
        try:
            return await retrieve(state, runtime)
        finally:
            retrieved.set()

    async def fails_after_retrieve(state: Any, runtime: Any) -> dict[str, Any]:
        await asyncio.wait_for(retrieved.wait(), timeout=60)
        raise BackendUnavailable("records store unreachable")

    nodes = {**PLAN.nodes, "retrieve": retrieve_then_signal, "text2zcql": fails_after_retrieve}
    return replace(PLAN, nodes=nodes)


async def saved_thread(graph: Any) -> dict[str, Any]:
    """The thread's stored checkpoints and state history, task ids named by their task."""
    names = {}
    history = []
    async for snapshot in graph.aget_state_history(THREAD):
        names.update({task.id: task.name for task in snapshot.tasks})
        history.append(
            {
                "values": normalised(plain(snapshot.values)),
                "next": snapshot.next,
                "metadata": snapshot.metadata,
                "tasks": [task._replace(id=task.name)._asdict() for task in snapshot.tasks],
                "has_parent": snapshot.parent_config is not None,
            }
        )
    checkpoints = []
    async for saved in graph.checkpointer.alist(THREAD):
        checkpoint = stored(saved)
        checkpoint["pending_writes"] = [
            (names[task_id], channel, normalised(plain(value)))
            for task_id, channel, value in checkpoint["pending_writes"]
        ]
        checkpoints.append(checkpoint)
    return {"checkpoints": checkpoints, "history": normalised(plain(history))}


def request(i: int, message: str) -> dict[str, Any]:
    return {
        "request_id": f"turn-{i}",
        "officer": officer_by_badge("KA-3003"),
        "message": message,
        "page_context": None,
        "attachments": [],
    }


async def converse(
    assistant: Assistant, tmp_path: Path, name: str, failing: Plan, message: str, direct: bool
) -> tuple[dict[str, Any], str]:
    """A question, a `message` the `failing` plan fails on, and a follow-up to the question
    (run directly or by the compiled graph): the thread after the failure, and the follow-up's
    answer."""
    async with aiosqlite.connect(str(tmp_path / f"{name}.db")) as conn:
        saver = AsyncSqliteSaver(conn, serde=checkpoint_serde())
        plans = (PLAN, failing)
        graphs = [build_graph(plan).compile(checkpointer=saver) for plan in plans]
        runners: list[Any] = list(graphs)
        if direct:
            runners = [
                DirectTurn(p, ConversationMemory(g)) for p, g in zip(plans, graphs, strict=True)
            ]
        sink = SqliteAuditSink(tmp_path / f"{name}-audit.db")
        thread_id = THREAD["configurable"]["thread_id"]

        async def turn(i: int, runner: Any, text: str) -> Any:
            audit = RequestAudit(sink, f"turn-{i}", "KA-3003")
            return await run_turn(runner, request(i, text), assistant.context, audit, thread_id)

        try:
            await turn(0, runners[0], FIRST)
            with pytest.raises(BackendUnavailable):
                await turn(1, runners[1], message)
            after_failure = await saved_thread(graphs[0])
            follow_up = await turn(2, runners[0], FOLLOW_UP)
        finally:
            sink.close()
    return after_failure, follow_up.answer


@pytest.mark.parametrize(
    ("failing", "message"),
    [
        (fails("orchestrator"), FIRST),
        (fails("execute_readonly"), "how many vehicle thefts in KR Puram this year"),
        (fails("text2zcql"), BOTH),
        (text2zcql_fails_after_retrieve, BOTH),
    ],
    ids=["first-node", "one-node-step", "beside-another-node", "after-another-node-finished"],
)
async def test_a_failed_direct_turn_is_saved_as_the_compiled_graph_saves_it(
    assistant: Assistant, tmp_path: Path, failing: Callable[[], Plan], message: str
) -> None:
    compiled, compiled_answer = await converse(
        assistant, tmp_path, "compiled", failing(), message, direct=False
    )
    direct, direct_answer = await converse(
        assistant, tmp_path, "direct", failing(), message, direct=True
    )
    assert len(compiled["checkpoints"]) == 2
    assert compiled["history"][0]["tasks"][0]["error"]  # the failed node, with its error
    assert direct == compiled
    assert direct_answer == compiled_answer
    assert "2024-01-01" in direct_answer  # the follow-up reads the first question


async def test_a_finished_node_beside_the_failed_one_is_kept_as_a_pending_write(
    assistant: Assistant, tmp_path: Path
) -> None:
    thread, _ = await converse(
        assistant, tmp_path, "direct", text2zcql_fails_after_retrieve(), BOTH, direct=True
    )
    writes = thread["checkpoints"][0]["pending_writes"]
    assert [(task, channel) for task, channel, _ in writes] == [
        ("retrieve", "passages"),
        ("retrieve", "notes"),
        ("retrieve", "branch:to:rag_clearance"),
        ("text2zcql", "__error__"),
    ]
