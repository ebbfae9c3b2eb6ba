"""The whole state machine of DESIGN.md, top to bottom: nodes, edges and routing functions."""

from __future__ import annotations

from typing import Any, Literal, get_args

from langgraph.graph import END, START, StateGraph

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
from graph.nodes.zcql_clearance import zcql_clearance
from graph.nodes.zcql_validator import after_validation, zcql_validator
from graph.state import GraphState

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


def build_graph() -> StateGraph[Any, Any, Any, Any]:
    """The uncompiled graph; compile with a checkpointer for conversation memory."""
    g: StateGraph[Any, Any, Any, Any] = StateGraph(GraphState, context_schema=GraphContext)
    g.add_node("orchestrator", orchestrator)
    g.add_node("router", router)
    g.add_node("smalltalk", smalltalk)
    g.add_node("clarify", clarify)
    g.add_node("decline", decline)
    # records branch
    g.add_node("text2zcql", text2zcql)
    g.add_node("zcql_validator", zcql_validator)
    g.add_node("zcql_clearance", zcql_clearance)
    g.add_node("execute_readonly", execute_readonly)
    g.add_node("zcql_answer", zcql_answer)
    # knowledge branch
    g.add_node("retrieve", retrieve)
    g.add_node("rag_clearance", rag_clearance)
    g.add_node("rag_answer", rag_answer)
    # vision and the agentic fallback engine
    g.add_node("vision_preparser", vision_preparser)
    g.add_node("vision_lookup", vision_lookup)
    g.add_node("react_agent", react_agent)
    g.add_node("react_tools", react_tools)
    # one join: runs once, after every branch of the turn has finished
    g.add_node("aggregator", aggregator, defer=True)

    g.add_edge(START, "orchestrator")
    g.add_edge("orchestrator", "router")
    g.add_conditional_edges("router", after_router, list(get_args(Entry)))
    g.add_edge("smalltalk", "aggregator")
    g.add_edge("clarify", "aggregator")
    g.add_edge("decline", "aggregator")
    g.add_edge("text2zcql", "zcql_validator")
    g.add_conditional_edges("zcql_validator", after_validation, ["zcql_clearance", "aggregator"])
    g.add_edge("zcql_clearance", "execute_readonly")
    g.add_conditional_edges("execute_readonly", after_execution, ["zcql_answer", "aggregator"])
    g.add_edge("zcql_answer", "aggregator")
    g.add_edge("retrieve", "rag_clearance")
    g.add_edge("rag_clearance", "rag_answer")
    g.add_edge("rag_answer", "aggregator")
    g.add_conditional_edges(
        "vision_preparser", after_vision, ["react_agent", "vision_lookup", "aggregator"]
    )
    g.add_edge("vision_lookup", "aggregator")
    g.add_conditional_edges("react_agent", after_agent, ["react_tools", "aggregator"])
    g.add_edge("react_tools", "react_agent")
    g.add_edge("aggregator", END)
    return g
