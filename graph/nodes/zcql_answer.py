"""Answers a records question from the cleared rows only, citing the statement that ran."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState
from schemas.result import Citation, PipelineResult
from tools.records.answer import compose_records_answer
from tools.records.summary import grounded_summary


async def zcql_answer(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Offline templated prose plus the table; with Groq, a summary grounded in those rows."""
    cleared = state.get("zcql_cleared")
    if cleared is None:
        return {}
    intent = state.get("zcql_intent") or "list"
    explanation = state.get("zcql_explanation") or "Records"
    answer, table = compose_records_answer(
        intent, explanation, cleared.rows, buckets=state.get("zcql_buckets") or ()
    )
    warnings: list[str] = []
    offline = True
    if runtime.context.llm is not None and table:
        try:
            answer = await grounded_summary(
                runtime.context.llm, state.get("text", ""), answer, table
            )
            offline = False
        except Exception as error:
            warnings.append(
                f"The language model was unavailable ({type(error).__name__}); "
                "showing the offline summary."
            )
    statement = str(state.get("zcql_statement"))
    result = PipelineResult(
        pipeline="zcql",
        answer=answer,
        citations=[Citation(kind="record", id="zcql", title="Query that ran", snippet=statement)],
        records=table[:300],
        confidence=state.get("zcql_confidence"),
        warnings=warnings,
        redactions_pre=cleared.withheld_rows + cleared.masked_fields,
        withheld_values=cleared.withheld_values,
        offline=offline,
    )
    return {"results": [result]}
