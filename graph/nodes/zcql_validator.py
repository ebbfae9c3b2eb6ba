"""The ZCQL AST validator as a node: hard-fail with every reason, audited, safe message."""

from __future__ import annotations

from typing import Any, Literal

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState
from schemas.result import PipelineResult
from tools.records.service import REJECTED, accepted_note, rejection_message, rejection_note


def rejection(state: GraphState, reasons: list[str]) -> dict[str, Any]:
    """The officer's safe message and the audit note with every reason."""
    unparsed = state.get("zcql_unparsed")
    clarification = state.get("zcql_clarification")
    if clarification:
        asked = PipelineResult(
            pipeline="clarify", answer=clarification, confidence=1.0, offline=True
        )
        note = {
            "kind": "zcql_clarify",
            "question": clarification,
            "generator": state.get("zcql_generator"),
        }
        return {
            "zcql_accepted": False,
            "zcql_accepted_statement": None,
            "zcql_reasons": reasons,
            "results": [asked],
            "notes": [note],
        }
    return {
        "zcql_accepted": False,
        "zcql_accepted_statement": None,
        "zcql_reasons": reasons,
        "results": [
            PipelineResult(
                pipeline="zcql",
                answer=rejection_message(unparsed),
                confidence=0.0,
                offline=True,
                warnings=[] if unparsed else [REJECTED],
            )
        ],
        "notes": [
            rejection_note(
                state.get("zcql_statement"), reasons, state.get("zcql_generator") or "offline"
            )
        ],
    }


async def zcql_validator(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Accept or reject the draft once; the accepted statement is what later stages run."""
    statement = state.get("zcql_statement")
    if not statement:
        return rejection(state, [state.get("zcql_unparsed") or "no statement was drafted"])
    verdict = runtime.context.records_service.validate(statement, state["officer"])
    if verdict.accepted_statement is None:
        return rejection(state, list(verdict.reasons))
    return {
        "zcql_accepted": True,
        "zcql_accepted_statement": verdict.accepted_statement,
        "zcql_reasons": [],
        "notes": [accepted_note(statement, state.get("zcql_generator") or "offline")],
    }


def after_validation(state: GraphState) -> Literal["zcql_clearance", "aggregator"]:
    """Only an accepted statement goes on to the clearance stage; a rejection is answered."""
    return "zcql_clearance" if state.get("zcql_accepted_statement") is not None else "aggregator"
