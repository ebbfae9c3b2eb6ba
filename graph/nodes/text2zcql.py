"""Drafts a ZCQL statement for a records question (text only: nothing here runs it).

The draft's clarifying question (`zcql_clarification`), its grounding confidence, the
filters it applied and a comparison's buckets go into the state for the later nodes."""

from __future__ import annotations

import re
from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.routing.mixed import has_procedure_signal, has_record_signal
from graph.state import GraphState
from graph.text import FIR_SERIAL_ONLY, fir_ids_in
from tools.text2zcql.base import ZcqlDraft

COMMAND_QUESTIONS = {
    "fir": "status and investigating officer of {argument}",
    "vehicle": "FIRs involving vehicle {argument}",
    "person": "cases involving {argument}",
    "stats": "FIRs by crime group in {argument}",
}


CLAUSE_BREAK = re.compile(r"\?|;|\band\b|\balso\b", re.IGNORECASE)


def records_part(text: str) -> str:
    """For a mixed question, the clauses that ask about records (the FIR carried into them)."""
    clauses = [c.strip(" ,.") for c in CLAUSE_BREAK.split(text) if c.strip(" ,.")]
    wanted = [c for c in clauses if has_record_signal(c) and not has_procedure_signal(c)]
    if not wanted:  # no clause names records outright: drop the procedure clauses instead
        wanted = [c for c in clauses if not has_procedure_signal(c)]
    if not wanted:
        return text
    question = " and ".join(wanted)
    references = fir_ids_in(text) or [m.group(0) for m in FIR_SERIAL_ONLY.finditer(text)]
    for reference in references:
        if reference not in question and reference not in fir_ids_in(question):
            question = f"{question} of {reference}"
    return question


def records_question(state: GraphState) -> str:
    """The question to parse: a slash command's expansion, the records part of a mixed
    question, or the normalised text."""
    command = state.get("command")
    if command is not None and command.name in COMMAND_QUESTIONS:
        return COMMAND_QUESTIONS[command.name].format(argument=command.argument)
    decision = state.get("decision")
    if decision is not None and decision.route == "hybrid":
        return records_part(state.get("text", ""))
    return state.get("text", "")


def active_fir(state: GraphState) -> str | None:
    """The FIR on screen, else the most recent FIR named in the conversation."""
    page_context = state.get("page_context")
    if page_context is not None and page_context.active_fir_id:
        return page_context.active_fir_id
    for turn in reversed(state.get("history") or []):
        if turn.fir_ids:
            return turn.fir_ids[0]
    return None


async def text2zcql(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """One draft statement, or the reason the question could not be parsed."""
    service = runtime.context.records_service
    request = service.request(
        records_question(state),
        state["officer"],
        active_fir_id=active_fir(state),
        history=[turn.question for turn in state.get("history") or []],
        page_context=state.get("page_context"),
    )
    draft = await service.draft(request, state["officer"])
    return {
        "zcql_statement": draft.statement,
        "zcql_intent": draft.intent,
        "zcql_explanation": draft.explanation,
        "zcql_unparsed": draft.unparsed_reason,
        "zcql_generator": draft.generator,
        "zcql_clarification": draft.clarification,
        "zcql_confidence": draft.confidence,
        "zcql_filters": list(draft.filters),
        "zcql_buckets": list(draft.buckets),
        "notes": [cascade_note(draft)],
    }


def cascade_note(draft: ZcqlDraft) -> dict[str, Any]:
    """Audit: which stage of the cascade answered (or asked back), and each stage's time."""
    return {
        "kind": "zcql_cascade",
        "answered_by": draft.generator,
        "outcome": "statement"
        if draft.statement is not None
        else "clarification"
        if draft.clarification is not None
        else "unparsed",
        "stages_ms": dict(draft.stages_ms),
    }
