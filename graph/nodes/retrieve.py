"""Searches the SOP knowledge base with the officer's clearance inside the query filter."""

from __future__ import annotations

import asyncio
from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState
from schemas.result import PipelineResult
from tools.knowledge.service import TOP_K


def knowledge_question(state: GraphState) -> str:
    """The text to search: a /sop argument or the normalised message."""
    command = state.get("command")
    if command is not None and command.name == "sop":
        return command.argument
    return state.get("text", "")


async def retrieve(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """The knowledge service's filtered search; a failure becomes a failed branch."""
    try:
        found = await asyncio.to_thread(
            runtime.context.knowledge.search,
            knowledge_question(state),
            state["officer"],
            TOP_K,
        )
    except Exception as error:
        failure = PipelineResult(
            pipeline="rag", failed=True, warnings=["The SOP knowledge base is unavailable."]
        )
        return {
            "passages": [],
            "results": [failure],
            "notes": [{"kind": "rag_failed", "error": type(error).__name__}],
        }
    return {
        "passages": list(found.passages),
        "notes": [
            {
                "kind": "rag_retrieved",
                "passages": [p.chunk_id for p in found.passages],
                "filtered_out": found.filtered_out,
            }
        ],
    }
