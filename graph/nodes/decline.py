"""Out-of-scope messages (weather, sport, chat, creative writing, personal advice): a short
decline that says what the assistant can do; no retrieval, no records, no tools."""

from __future__ import annotations

from typing import Any

from graph.nodes.smalltalk import CAPABILITIES
from graph.state import GraphState
from schemas.result import PipelineResult

DECLINE = "That is outside what I can help with here."


async def decline(state: GraphState) -> dict[str, Any]:
    """The decline, the same for every out-of-scope message."""
    return {
        "results": [
            PipelineResult(pipeline="decline", answer=f"{DECLINE} {CAPABILITIES}", offline=True)
        ]
    }
