"""Runs the cleared plan read-only: only rows and cells the officer may see come back."""

from __future__ import annotations

from typing import Any, Literal

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState
from schemas.errors import CrimeAssistError
from schemas.result import PipelineResult
from tools.records.service import failure_note, redaction_note


async def execute_readonly(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Execute the plan; audit what the policy withheld and masked (counts, never values)."""
    service = runtime.context.records_service
    try:
        cleared = await service.execute(state["zcql_plan"], state.get("zcql_intent") or "list")
    except CrimeAssistError as error:
        failure = PipelineResult(pipeline="zcql", failed=True, warnings=[error.safe_message])
        return {"zcql_cleared": None, "results": [failure], "notes": [failure_note(error)]}
    return {"zcql_cleared": cleared, "notes": [redaction_note(cleared)]}


def after_execution(state: GraphState) -> Literal["zcql_answer", "aggregator"]:
    """Cleared rows are answered; a failed execution has its result and goes to the join."""
    return "zcql_answer" if state.get("zcql_cleared") is not None else "aggregator"
