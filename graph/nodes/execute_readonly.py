"""Runs an accepted statement read-only, through the clearance policy's database scopes."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState
from schemas.errors import CrimeAssistError
from schemas.result import PipelineResult
from validators.clearance.filter import run_with_clearance
from validators.zcql.validate import validate


async def execute_readonly(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Re-validate (the executor never takes a raw string), execute, keep only cleared rows."""
    officer = state["officer"]
    verdict = validate(str(state.get("zcql_statement")), officer.precincts)
    try:
        cleared = await run_with_clearance(
            verdict, officer, runtime.context.records, runtime.context.policy
        )
    except CrimeAssistError as error:
        failure = PipelineResult(pipeline="zcql", failed=True, warnings=[error.safe_message])
        return {
            "zcql_cleared": None,
            "results": [failure],
            "notes": [{"kind": "zcql_failed", "code": error.code, "detail": error.detail[:200]}],
        }
    return {"zcql_cleared": cleared}
