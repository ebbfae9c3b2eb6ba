"""The whole state machine of DESIGN.md, top to bottom: nodes, edges and routing functions."""

from __future__ import annotations

from typing import Any, get_args

from langgraph.graph import START, StateGraph

from graph.context import GraphContext
from graph.fallback.nodes import after_agent, react_agent, react_tools
from graph.nodes.aggregator import aggregator
from graph.nodes.clarify import clarify
from graph.nodes.decline import decline
from graph.nodes.execute_readonly import after_execution, execute_readonly
from graph.nodes.orchestrator import orchestrator
from graph.nodes.rag_answer import rag_answer
from graph.nodes.rag_clearance import rag_clearance
from graph.nodes.retrieve import retrieve
from graph.nodes.router import router
from graph.nodes.smalltalk import smalltalk
from graph.nodes.text2zcql import text2zcql
from graph.nodes.vision_lookup import vision_lookup
from graph.nodes.vision_preparser import after_vision, vision_preparser
from graph.nodes.zcql_answer import zcql_answer
from graph.nodes.zcql_clearance import after_clearance, zcql_clearance
from graph.nodes.zcql_validator import after_validation, zcql_validator
from graph.plan import END, Branch, Entry, Plan, after_router
from graph.state import GraphState

PLAN = Plan(
    nodes={
        "orchestrator": orchestrator,
        "router": router,
        "smalltalk": smalltalk,
        "clarify": clarify,
        "decline": decline,
        # records branch
        "text2zcql": text2zcql,
        "zcql_validator": zcql_validator,
        "zcql_clearance": zcql_clearance,
        "execute_readonly": execute_readonly,
        "zcql_answer": zcql_answer,
        # knowledge branch
        "retrieve": retrieve,
        "rag_clearance": rag_clearance,
        "rag_answer": rag_answer,
        # vision and the agentic fallback engine
        "vision_preparser": vision_preparser,
        "vision_lookup": vision_lookup,
        "react_agent": react_agent,
        "react_tools": react_tools,
        # one join: runs once, after every branch of the turn has finished
        "aggregator": aggregator,
    },
    edges={
        "orchestrator": "router",
        "smalltalk": "aggregator",
        "clarify": "aggregator",
        "decline": "aggregator",
        "text2zcql": "zcql_validator",
        "zcql_answer": "aggregator",
        "retrieve": "rag_clearance",
        "rag_clearance": "rag_answer",
        "rag_answer": "aggregator",
        "vision_lookup": "aggregator",
        "react_tools": "react_agent",
        "aggregator": END,
    },
    branches={
        "router": Branch(after_router, get_args(Entry)),
        "zcql_validator": Branch(after_validation, ("zcql_clearance", "aggregator")),
        "zcql_clearance": Branch(after_clearance, ("execute_readonly", "aggregator")),
        "execute_readonly": Branch(after_execution, ("zcql_answer", "aggregator")),
        "vision_preparser": Branch(after_vision, ("react_agent", "vision_lookup", "aggregator")),
        "react_agent": Branch(after_agent, ("react_tools", "aggregator")),
    },
    deferred=frozenset({"aggregator"}),
)
"""The graph of every route; compiled by `build_graph`, run directly by `graph.direct`."""


def build_graph(plan: Plan = PLAN) -> StateGraph[Any, Any, Any, Any]:
    """The uncompiled graph; compile with a checkpointer for conversation memory."""
    g: StateGraph[Any, Any, Any, Any] = StateGraph(GraphState, context_schema=GraphContext)
    for name, node in plan.nodes.items():
        g.add_node(name, node, defer=name in plan.deferred)
    g.add_edge(START, plan.entry)
    for source, target in plan.edges.items():
        g.add_edge(source, target)
    for source, branch in plan.branches.items():
        g.add_conditional_edges(source, branch.decide, list(branch.targets))
    return g


__all__ = ["PLAN", "Entry", "after_router", "build_graph"]
