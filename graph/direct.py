"""The smalltalk route without LangGraph: the same four nodes, the same state and the same stream.

A greeting, thanks, goodbye or a slash command that the router's overrides send to `smalltalk`
touches no data and needs no model, so a one-shot command line run can answer it without
importing LangGraph (about a second of imports). `DirectTurn` runs orchestrator -> router ->
smalltalk -> aggregator in order, merges each update with the reducers `GraphState` declares,
and emits the debug and values events LangGraph's `astream` would: `graph.runner.run_turn`
audits and shapes the turn exactly as it does for the compiled graph (same transitions, route
decision, notes and response). It keeps no conversation memory: use it only for a turn without
a conversation id (`takes_direct_path`). `tests/graph/test_direct.py` proves both paths write
the same audit events and the same response.
"""

from __future__ import annotations

import inspect
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any, get_type_hints

from langgraph.constants import END, START

from graph.context import GraphContext
from graph.edge_audit import Topology
from graph.nodes.aggregator import aggregator
from graph.nodes.orchestrator import orchestrator, parse_command
from graph.nodes.router import override
from graph.nodes.router import router as router_node
from graph.nodes.smalltalk import smalltalk
from graph.state import GraphState
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


@cache
def reducers() -> dict[str, Callable[[Any, Any], Any]]:
    """The reducer of every `GraphState` key that declares one (`Annotated[..., reducer]`)."""
    hints = get_type_hints(GraphState, include_extras=True)
    return {
        key: hint.__metadata__[-1] for key, hint in hints.items() if hasattr(hint, "__metadata__")
    }


def apply_update(state: dict[str, Any], update: Mapping[str, Any]) -> None:
    """Write one node's update the way LangGraph's channels do: reducers merge, others replace."""
    merge = reducers()
    for key, value in update.items():
        state[key] = merge[key](state.get(key), value) if key in merge else value


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
        """("debug", task / task_result events) and ("values", state) after every step."""
        del config, durability  # no checkpoint: nothing is remembered across direct turns
        state: dict[str, Any] = {key: [] for key in reducers()}
        apply_update(state, input)
        yield "values", dict(state)
        runtime = DirectRuntime(context)
        for step, (name, node) in enumerate(PATH, start=1):
            task_id = uuid.uuid4().hex
            trigger = f"branch:to:{name}"
            yield (
                "debug",
                self.event("task", step, {"id": task_id, "name": name, "triggers": (trigger,)}),
            )
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
            apply_update(state, update)
            yield "values", dict(state)
            if name == "router" and state["decision"].route != "smalltalk":
                raise NotDirect(f"routed to {state['decision'].route}")

    @staticmethod
    def event(kind: str, step: int, payload: dict[str, Any]) -> dict[str, Any]:
        """One debug event in LangGraph's wrapper shape."""
        return {"step": step, "timestamp": stamp(), "type": kind, "payload": payload}
