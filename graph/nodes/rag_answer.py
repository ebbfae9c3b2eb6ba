"""Answers from the cleared passages: extractive offline, grounded with Groq."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.retrieve import knowledge_question
from graph.state import GraphState
from tools.knowledge.answer import compose_extractive_answer
from tools.knowledge.grounded import grounded_answer


async def rag_answer(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """One rag PipelineResult with a citation per claim (skipped if retrieval already failed)."""
    if any(r.pipeline == "rag" for r in state.get("results") or []):
        return {}
    question = knowledge_question(state)
    passages = state.get("passages") or []
    llm = runtime.context.llm
    try:
        if llm is not None and passages:
            result = await grounded_answer(llm, question, passages)
        else:
            result = compose_extractive_answer(question, passages)
    except Exception as error:
        result = compose_extractive_answer(question, passages)
        result.warnings.append(
            f"The language model was unavailable ({type(error).__name__}); "
            "this is the offline extractive answer."
        )
    return {"results": [result]}
