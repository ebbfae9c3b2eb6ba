"""A conversation's checkpoint, read and written for a turn run directly, in LangGraph's format.

The compiled graph runs a turn with `durability="exit"`: it loads the thread's latest checkpoint,
applies the input (superstep `s + 1`), runs `__start__` (`s + 2`) and then one superstep per
step of the plan, and saves a single checkpoint when the run ends. `ConversationMemory` does the
same bookkeeping for a turn `graph.direct.DirectTurn` ran: it replays the turn's writes, step by
step, into the compiled graph's own channels (their public `update`/`consume`/`finish` methods),
versions them with the checkpointer's `get_next_version` as LangGraph's `apply_writes` does, and
saves the result with the checkpointer's `aput`. The compiled graph, another replica and
`get_state`/`get_state_history` read it as if the compiled graph had run the turn
(`tests/graph/test_conversation_direct.py` compares the stored checkpoints on every route).

Only a thread whose last turn finished is continued directly (`Thread.finished`); one left
mid-turn by an error is continued by the compiled graph, which knows how to discard the
pending tasks. A turn that fails is saved as the compiled graph saves it (`graph.failed_turn`):
the steps that finished, and the failed step's writes and error as pending writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.channels.base import BaseChannel
from langgraph.channels.binop import BinaryOperatorAggregate
from langgraph.channels.ephemeral_value import EphemeralValue
from langgraph.channels.last_value import LastValue, LastValueAfterFinish
from langgraph.channels.topic import Topic
from langgraph.checkpoint.base import BaseCheckpointSaver, CheckpointTuple
from langgraph.checkpoint.base.id import uuid6
from langgraph.constants import END, START

CHECKPOINT_FORMAT = 4
"""The `v` of the checkpoints LangGraph's loop writes (`langgraph.pregel._checkpoint`)."""
MODELLED_CHANNELS = (
    LastValue,
    LastValueAfterFinish,
    BinaryOperatorAggregate,
    EphemeralValue,
    Topic,
)
"""Channel types whose checkpoints carry their whole value (no delta channels)."""
EMPTY_UPDATE_NOOP = (LastValue, LastValueAfterFinish, BinaryOperatorAggregate)
"""Modelled channel types whose update with no values returns False and changes nothing, so
a superstep's empty update of the channels nobody wrote skips them."""
MISSING: Any = EphemeralValue(Any).checkpoint()
"""LangGraph's "no value" sentinel, as an empty channel's checkpoint returns it."""
FRESH_THREAD_STEP = -2
"""The step of the empty checkpoint a new thread starts from."""


@dataclass(frozen=True)
class Task:
    """One node run in a superstep: what triggered it and the channel writes it made."""

    name: str
    triggers: tuple[str, ...]
    writes: tuple[tuple[str, Any], ...]


NodeRun = tuple[str, Mapping[str, Any], Sequence[str]]
"""A plan node's run in a direct turn: its name, its update and the nodes it chose next."""


def node_task(name: str, update: Mapping[str, Any], successors: Sequence[str]) -> Task:
    """A plan node's run as the compiled graph records it: its update, then its edges' writes."""
    edges = tuple((f"branch:to:{target}", None) for target in successors if target != END)
    return Task(name, (f"branch:to:{name}",), (*update.items(), *edges))


@dataclass(frozen=True)
class Thread:
    """A conversation's latest checkpoint, as loaded before a turn."""

    thread_id: str
    saved: CheckpointTuple | None
    values: dict[str, Any]
    """The state keys the checkpoint holds, as a node reads them."""
    finished: bool
    """True when the last turn ran to its end: no pending writes, no node left triggered."""

    @property
    def step(self) -> int:
        """The step of the latest checkpoint (`FRESH_THREAD_STEP` for a new thread)."""
        return int(self.saved.metadata["step"]) if self.saved else FRESH_THREAD_STEP

    @property
    def first_node_step(self) -> int:
        """The superstep the plan's entry node runs in (after the input and `__start__`)."""
        return self.step + 3


class ConversationMemory:
    """Loads a thread for a direct turn and saves the turn as the compiled graph would."""

    def __init__(self, compiled: Any) -> None:
        channels: dict[str, BaseChannel] = dict(compiled.channels)
        unmodelled = [name for name, ch in channels.items() if type(ch) not in MODELLED_CHANNELS]
        if unmodelled:
            raise TypeError(f"channels this memory does not model: {sorted(unmodelled)}")
        if compiled.checkpointer is None:
            raise ValueError("the compiled graph has no checkpointer")
        self.compiled = compiled
        self.saver: BaseCheckpointSaver[Any] = compiled.checkpointer
        self.specs = channels
        self.triggers = frozenset(compiled.trigger_to_nodes)
        self.emptied = tuple(
            name for name, ch in channels.items() if not isinstance(ch, EMPTY_UPDATE_NOOP)
        )
        """The channels an empty update may change (ephemeral values, topics), in order."""
        self.finishing = tuple(
            name for name, ch in channels.items() if type(ch).finish is not BaseChannel.finish
        )
        """The channels whose `finish` may change them (the base class's returns False)."""
        self.state_keys = frozenset(
            name for name in channels if name not in self.triggers and not name.startswith("__")
        )

    async def load(self, thread_id: str) -> Thread:
        """The thread's latest checkpoint (`aget_tuple`), or a new thread."""
        saved = await self.saver.aget_tuple(config(thread_id))
        if saved is None:
            return Thread(thread_id, None, {}, finished=True)
        values = saved.checkpoint["channel_values"]
        return Thread(
            thread_id,
            saved,
            {key: value for key, value in values.items() if key in self.state_keys},
            finished=not saved.pending_writes and self.triggers.isdisjoint(values),
        )

    async def save(
        self, thread: Thread, input: Mapping[str, Any], entry: str, steps: list[list[NodeRun]]
    ) -> RunnableConfig:
        """Replay the turn (`input`, `__start__`'s edge to the plan's `entry`, then each
        superstep's node runs) into the channels and store the one checkpoint LangGraph would;
        its address (`graph.failed_turn` adds a failed step's writes to it)."""
        checkpoint = self.restored(thread)
        channels = {
            name: spec.from_checkpoint(checkpoint["channel_values"][name])
            if name in checkpoint["channel_values"]
            else spec.copy()
            for name, spec in self.specs.items()
        }
        previous = dict(checkpoint["channel_versions"])
        self.apply(checkpoint, channels, [Task("__input__", (), ((START, dict(input)),))])
        start = Task(START, (START,), (*input.items(), (f"branch:to:{entry}", None)))
        updated = self.apply(checkpoint, channels, [start])
        for runs in steps:
            updated = self.apply(checkpoint, channels, [node_task(*run) for run in runs])
        step = thread.step + 2 + len(steps)
        versions = checkpoint["channel_versions"]
        stored = {
            "v": CHECKPOINT_FORMAT,
            "id": str(uuid6(clock_seq=step)),
            "ts": datetime.now(UTC).isoformat(),
            "channel_values": self.values(channels, versions),
            "channel_versions": versions,
            "versions_seen": checkpoint["versions_seen"],
            "updated_channels": sorted(updated),
        }
        parent = config(thread.thread_id, thread.saved)
        new_versions = {k: v for k, v in versions.items() if v != previous.get(k)}
        metadata = {"source": "loop", "step": step, "parents": {}}
        return await self.saver.aput(parent, stored, metadata, new_versions)  # type: ignore[arg-type]

    def restored(self, thread: Thread) -> dict[str, Any]:
        """Copies of the saved versions and seen versions, which the replay advances."""
        if thread.saved is None:
            return {"channel_values": {}, "channel_versions": {}, "versions_seen": {}}
        saved = thread.saved.checkpoint
        return {
            "channel_values": saved["channel_values"],
            "channel_versions": dict(saved["channel_versions"]),
            "versions_seen": {node: dict(seen) for node, seen in saved["versions_seen"].items()},
        }

    def apply(
        self, checkpoint: dict[str, Any], channels: dict[str, BaseChannel], tasks: list[Task]
    ) -> set[str]:
        """One superstep's writes, as LangGraph's `apply_writes` applies them: seen versions,
        one new version for every channel the step changes, consumed triggers, the step's
        writes in task order, the empty update of the rest, and the deferred nodes' finish
        (both only over the channels they can change: `emptied`, `finishing`)."""
        tasks = sorted(tasks, key=lambda task: task.name)
        versions: dict[str, Any] = checkpoint["channel_versions"]
        bump_step = any(task.triggers for task in tasks)
        for task in tasks:
            seen = checkpoint["versions_seen"].setdefault(task.name, {})
            seen.update({ch: versions[ch] for ch in task.triggers if ch in versions})
        current = max(versions.values()) if versions else None
        next_version = self.saver.get_next_version(current, None)
        for name in {ch for task in tasks for ch in task.triggers if ch in channels}:
            if channels[name].consume():
                versions[name] = next_version
        pending: dict[str, list[Any]] = {}
        for task in tasks:
            for name, value in task.writes:
                if name in channels:
                    pending.setdefault(name, []).append(value)
        updated: set[str] = set()
        for name, values in pending.items():
            if channels[name].update(values):
                versions[name] = next_version
                if channels[name].is_available():
                    updated.add(name)
        if not bump_step:
            return updated
        for name in self.emptied:
            channel = channels[name]
            if channel.is_available() and name not in updated and channel.update([]):
                versions[name] = next_version
                if channel.is_available():
                    updated.add(name)
        if updated.isdisjoint(self.triggers):
            for name in self.finishing:
                channel = channels[name]
                if channel.finish():
                    versions[name] = next_version
                    if channel.is_available():
                        updated.add(name)
        return updated

    @staticmethod
    def values(channels: Mapping[str, BaseChannel], versions: Mapping[str, Any]) -> dict[str, Any]:
        """The channels' checkpoint values: every versioned channel that holds a value."""
        values: dict[str, Any] = {}
        for name, channel in channels.items():
            if name in versions and (value := channel.checkpoint()) is not MISSING:
                values[name] = value
        return values


def config(thread_id: str, saved: CheckpointTuple | None = None) -> RunnableConfig:
    """The checkpointer's address of a thread (and of the checkpoint a new one follows)."""
    configurable: dict[str, Any] = {"thread_id": thread_id, "checkpoint_ns": ""}
    if saved is not None:
        configurable["checkpoint_id"] = saved.config["configurable"]["checkpoint_id"]
    return RunnableConfig(configurable=configurable)
