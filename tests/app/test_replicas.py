"""Replicas share conversations through the PostgreSQL checkpointer."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from dataclasses import replace
from pathlib import Path

import pytest

from app.settings import Settings
from app.wiring import open_assistant, open_checkpointer
from schemas.request import ChatRequest
from tools.roster import officer_by_badge

pytestmark = pytest.mark.postgres


def replica_settings(home: Path, demo_home: Path, dsn: str) -> Settings:
    home.mkdir()
    for name in ("records.db", "qdrant"):
        (home / name).symlink_to(demo_home / name)
    return Settings(home=home, checkpoint_backend="postgres", checkpoint_pg_dsn=dsn)


async def test_a_conversation_started_on_one_replica_continues_on_another(
    pg_database: str, demo_home: Path, tmp_path: Path
) -> None:
    officer = officer_by_badge("KA-3003")
    first = replica_settings(tmp_path / "a", demo_home, pg_database)
    second = replica_settings(tmp_path / "b", demo_home, pg_database)
    async with open_assistant(first) as replica_a:
        await replica_a.ask(officer, ChatRequest(message="hello", conversation_id="c1"))
    async with open_assistant(second) as replica_b:
        await replica_b.ask(officer, ChatRequest(message="thanks", conversation_id="c1"))
        config = {"configurable": {"thread_id": "KA-3003:c1"}}
        state = await replica_b.graph.aget_state(config)
    assert [turn.question for turn in state.values["history"]] == ["hello", "thanks"]


async def test_replicas_continue_each_others_direct_and_compiled_turns(
    pg_database: str, demo_home: Path, tmp_path: Path
) -> None:
    officer = officer_by_badge("KA-3003")
    config = {"configurable": {"thread_id": "KA-3003:c2"}}
    first = replica_settings(tmp_path / "a", demo_home, pg_database)
    second = replica_settings(tmp_path / "b", demo_home, pg_database)
    async with open_assistant(first) as replica_a:
        assert replica_a.conversation is not None
        await replica_a.ask(officer, ChatRequest(message="hello", conversation_id="c2"))
    async with open_assistant(second) as replica_b:
        compiled_only = replace(replica_b, conversation=None)
        await compiled_only.ask(officer, ChatRequest(message="thanks", conversation_id="c2"))
        await replica_b.ask(officer, ChatRequest(message="bye", conversation_id="c2"))
        state = await replica_b.graph.aget_state(config)
        steps = [s.metadata["step"] async for s in replica_b.graph.aget_state_history(config)]
    assert [turn.question for turn in state.values["history"]] == ["hello", "thanks", "bye"]
    assert steps == [16, 10, 4] and state.next == ()


async def test_replicas_starting_together_on_a_new_database_both_start(
    pg_database: str, tmp_path: Path
) -> None:
    """LangGraph's checkpointer migrations, run by two replicas at once, would both insert the
    same migration row; the setup lock makes the second wait for the first."""
    async with AsyncExitStack() as stack:
        savers = await asyncio.gather(
            *(
                open_checkpointer(
                    Settings(home=tmp_path, checkpoint_backend="postgres", checkpoint_pg_dsn=dsn),
                    stack,
                )
                for dsn in (pg_database, pg_database, pg_database)
            )
        )
        for saver in savers:
            assert await saver.aget_tuple({"configurable": {"thread_id": "none"}}) is None
