"""Progress labels streamed per graph step: route once decided, tool names in the agent loop."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage, ToolMessage

from graph.progress import LABELS, progress_label
from schemas.routing import RouteDecision

DECISION = RouteDecision(route="zcql", confidence=0.9349, stage="classifier")


def tool_request(*names: str) -> AIMessage:
    calls = [{"name": name, "args": {}, "id": f"call-{i}"} for i, name in enumerate(names)]
    return AIMessage(content="", tool_calls=calls)


def test_steps_before_the_decision_carry_no_route() -> None:
    for node in ("orchestrator", "router"):
        event = progress_label(node, {"decision": DECISION})
        assert event == {"node": node, "label": LABELS[node]}


def test_steps_after_the_router_carry_route_and_rounded_confidence() -> None:
    event = progress_label("zcql_validator", {"decision": DECISION})

    assert event == {
        "node": "zcql_validator",
        "label": "validating query",
        "route": "zcql",
        "confidence": 0.93,
    }


def test_tool_step_names_the_requested_tool_and_the_cycle() -> None:
    state: dict[str, Any] = {
        "decision": DECISION,
        "agent_messages": [
            {"kind": "fallback_loop_start"},
            tool_request("records"),
            ToolMessage(content="3 rows", tool_call_id="call-0"),
            tool_request("date_utility"),
        ],
    }

    assert progress_label("react_tools", state)["label"] == "calling tool: date utility (2/4)"


def test_parallel_tool_requests_are_listed_once_each() -> None:
    state = {"agent_messages": [tool_request("calculator", "knowledge_base", "calculator")]}

    label = progress_label("react_tools", state, max_cycles=3)["label"]

    assert label == "calling tools: calculator, SOP search (1/3)"


def test_tool_step_without_a_visible_request_counts_cycles() -> None:
    assert progress_label("react_tools", {"agent_cycles": 2})["label"] == "calling tools (3/4)"


def test_unknown_nodes_get_a_readable_label() -> None:
    assert progress_label("some_new_node", {})["label"] == "some new node"
