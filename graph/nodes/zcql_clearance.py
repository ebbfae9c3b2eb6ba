"""The clearance stage for records: binds the accepted statement to the officer's clearance."""

from __future__ import annotations

from typing import Any, Literal

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState
from schemas.errors import QueryRejected
from schemas.result import PipelineResult
from tools.records.service import failure_note


async def zcql_clearance(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """The cleared plan: the accepted statement over the policy's sources for this officer.

    On SQLite and PostgreSQL the sources are trusted CTEs that withhold rows and mask cells
    inside the database; on Catalyst the plan says the result is post-filtered in Python.
    A statement the clearance cannot be applied to there (no room for the sensitivity bound,
    an aggregate filtered on a column masked for the officer) is refused: the officer gets
    the refusal's reason, the audit a `zcql_failed` note, and nothing is executed.
    """
    try:
        plan = runtime.context.records_service.plan(
            state["zcql_accepted_statement"], state["officer"]
        )
    except QueryRejected as error:
        failure = PipelineResult(pipeline="zcql", failed=True, warnings=[error.safe_message])
        return {"zcql_plan": None, "results": [failure], "notes": [failure_note(error)]}
    note = {
        "kind": "zcql_clearance",
        "policy_version": plan.policy_version,
        "enforced_in": "database" if plan.dialect else "python",
        "tables": sorted(plan.sources),
    }
    return {"zcql_plan": plan, "notes": [note]}


def after_clearance(state: GraphState) -> Literal["execute_readonly", "aggregator"]:
    """A cleared plan is executed; a refusal already has its result and goes to the join."""
    return "execute_readonly" if state.get("zcql_plan") is not None else "aggregator"
