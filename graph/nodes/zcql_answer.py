"""Answers a records question from the cleared rows only, citing the statement that ran."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState
from schemas.result import Citation, PipelineResult
from tools.records.summary import grounded_summary


async def zcql_answer(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Offline templated prose plus the table; with Groq, a summary grounded in those rows."""
    composed = runtime.context.records_service.compose(
        state.get("zcql_intent") or "list",
        state.get("zcql_explanation") or "Records",
        state["zcql_cleared"],
        state["zcql_accepted_statement"].statement,
        buckets=state.get("zcql_buckets") or (),
    )
    answer, warnings, offline = composed.text, [], True
    if runtime.context.llm is not None and composed.table:
        try:
            answer = await grounded_summary(
                runtime.context.llm, state.get("text", ""), answer, composed.table
            )
            offline = False
        except Exception as error:
            warnings.append(
                f"The language model was unavailable ({type(error).__name__}); "
                "showing the offline summary."
            )
    result = PipelineResult(
        pipeline="zcql",
        answer=answer,
        citations=[
            Citation(kind="record", id="zcql", title="Query that ran", snippet=composed.statement)
        ],
        records=composed.table,
        confidence=state.get("zcql_confidence"),
        warnings=warnings,
        redactions_pre=composed.masked_fields,
        offline=offline,
    )
    return {"results": [result]}
