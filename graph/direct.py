"""A plan run without LangGraph: the same nodes, supersteps, state merges and debug stream.

`DirectTurn` runs a `graph.plan.Plan` as LangGraph's Pregel loop runs the compiled graph: the
entry node, then superstep by superstep every triggered node (in name order, concurrently when
there are several) on the state the step started from; their updates merged in name order with
the reducers `GraphState` declares; each node's successors from its fixed edge or its branch
(decided on the state after that node's own update); the deferred join once nothing else is
left. It yields the debug events `astream` would (task starts with their input state, task
results in completion order), so `graph.runner.run_turn` audits and shapes the turn exactly as
for the compiled graph (`tests/graph/test_direct.py` compares both on every route).

Without a `graph.memory.ConversationMemory` it keeps no conversation memory (a turn without a
conversation id). With one, it continues the thread's latest checkpoint and saves the turn in
LangGraph's format, numbering its supersteps as the compiled graph does on that thread; a thread
its last turn left unfinished is run by the compiled graph. Two plans: `SMALLTALK` (four light
nodes, for a one-shot greeting or slash command on the command line without importing
LangGraph's graph package, `takes_direct_path`) and `graph.build.PLAN` (every route, what the
service runs).
"""

from __future__ import annotations

import asyncio
import inspect
import uuid
from collections.abc import AsyncGenerator, AsyncIterator, Sequence
from contextlib import aclosing
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from graph.context import GraphContext
from graph.nodes.aggregator import aggregator
from graph.nodes.orchestrator import orchestrator, parse_command, read_message
from graph.nodes.router import override
from graph.nodes.router import router as router_node
from graph.nodes.smalltalk import smalltalk
from graph.plan import END, Branch, Node, Plan, after_router
from graph.state import merge_update, reducers

if TYPE_CHECKING:  # the memory loads LangGraph's checkpoint package; a one-shot turn needs none
    from graph.memory import ConversationMemory, NodeRun, Thread

SMALLTALK = Plan(
    nodes={
        "orchestrator": orchestrator,
        "router": router_node,
        "smalltalk": smalltalk,
        "aggregator": aggregator,
    },
    edges={"orchestrator": "router", "smalltalk": "aggregator", "aggregator": END},
    branches={"router": Branch(after_router, ("smalltalk",))},
    deferred=frozenset({"aggregator"}),
)
TOPOLOGY = SMALLTALK.topology
"""The compiled graph's edges among these four nodes (a test compares them with `build_graph`)."""


class NotDirect(RuntimeError):
    """The turn left the plan (the router chose a route it does not hold)."""


def takes_direct_path(message: str, attachments: int, conversation_id: str | None) -> bool:
    """True when the router's overrides send the message to smalltalk and nothing needs memory.

    The overrides consult the slash command, attachments and the text before page context or
    history, so this decision is the router's own for such a turn."""
    if attachments or conversation_id:
        return False
    text = read_message(message).text
    decided = override({"text": text, "command": parse_command(text), "attachments": []})
    return decided is not None and decided[0] == "smalltalk"


def stamp() -> str:
    """LangGraph's debug-event timestamp format."""
    return datetime.now(UTC).isoformat()


@dataclass(frozen=True)
class DirectRuntime:
    """What a node reads from LangGraph's `Runtime`: the shared context."""

    context: GraphContext


@cache
def takes_runtime(node: Node) -> bool:
    """LangGraph injects `runtime` into nodes that declare a parameter of that name."""
    return "runtime" in inspect.signature(node).parameters


def event(kind: str, step: int, payload: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """One debug event in LangGraph's wrapper shape."""
    return "debug", {"step": step, "timestamp": stamp(), "type": kind, "payload": payload}


def recursion_error(limit: int) -> Exception:
    """LangGraph's own error for a run past its recursion limit."""
    from langgraph.errors import ErrorCode, GraphRecursionError, create_error_message

    message = (
        f"Recursion limit of {limit} reached without hitting a stop condition. You can "
        "increase the limit by setting the `recursion_limit` config key."
    )
    return GraphRecursionError(
        create_error_message(message=message, error_code=ErrorCode.GRAPH_RECURSION_LIMIT)
    )


class DirectTurn:
    """Runs a plan with the compiled graph's stream protocol (`run_turn` drives it)."""

    def __init__(self, plan: Plan = SMALLTALK, memory: ConversationMemory | None = None) -> None:
        self.plan = plan
        self.topology = plan.topology
        self.memory = memory

    async def astream(
        self,
        input: dict[str, Any],
        config: dict[str, Any],
        *,
        context: GraphContext,
        stream_mode: Sequence[str],
        durability: str | None = None,
    ) -> AsyncIterator[tuple[str, dict[str, Any]]]:
        """("debug", event) for each task start (with the state it starts from) and result."""
        thread = None
        if self.memory is not None:
            thread = await self.memory.load(config["configurable"]["thread_id"])
            if not thread.finished:
                async for item in self.memory.compiled.astream(
                    input, config, context=context, stream_mode=stream_mode, durability=durability
                ):
                    yield item
                return
        async for item in self.run(input, config, context, thread):
            yield item

    async def run(
        self,
        input: dict[str, Any],
        config: dict[str, Any],
        context: GraphContext,
        thread: Thread | None,
    ) -> AsyncIterator[tuple[str, dict[str, Any]]]:
        """The plan's supersteps from the thread's state (none without memory), then saved."""
        limit = int(config.get("recursion_limit", 25))
        remembered = thread.values if thread else {}
        state = merge_update({**{key: [] for key in reducers()}, **remembered}, input)
        offset = thread.first_node_step - 1 if thread else 0
        runtime = DirectRuntime(context)
        ready, waiting = [self.plan.entry], set[str]()
        steps: list[list[NodeRun]] = []
        step = 0
        while ready or waiting:
            if not ready:  # a deferred join runs once nothing else is left
                ready, waiting = sorted(waiting), set()
            step += 1
            if step > limit + 1:
                raise recursion_error(limit)
            names = sorted(set(ready))
            ids = {name: uuid.uuid4().hex for name in names}
            for name in names:
                start = {
                    "id": ids[name],
                    "name": name,
                    "input": state,
                    "triggers": (f"branch:to:{name}",),
                }
                yield event("task", offset + step, start)
            updates: dict[str, dict[str, Any]] = {}
            failed: tuple[str, BaseException] | None = None
            async with aclosing(self.run_step(names, state, runtime)) as results:
                async for name, update, error in results:
                    payload = {"id": ids[name], "name": name, "error": error, "result": update}
                    yield event("task_result", offset + step, payload)
                    if error is not None:
                        failed = (name, error)
                        break  # closing the step cancels its other nodes
                    updates[name] = update or {}
            if failed is not None:
                if thread is not None and self.memory is not None:
                    await self.save_failure(
                        self.memory, thread, input, steps, state, updates, failed
                    )
                raise failed[1]
            before = state
            for name in names:
                state = merge_update(state, updates[name])
            chosen = {name: self.successors(name, before, updates[name]) for name in names}
            steps.append([(name, updates[name], chosen[name]) for name in names])
            ready = []
            for name in names:
                for target in chosen[name]:
                    if target == END:
                        continue
                    if target not in self.plan.nodes:
                        raise NotDirect(f"{name} chose {target}")
                    (waiting.add(target) if target in self.plan.deferred else ready.append(target))
        if thread is not None and self.memory is not None:
            await self.memory.save(thread, input, self.plan.entry, steps)

    async def save_failure(
        self,
        memory: ConversationMemory,
        thread: Thread,
        input: dict[str, Any],
        steps: list[list[NodeRun]],
        state: dict[str, Any],
        updates: dict[str, dict[str, Any]],
        failed: tuple[str, BaseException],
    ) -> None:
        """The failed turn as the compiled graph saves it (`graph.failed_turn`): the steps that
        finished, then the failed step's nodes that finished (in completion order, their
        successors decided on the step's `state`) and the failed node's error."""
        from graph.failed_turn import save_failed_turn

        finished = [
            (name, update, self.successors(name, state, update)) for name, update in updates.items()
        ]
        await save_failed_turn(memory, thread, input, self.plan.entry, steps, finished, *failed)

    def successors(self, name: str, before: dict[str, Any], update: dict[str, Any]) -> list[str]:
        """The node(s) after `name`: its fixed edge, or its branch on its own update."""
        branch = self.plan.branches.get(name)
        if branch is None:
            return [self.plan.edges[name]]
        chosen = branch.decide(merge_update(before, update))
        return [chosen] if isinstance(chosen, str) else list(chosen)

    async def run_step(
        self, names: list[str], state: dict[str, Any], runtime: DirectRuntime
    ) -> AsyncGenerator[tuple[str, dict[str, Any] | None, BaseException | None], None]:
        """(name, update, error) per node, in completion order; the first error cancels the rest."""
        if len(names) == 1:
            try:
                update = await self.call(names[0], state, runtime)
            except Exception as error:
                yield names[0], None, error
            else:
                yield names[0], update, None
            return
        tasks = {asyncio.ensure_future(self.call(name, state, runtime)): name for name in names}
        pending = set(tasks)
        try:
            while pending:
                done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                for task in sorted(done, key=lambda t: tasks[t]):
                    failed = task.exception()
                    yield tasks[task], None if failed else task.result(), failed
        finally:
            for task in pending:
                task.cancel()

    async def call(
        self, name: str, state: dict[str, Any], runtime: DirectRuntime
    ) -> dict[str, Any]:
        """One node on the step's state; LangGraph passes `runtime` to nodes that declare it."""
        node = self.plan.nodes[name]
        update = await (node(state, runtime) if takes_runtime(node) else node(state))
        return update or {}
