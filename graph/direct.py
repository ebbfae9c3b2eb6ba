"""The smalltalk route without LangGraph: the same four nodes, the same state and the same stream.

A greeting, thanks, goodbye or a slash command that the router's overrides send to `smalltalk`
touches no data and needs no model, so a one-shot command line run can answer it without
importing LangGraph (about a second of imports). `DirectTurn` runs orchestrator -> router ->
smalltalk -> aggregator in order, merges each update with the reducers `GraphState` declares,
and emits the debug events LangGraph's `astream` would (task starts with their input state,
task results): `graph.runner.run_turn` audits and shapes the turn exactly as it does for the
compiled graph (same transitions, route decision, notes and response). It keeps no
conversation memory: use it only for a turn without a conversation id (`takes_direct_path`).
`tests/graph/test_direct.py` proves both paths write the same audit events and response.
"""

from __future__ import annotations

import inspect
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any

from langgraph.constants import END, START

from graph.context import GraphContext
from graph.edge_audit import Topology
from graph.nodes.aggregator import aggregator
from graph.nodes.orchestrator import orchestrator, parse_command
from graph.nodes.router import override
from graph.nodes.router import router as router_node
from graph.nodes.smalltalk import smalltalk
from graph.state import merge_update, reducers
from graph.text import normalise

Node = Callable[..., Awaitable[dict[str, Any]]]
PATH: tuple[tuple[str, Node], ...] = (
    ("orchestrator", orchestrator),
    ("router", router_node),
    ("smalltalk", smalltalk),
    ("aggregator", aggregator),
)
TOPOLOGY = Topology(
    preds={
        "orchestrator": {START},
        "router": {"orchestrator"},
        "smalltalk": {"router"},
        "aggregator": {"smalltalk"},
        END: {"aggregator"},
    },
    waiting=set(),
    deferred={"aggregator"},
)
"""The compiled graph's edges among these four nodes (a test compares them with `build_graph`)."""


class NotDirect(RuntimeError):
    """The router did not send this turn to smalltalk: it needs the compiled graph."""


def takes_direct_path(message: str, attachments: int, conversation_id: str | None) -> bool:
    """True when the router's overrides send the message to smalltalk and nothing needs memory.

    The overrides consult the slash command, attachments and the text before page context or
    history, so this decision is the router's own for such a turn."""
    if attachments or conversation_id:
        return False
    text = normalise(message)
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


class DirectTurn:
    """Runs the smalltalk route with the compiled graph's stream protocol (`run_turn` drives it)."""

    topology = TOPOLOGY

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
        del config, stream_mode, durability  # no checkpoint: nothing is remembered
        state = merge_update({key: [] for key in reducers()}, input)
        runtime = DirectRuntime(context)
        for step, (name, node) in enumerate(PATH, start=1):
            task_id = uuid.uuid4().hex
            start = {
                "id": task_id,
                "name": name,
                "input": state,
                "triggers": (f"branch:to:{name}",),
            }
            yield "debug", self.event("task", step, start)
            try:
                update = await (node(state, runtime) if takes_runtime(node) else node(state))
            except Exception as error:
                payload = {"id": task_id, "name": name, "error": error, "result": None}
                yield "debug", self.event("task_result", step, payload)
                raise
            yield (
                "debug",
                self.event(
                    "task_result",
                    step,
                    {"id": task_id, "name": name, "error": None, "result": update},
                ),
            )
            state = merge_update(state, update)
            if name == "router" and state["decision"].route != "smalltalk":
                raise NotDirect(f"routed to {state['decision'].route}")

    @staticmethod
    def event(kind: str, step: int, payload: dict[str, Any]) -> dict[str, Any]:
        """One debug event in LangGraph's wrapper shape."""
        return {"step": step, "timestamp": stamp(), "type": kind, "payload": payload}
