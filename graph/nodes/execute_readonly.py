"""Runs an accepted statement read-only, through the clearance policy's database scopes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState
from schemas.errors import CrimeAssistError
from schemas.officer import Officer
from schemas.result import PipelineResult
from tools.text2zcql.trend import next_page
from validators.clearance.filter import ClearedRows, run_with_clearance
from validators.zcql.validate import validate

PAGE = 300
MAX_TREND_PAGES = 20


async def cleared_pages(
    statement: str, officer: Officer, context: GraphContext, pages: int
) -> ClearedRows:
    """Execute a statement (and, for trends, its following pages, each validated afresh)."""
    verdict = validate(statement, officer.precincts)
    cleared = await run_with_clearance(verdict, officer, context.records, context.policy)
    rows, masked, values = list(cleared.rows), cleared.masked_fields, list(cleared.withheld_values)
    for _ in range(pages - 1):
        if len(cleared.rows) < PAGE:
            break
        statement = next_page(statement)
        page = validate(statement, officer.precincts)
        cleared_page = await run_with_clearance(page, officer, context.records, context.policy)
        rows += cleared_page.rows
        masked += cleared_page.masked_fields
        values += cleared_page.withheld_values
        cleared = cleared_page
    return replace(
        cleared, rows=rows, masked_fields=masked, withheld_values=list(dict.fromkeys(values))
    )


async def execute_readonly(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Re-validate (the executor never takes a raw string), execute, keep only cleared rows."""
    pages = MAX_TREND_PAGES if state.get("zcql_intent") in ("trend", "compare") else 1
    try:
        cleared = await cleared_pages(
            str(state.get("zcql_statement")), state["officer"], runtime.context, pages
        )
    except CrimeAssistError as error:
        failure = PipelineResult(pipeline="zcql", failed=True, warnings=[error.safe_message])
        return {
            "zcql_cleared": None,
            "results": [failure],
            "notes": [{"kind": "zcql_failed", "code": error.code, "detail": error.detail[:200]}],
        }
    return {"zcql_cleared": cleared}
