"""The SQLite checkpointer's two-call read returns what LangGraph's own read returns."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import empty_checkpoint
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from app.sqlite_checkpoints import SqliteSaver
from app.wiring import checkpoint_serde, sqlite_checkpointer
from graph.state import Turn


def address(thread: str, ns: str = "", checkpoint_id: str | None = None) -> RunnableConfig:
    configurable = {"thread_id": thread, "checkpoint_ns": ns}
    if checkpoint_id:
        configurable["checkpoint_id"] = checkpoint_id
    return {"configurable": configurable}


async def fill(saver: AsyncSqliteSaver) -> list[RunnableConfig]:
    """Threads with parents, pending writes (with task paths), two namespaces; the configs to
    read back: latest, by id, unknown thread and unknown id."""
    reads = [address("nobody"), address("t1", checkpoint_id="no-such-id")]
    for thread in ("t1", "t2"):
        for ns in ("", "inner"):
            parent = address(thread, ns)
            for step in range(3):
                checkpoint = empty_checkpoint()
                checkpoint["channel_values"] = {
                    "history": [Turn(question=f"q{step}", answer="a", route="smalltalk")],
                    "message": f"{thread} {ns} {step}",
                }
                checkpoint["channel_versions"] = {"history": step + 1, "message": step + 1}
                metadata = {"source": "loop", "step": step, "parents": {}}
                saved = await saver.aput(parent, checkpoint, metadata, {"history": step + 1})  # type: ignore[arg-type]
                if step == 1:
                    await saver.aput_writes(
                        saved, [("message", "pending"), ("x", 1)], "task-a", "~0"
                    )
                    await saver.aput_writes(saved, [("y", None)], "task-b", "~1")
                reads += [saved, address(thread, ns)]
                parent = saved
    return reads


async def test_reads_match_langgraphs_own(tmp_path: Path) -> None:
    async with aiosqlite.connect(str(tmp_path / "checkpoints.db")) as conn:
        ours = await sqlite_checkpointer(conn)
        assert isinstance(ours, SqliteSaver)
        theirs = AsyncSqliteSaver(conn, serde=checkpoint_serde())
        reads = await fill(theirs)
        found = 0
        for config in reads:
            expected = await theirs.aget_tuple(config)
            got = await ours.aget_tuple(config)
            assert got == expected, config
            found += expected is not None and bool(expected.pending_writes)
        assert found >= 4  # pending writes were read back, not only empty lists
        assert await ours.aget_tuple(address("nobody")) is None
