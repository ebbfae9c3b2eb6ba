"""Asks the officer which record they mean when a referent cannot be resolved."""

from __future__ import annotations

from typing import Any

from graph.state import GraphState
from schemas.result import PipelineResult


async def clarify(state: GraphState) -> dict[str, Any]:
    """A question back instead of a guess."""
    answer = (
        "Which FIR do you mean? Nothing is open on your screen and our conversation has not "
        "named one. Give the FIR number (for example FIR-2026-04829 or 4829/2026) or open it."
    )
    return {
        "results": [PipelineResult(pipeline="clarify", answer=answer, confidence=1.0, offline=True)]
    }
