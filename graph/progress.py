"""Officer-facing progress labels for each graph step (streamed over SSE)."""

from __future__ import annotations

from typing import Any

LABELS = {
    "orchestrator": "reading your question",
    "router": "routing",
    "smalltalk": "composing answer",
    "clarify": "checking what you mean",
    "text2zcql": "writing the records query",
    "zcql_validator": "validating query",
    "execute_readonly": "reading records",
    "zcql_clearance": "checking clearance",
    "zcql_answer": "composing answer",
    "retrieve": "searching SOPs",
    "rag_clearance": "checking clearance",
    "rag_answer": "composing answer",
    "vision_preparser": "reading the image",
    "react_agent": "reasoning",
    "react_tools": "calling tools",
    "aggregator": "checking the answer",
}


def progress_label(node: str, state: dict[str, Any]) -> dict[str, Any]:
    """A progress event for a node that just started."""
    event: dict[str, Any] = {"node": node, "label": LABELS.get(node, node)}
    decision = state.get("decision")
    if node not in ("orchestrator", "router") and decision is not None:
        event["route"] = decision.route
        event["confidence"] = round(decision.confidence, 2)
    if node == "react_tools":
        cycles = int(state.get("agent_cycles") or 0)
        event["label"] = f"calling tools ({cycles + 1}/4)"
    return event
