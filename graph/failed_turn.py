"""A direct turn that failed, saved as the compiled graph saves it.

When a node fails, LangGraph's loop (with `durability="exit"`) stores the checkpoint of the last
superstep that finished, then the failed superstep's writes as pending writes of its tasks: the
writes of each node that finished before the failure, in the order they finished, and the error
(`__error__`) of the node that failed. `get_state_history` shows that checkpoint with the failed
step's tasks next, the failed one carrying its error; the next turn, run by the compiled graph
(the thread is unfinished), discards them. `save_failed_turn` stores the same for a turn
`graph.direct.DirectTurn` ran (`tests/graph/test_failed_turn_direct.py` compares the two).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langgraph.checkpoint.serde.types import ERROR
from langgraph.pregel._algo import task_path_str

from graph.memory import ConversationMemory, NodeRun, Thread, node_task


async def save_failed_turn(
    memory: ConversationMemory,
    thread: Thread,
    input: Mapping[str, Any],
    entry: str,
    steps: list[list[NodeRun]],
    finished: Sequence[NodeRun],
    failed: str,
    error: BaseException,
) -> None:
    """The checkpoint after `steps` (the supersteps that finished), then the failed step's
    writes: `finished` (its nodes that finished, in completion order) and `failed`'s error."""
    saved = await memory.save(thread, input, entry, steps)
    snapshot = await memory.compiled.aget_state(saved)
    tasks = {task.name: task for task in snapshot.tasks}  # LangGraph's own task ids and paths
    writes = [(name, node_task(name, update, chosen).writes) for name, update, chosen in finished]
    for name, task_writes in [*writes, (failed, ((ERROR, error),))]:
        task = tasks[name]
        await memory.saver.aput_writes(saved, task_writes, task.id, task_path_str(task.path))
