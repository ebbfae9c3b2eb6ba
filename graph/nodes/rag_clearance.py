"""Re-checks every retrieved passage against the officer's clearance before any answer is built."""

from __future__ import annotations

from typing import Any

from graph.state import GraphState
from tools.knowledge.service import KnowledgeService


async def rag_clearance(state: GraphState) -> dict[str, Any]:
    """The knowledge service's one re-check: drop (and audit) what the filter let through."""
    cleared = KnowledgeService.recheck(state["officer"], state.get("passages") or [])
    note = {"kind": "rag_clearance", "checked": cleared.checked, "dropped": cleared.dropped}
    return {"passages": cleared.passages, "notes": [note]}
