"""The router cascade: deterministic overrides, the trained classifier, the LLM band, fallback."""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING, Any

from graph.commands import COMMANDS
from graph.context import GraphContext
from graph.state import GraphState
from graph.text import fir_ids_in, has_referent, is_smalltalk, mentions_fir_number
from schemas.routing import Route, RouteDecision

if TYPE_CHECKING:  # LangGraph injects the runtime by parameter name; importing it costs ~1 s
    from langgraph.runtime import Runtime

OPEN_ENDED_IMAGE = re.compile(
    r"\b(what is (going on|happening)|describe|explain|why|does (this|the) .* match|compare|"
    r"analy[sz]e|assess|what do you (see|think)|is this person)\b",
    re.IGNORECASE,
)
"""Image questions that skip the pre-parser. Narrower than the pre-parser's own escalation
test (`tools.vision.intent`): a question such as "who is driving" is read first, and the
readings go on to the fallback engine with it."""


def decision_inputs(state: GraphState) -> dict[str, Any]:
    """What the router saw, logged for replay."""
    page_context = state.get("page_context")
    return {
        "query": state.get("text", ""),
        "page_context": page_context.model_dump(mode="json") if page_context else None,
        "history_len": len(state.get("history") or []),
        "last_route": next((t.route for t in reversed(state.get("history") or [])), None),
        "history_fir_ids": [f for turn in state.get("history") or [] for f in turn.fir_ids][-5:],
        "attachments": len(state.get("attachments") or []),
    }


def referent_resolved(state: GraphState) -> bool:
    """A referent resolves from the open FIR or a FIR named earlier in the conversation."""
    page_context = state.get("page_context")
    if page_context is not None and page_context.active_fir_id:
        return True
    return any(turn.fir_ids for turn in state.get("history") or [])


def override(state: GraphState) -> tuple[Route, str] | None:
    """Deterministic rules that decide without a model, cheapest first."""
    text = state.get("text", "")
    command = state.get("command")
    if command is not None:
        known = COMMANDS.get(command.name)
        if known is None:
            return "smalltalk", f"unknown command /{command.name}"
        return known.route, f"slash command /{command.name}"
    if state.get("attachments"):
        if OPEN_ENDED_IMAGE.search(text):
            return "fallback", "image with an open-ended question"
        return "vision", "image attached"
    if is_smalltalk(text):
        return "smalltalk", "greeting, thanks or goodbye"
    # the records and procedure vocabularies (name tables, dates) load only for a turn past
    # the smalltalk rule: a greeting or slash command never needs them
    from graph.routing.knowledge_frame import asks_law_or_procedure
    from graph.routing.mixed import has_procedure_signal
    from graph.routing.records_context import records_context_route
    from tools.text2zcql.followup import names_its_referent

    records_reason = records_context_route(state)
    if records_reason is not None:
        return "zcql", records_reason
    if has_referent(text) and not fir_ids_in(text):
        if not referent_resolved(state) and asks_law_or_procedure(text):
            return "rag", "a law or procedure question; its pronoun is the person it names"
        if names_its_referent(text, date.today()) and not has_procedure_signal(text):
            return "zcql", "the pronoun is the person or IO the question names"
        if not referent_resolved(state):
            return "clarify", "referent not resolved by page context or history"
        if has_procedure_signal(text):
            return "hybrid", "resolved referent with a procedure question"
        return "zcql", "referent resolved to an FIR"
    if mentions_fir_number(text):
        if has_procedure_signal(text):
            return "hybrid", "FIR number with a procedure question"
        return "zcql", "FIR number"
    return None


async def router(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Decide the route with a confidence and the stage that decided."""
    inputs = decision_inputs(state)
    decided = override(state)
    if decided is not None:
        route, reason = decided
        decision = RouteDecision(
            route=route, confidence=1.0, stage="override", reason=reason, inputs=inputs
        )
    else:
        decision = await runtime.context.router.decide(state.get("text", ""), inputs)
    return {"decision": decision}
