"""The state machine as data: nodes, fixed edges, conditional edges and the deferred join.

`graph.build` compiles a plan with LangGraph; `graph.direct` runs the same plan without it.
Importing this module loads neither LangGraph's graph package nor any node."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from langgraph.constants import END, START  # plain strings; langgraph.graph costs ~1 s to import

from graph.edge_audit import Topology
from graph.state import GraphState

Node = Callable[..., Awaitable[dict[str, Any]]]
Entry = Literal[
    "smalltalk", "clarify", "decline", "retrieve", "text2zcql", "vision_preparser", "react_agent"
]
ROUTE_ENTRIES: dict[str, list[Entry]] = {
    "smalltalk": ["smalltalk"],
    "clarify": ["clarify"],
    "rag": ["retrieve"],
    "zcql": ["text2zcql"],
    "hybrid": ["retrieve", "text2zcql"],  # both branches in parallel, joined at the aggregator
    "vision": ["vision_preparser"],
    "fallback": ["react_agent"],
    "out_of_scope": ["decline"],
}


def after_router(state: GraphState) -> list[Entry]:
    """The entry node(s) of the decided route."""
    return ROUTE_ENTRIES[state["decision"].route]


@dataclass(frozen=True)
class Branch:
    """A conditional edge: `decide` reads the state after its node's own update and names the
    next node(s), always among the declared `targets`."""

    decide: Callable[[Any], str | Sequence[str]]
    targets: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    """Nodes in declaration order, each with one fixed successor (`edges`) or a `Branch`."""

    nodes: Mapping[str, Node]
    edges: Mapping[str, str]
    branches: Mapping[str, Branch] = field(default_factory=dict)
    deferred: frozenset[str] = frozenset()
    entry: str = "orchestrator"

    @cached_property
    def topology(self) -> Topology:
        """The edges the edge auditor needs, as `Topology.of` reads them from the compiled graph."""
        preds: dict[str, set[str]] = {self.entry: {START}}
        for source, target in self.edges.items():
            preds.setdefault(target, set()).add(source)
        for source, branch in self.branches.items():
            for target in branch.targets:
                preds.setdefault(target, set()).add(source)
        return Topology(preds=preds, waiting=set(), deferred=set(self.deferred))


__all__ = ["END", "ROUTE_ENTRIES", "Branch", "Entry", "Node", "Plan", "after_router"]
