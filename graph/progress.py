"""Officer-facing progress labels for each graph step (streamed over SSE)."""

from __future__ import annotations

from typing import Any

LABELS = {
    "orchestrator": "reading your question",
    "router": "routing",
    "smalltalk": "composing answer",
    "clarify": "checking what you mean",
    "decline": "composing answer",
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
TOOL_LABELS = {
    "date_utility": "date utility",
    "calculator": "calculator",
    "legal_reference": "legal reference",
    "page_context": "page context",
    "records": "records lookup",
    "knowledge_base": "SOP search",
    "vision": "image reader",
    "web_search": "web search",
}
BEFORE_ROUTING = ("orchestrator", "router")


def tool_requests(state: dict[str, Any]) -> tuple[list[str], int]:
    """Tool names of the agent's latest request and how many requests it has made so far."""
    requests = [
        calls
        for message in state.get("agent_messages") or []
        if (calls := getattr(message, "tool_calls", None))
    ]
    if not requests:
        return [], 0
    names = [str(call.get("name", "tool")) for call in requests[-1]]
    return names, len(requests)


def tools_label(state: dict[str, Any], max_cycles: int) -> str:
    """`calling tool: date utility (2/4)`; a generic label until the request is visible."""
    names, cycle = tool_requests(state)
    if not names:
        cycle = int(state.get("agent_cycles") or 0) + 1
        return f"calling tools ({cycle}/{max_cycles})"
    shown = ", ".join(dict.fromkeys(TOOL_LABELS.get(name, name) for name in names))
    noun = "tool" if len(names) == 1 else "tools"
    return f"calling {noun}: {shown} ({cycle}/{max_cycles})"


def progress_label(node: str, state: dict[str, Any], max_cycles: int = 4) -> dict[str, Any]:
    """A progress event for a node that just started (`state` is the state it starts from)."""
    event: dict[str, Any] = {"node": node, "label": LABELS.get(node, node.replace("_", " "))}
    decision = state.get("decision")
    if node not in BEFORE_ROUTING and decision is not None:
        event["route"] = decision.route
        event["confidence"] = round(decision.confidence, 2)
    if node == "react_tools":
        event["label"] = tools_label(state, max_cycles)
    return event
