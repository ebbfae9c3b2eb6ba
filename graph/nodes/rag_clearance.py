"""Re-checks every retrieved passage against the officer's clearance before any answer is built."""

from __future__ import annotations

from typing import Any

from graph.state import GraphState
from validators.clearance.knowledge import may_read_document


async def rag_clearance(state: GraphState) -> dict[str, Any]:
    """Drop (and audit) any passage the filter inside the query should already have excluded."""
    officer = state["officer"]
    passages = state.get("passages") or []
    allowed = [p for p in passages if may_read_document(officer, p.clearance, p.precincts)]
    dropped = len(passages) - len(allowed)
    note = {"kind": "rag_clearance", "checked": len(passages), "dropped": dropped}
    return {"passages": allowed, "notes": [note]}
