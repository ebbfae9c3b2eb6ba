"""The clearance stage for records: binds the accepted statement to the officer's clearance."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState


async def zcql_clearance(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """The cleared plan: the accepted statement over the policy's sources for this officer.

    On SQLite and PostgreSQL the sources are trusted CTEs that withhold rows and mask cells
    inside the database; on Catalyst the plan says the result is post-filtered in Python.
    """
    plan = runtime.context.records_service.plan(state["zcql_accepted_statement"], state["officer"])
    note = {
        "kind": "zcql_clearance",
        "policy_version": plan.policy_version,
        "enforced_in": "database" if plan.dialect else "python",
        "tables": sorted(plan.sources),
    }
    return {"zcql_plan": plan, "notes": [note]}
