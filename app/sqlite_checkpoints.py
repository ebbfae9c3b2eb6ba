"""LangGraph's SQLite checkpointer, reading a checkpoint in two trips to its database thread.

aiosqlite runs every call on the connection's own thread, one hand-over and one wake-up of the
event loop per call. `AsyncSqliteSaver.aget_tuple` makes six (open a cursor, select the
checkpoint, fetch it, select its pending writes, fetch them, close the cursor); a conversation
turn reads its thread's latest checkpoint once per turn. `SqliteSaver.aget_tuple` runs the same
two statements with `execute_fetchall` (one call each: execute, fetch, close) under the same
lock, and builds the same `CheckpointTuple` with the same serializer
(`tests/app/test_sqlite_checkpoints.py` compares the two on threads with parents, pending
writes and several namespaces). Writes and every other method are LangGraph's own.
"""

from __future__ import annotations

import json
from typing import Any, cast

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import CheckpointMetadata, CheckpointTuple, get_checkpoint_id
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver
from langgraph.checkpoint.sqlite.utils import load_pending_writes, pending_writes_sql

SELECT = (
    "SELECT thread_id, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata "
    "FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ?"
)
BY_ID = SELECT + " AND checkpoint_id = ?"
LATEST = SELECT + " ORDER BY checkpoint_id DESC LIMIT 1"


class SqliteSaver(AsyncSqliteSaver):
    """`AsyncSqliteSaver` whose `aget_tuple` makes two database calls instead of six."""

    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        """The checkpoint `config` names (its `checkpoint_id`, else the thread's latest) with
        its pending writes, or None; as `AsyncSqliteSaver.aget_tuple` returns it."""
        await self.setup()
        configurable = config["configurable"]
        thread_id = str(configurable["thread_id"])
        checkpoint_ns = configurable.get("checkpoint_ns", "")
        checkpoint_id = get_checkpoint_id(config)
        async with self.lock:
            if checkpoint_id:
                rows = await self.conn.execute_fetchall(
                    BY_ID, (thread_id, checkpoint_ns, checkpoint_id)
                )
            else:
                rows = await self.conn.execute_fetchall(LATEST, (thread_id, checkpoint_ns))
            found = next(iter(rows), None)
            if found is None:
                return None
            thread, stored_id, parent_id, type_, checkpoint, metadata = found
            writes = await self.conn.execute_fetchall(
                pending_writes_sql(self._has_task_path), (thread_id, checkpoint_ns, stored_id)
            )
        if not checkpoint_id:
            config = address(thread, checkpoint_ns, stored_id)
        return CheckpointTuple(
            config,
            self.serde.loads_typed((type_, checkpoint)),
            cast(CheckpointMetadata, json.loads(metadata) if metadata is not None else {}),
            address(thread, checkpoint_ns, parent_id) if parent_id else None,
            load_pending_writes(writes, self.serde),
        )


def address(thread_id: Any, checkpoint_ns: str, checkpoint_id: Any) -> RunnableConfig:
    """A checkpoint's config, as LangGraph's saver spells it."""
    return {
        "configurable": {
            "thread_id": thread_id,
            "checkpoint_ns": checkpoint_ns,
            "checkpoint_id": checkpoint_id,
        }
    }
