"""A conversation run directly is the conversation the compiled graph runs: the same answers,
the same audit trail and, turn by turn, the same stored checkpoints and state history, whichever
of the two ran each turn."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiosqlite
import pytest
from langgraph.checkpoint.base import CheckpointTuple
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver
from pydantic import BaseModel

from app.assistant import Assistant, RawImage
from app.wiring import checkpoint_serde
from graph.build import PLAN, build_graph
from graph.direct import DirectTurn
from graph.memory import ConversationMemory
from schemas.page_context import PageContext
from schemas.request import ChatRequest
from schemas.response import ChatResponse
from tests.graph.test_direct import at_now, normalised, page, plate, written
from tools.audit.sqlite_sink import SqliteAuditSink
from tools.roster import officer_by_badge

BADGE = "KA-3003"
CONVERSATION_ID = "c-direct"
THREAD = {"configurable": {"thread_id": f"{BADGE}:{CONVERSATION_ID}"}}
TURNS: list[tuple[str, PageContext | None]] = [
    ("write me a poem", None),
    ("how many vehicle thefts in KR Puram this year", None),
    ("and in 2024?", None),
    ("what is a zero FIR", None),
    ("what is the procedure for FIR-2026-04829 and what is its status?", None),
    ("who is the IO on this one", page(1.0)),
    ("how many FIRs in blorptown this year", None),
    ("/ask how many days between 3 March 2026 and 2 December 2026", None),
    ("read this plate", None),
    ("and last year?", None),
    ("thanks", None),
]
EVERY_ROUTE = {
    "zcql",
    "rag",
    "hybrid",
    "clarify",
    "out_of_scope",
    "fallback",
    "vision",
    "smalltalk",
}


@dataclass
class Run:
    """One conversation: its answers, audit events and, after each turn, the stored thread."""

    responses: list[dict[str, Any]]
    events: list[list[dict[str, Any]]]
    checkpoints: list[list[dict[str, Any]]]
    history: list[list[dict[str, Any]]]


def plain(value: Any) -> Any:
    """A checkpoint value as comparable data (models dumped, tuples as lists)."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def counter(version: Any) -> int:
    """A channel version's counter (its fraction is random for every checkpointer)."""
    return int(str(version).split(".")[0])


def stored(saved: CheckpointTuple) -> dict[str, Any]:
    """A stored checkpoint without its id, time and the random part of its versions."""
    checkpoint = saved.checkpoint
    return {
        "v": checkpoint["v"],
        "metadata": saved.metadata,
        "has_parent": saved.parent_config is not None,
        "pending_writes": saved.pending_writes,
        "channel_versions": {k: counter(v) for k, v in checkpoint["channel_versions"].items()},
        "versions_seen": {
            node: {k: counter(v) for k, v in seen.items()}
            for node, seen in checkpoint["versions_seen"].items()
        },
        "updated_channels": checkpoint.get("updated_channels"),
        "channel_values": normalised(plain(checkpoint["channel_values"])),
    }


@asynccontextmanager
async def conversation(assistant: Assistant, tmp_path: Path, name: str) -> AsyncIterator[Any]:
    """The compiled graph over its own SQLite checkpointer and audit trail, and the same plan
    run directly over that checkpointer: (compiled-only assistant, direct assistant)."""
    async with aiosqlite.connect(str(tmp_path / f"{name}-checkpoints.db")) as conn:
        graph = build_graph(PLAN).compile(
            checkpointer=AsyncSqliteSaver(conn, serde=checkpoint_serde())
        )
        sink = SqliteAuditSink(tmp_path / f"{name}-audit.db")
        compiled = replace(
            at_now(assistant), graph=graph, sink=sink, direct=None, conversation=None
        )
        direct = replace(compiled, conversation=DirectTurn(PLAN, ConversationMemory(graph)))
        try:
            yield compiled, direct
        finally:
            sink.close()


async def run_conversation(
    assistant: Assistant, tmp_path: Path, name: str, direct_turns: set[int]
) -> Run:
    """The conversation of TURNS, the turns numbered in `direct_turns` run directly."""
    run = Run([], [], [], [])
    async with conversation(assistant, tmp_path, name) as (compiled, direct):
        for i, (message, page_context) in enumerate(TURNS):
            chosen = direct if i in direct_turns else compiled
            request = ChatRequest(
                message=message, page_context=page_context, conversation_id=CONVERSATION_ID
            )
            images: list[RawImage] | None = [plate("KA05MN4321")] if "plate" in message else None
            request_id = f"turn-{i}"
            response: ChatResponse = await chosen.ask(
                officer_by_badge(BADGE), request, images, request_id=request_id
            )
            run.responses.append(normalised(response.model_dump(mode="json")))
            run.events.append(written(chosen.sink, request_id))  # type: ignore[arg-type]
            saver = compiled.graph.checkpointer
            run.checkpoints.append([stored(saved) async for saved in saver.alist(THREAD)])
            run.history.append(
                [
                    {
                        "values": normalised(plain(snapshot.values)),
                        "next": snapshot.next,
                        "metadata": snapshot.metadata,
                        "tasks": snapshot.tasks,
                        "has_parent": snapshot.parent_config is not None,
                    }
                    async for snapshot in compiled.graph.aget_state_history(THREAD)
                ]
            )
    return run


@pytest.fixture
async def all_compiled(assistant: Assistant, tmp_path: Path) -> Run:
    return await run_conversation(assistant, tmp_path, "compiled", set())


@pytest.mark.parametrize(
    "direct_turns",
    [
        set(range(len(TURNS))),
        set(range(0, len(TURNS), 2)),
        set(range(1, len(TURNS), 2)),
    ],
    ids=["every-turn-direct", "even-turns-direct", "odd-turns-direct"],
)
async def test_a_conversation_run_directly_is_the_compiled_graphs_conversation(
    assistant: Assistant, tmp_path: Path, all_compiled: Run, direct_turns: set[int]
) -> None:
    assert {response["route"] for response in all_compiled.responses} == EVERY_ROUTE
    mixed = await run_conversation(assistant, tmp_path, "mixed", direct_turns)
    for i in range(len(TURNS)):
        assert mixed.responses[i] == all_compiled.responses[i], TURNS[i]
        assert mixed.events[i] == all_compiled.events[i], TURNS[i]
        assert mixed.checkpoints[i] == all_compiled.checkpoints[i], TURNS[i]
        assert mixed.history[i] == all_compiled.history[i], TURNS[i]


async def test_follow_ups_read_the_turns_run_directly(assistant: Assistant, tmp_path: Path) -> None:
    first_question = "how many thefts in Whitefield in 2025"
    async with conversation(assistant, tmp_path, "follow-up") as (_, direct):
        officer = officer_by_badge(BADGE)
        first = await direct.ask(
            officer, ChatRequest(message=first_question, conversation_id=CONVERSATION_ID)
        )
        follow_up = await direct.ask(
            officer, ChatRequest(message="and in 2024?", conversation_id=CONVERSATION_ID)
        )
        state = await direct.graph.aget_state(THREAD)
    assert first.route == follow_up.route == "zcql"
    assert "2024-01-01" in follow_up.answer and "2024-01-01" not in first.answer
    assert [turn.question for turn in state.values["history"]] == [first_question, "and in 2024?"]


async def test_a_thread_left_mid_turn_is_continued_by_the_compiled_graph(
    assistant: Assistant, tmp_path: Path
) -> None:
    async with conversation(assistant, tmp_path, "unfinished") as (compiled, direct):
        graph = compiled.graph
        memory = direct.conversation.memory
        await graph.aupdate_state(THREAD, {"message": "hello"}, as_node="orchestrator")
        thread = await memory.load(THREAD["configurable"]["thread_id"])
        assert not thread.finished  # the router is left to run
        response = await direct.ask(
            officer_by_badge(BADGE), ChatRequest(message="thanks", conversation_id=CONVERSATION_ID)
        )
        state = await graph.aget_state(THREAD)
    assert response.route == "smalltalk"
    assert state.metadata["source"] == "loop" and state.next == ()
