"""The clearance gate for records: counts and audits what the policy withheld, hands on the rest."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState


async def zcql_clearance(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Audit withheld rows and masked fields (counts and reasons, never values)."""
    cleared = state.get("zcql_cleared")
    if cleared is None:
        return {}
    policy = runtime.context.policy
    if cleared.policy_version != policy.version:
        raise RuntimeError("records were cleared under a different policy version")
    note = {
        "kind": "redaction",
        "tier": "pre_retrieval",
        "withheld_rows": cleared.withheld_rows,
        "masked_fields": cleared.masked_fields,
        "reasons": cleared.reasons,
        "policy_version": cleared.policy_version,
    }
    return {"notes": [note]}
