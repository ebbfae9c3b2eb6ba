"""Drafts a ZCQL statement for a records question (text only: nothing here runs it)."""

from __future__ import annotations

from datetime import date
from typing import Any
from zoneinfo import ZoneInfo

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState
from tools.text2zcql.base import ZcqlRequest

COMMAND_QUESTIONS = {
    "fir": "status and investigating officer of {argument}",
    "vehicle": "FIRs involving vehicle {argument}",
    "person": "cases involving {argument}",
    "stats": "FIRs by crime group in {argument}",
}


def records_question(state: GraphState) -> str:
    """The question to parse: a slash command's expansion or the normalised text."""
    command = state.get("command")
    if command is not None and command.name in COMMAND_QUESTIONS:
        return COMMAND_QUESTIONS[command.name].format(argument=command.argument)
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


def local_today(context: GraphContext) -> date:
    """Today in the force's time zone (relative dates resolve against it)."""
    return context.clock().astimezone(ZoneInfo(context.timezone)).date()


async def text2zcql(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """One draft statement, or the reason the question could not be parsed."""
    officer = state["officer"]
    request = ZcqlRequest(
        question=records_question(state),
        precincts=tuple(sorted(officer.precincts)),
        today=local_today(runtime.context),
        active_fir_id=active_fir(state),
        history=tuple(turn.question for turn in state.get("history") or [])[-4:],
    )
    draft = await runtime.context.zcql_generator.generate(request)
    return {
        "zcql_statement": draft.statement,
        "zcql_intent": draft.intent,
        "zcql_explanation": draft.explanation,
        "zcql_unparsed": draft.unparsed_reason,
        "zcql_generator": draft.generator,
    }
