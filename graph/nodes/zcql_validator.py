"""The ZCQL AST validator as a node: hard-fail with every reason, audited, safe message."""

from __future__ import annotations

from typing import Any, Literal

from graph.state import GraphState
from schemas.result import PipelineResult
from validators.zcql.validate import validate

REJECTED = "I can't run that query."


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
            "zcql_reasons": reasons,
            "results": [asked],
            "notes": [note],
        }
    answer = (
        f"I couldn't turn that into a records query: {unparsed}"
        if unparsed
        else f"{REJECTED} It did not pass the safety checks for record queries."
    )
    return {
        "zcql_accepted": False,
        "zcql_reasons": reasons,
        "results": [
            PipelineResult(
                pipeline="zcql",
                answer=answer,
                confidence=0.0,
                offline=True,
                warnings=[] if unparsed else [REJECTED],
            )
        ],
        "notes": [
            {
                "kind": "zcql_rejected",
                "statement": state.get("zcql_statement"),
                "reasons": reasons,
                "generator": state.get("zcql_generator"),
            }
        ],
    }


async def zcql_validator(state: GraphState) -> dict[str, Any]:
    """Accept or reject the draft; the statement is never corrected here."""
    statement = state.get("zcql_statement")
    if not statement:
        return rejection(state, [state.get("zcql_unparsed") or "no statement was drafted"])
    verdict = validate(statement, state["officer"].precincts)
    if not verdict.accepted:
        return rejection(state, list(verdict.reasons))
    return {
        "zcql_accepted": True,
        "zcql_reasons": [],
        "notes": [
            {
                "kind": "zcql_accepted",
                "statement": statement,
                "generator": state.get("zcql_generator"),
            }
        ],
    }


def after_validation(state: GraphState) -> Literal["execute_readonly", "aggregator"]:
    """Only an accepted statement goes on to execution."""
    return "execute_readonly" if state.get("zcql_accepted") else "aggregator"
