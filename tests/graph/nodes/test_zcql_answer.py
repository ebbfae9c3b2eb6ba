"""zcql_answer: the answer is built from the visible rows only and cites the statement."""

from __future__ import annotations

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.zcql_answer import zcql_answer
from tests.validators.clearance.clearance_casefile import HOME, ROSTER
from validators.zcql.validate import validate

COUNT = f"SELECT COUNT(fir_id) FROM firs WHERE precinct_id = '{HOME}'"


async def test_the_answer_counts_visible_rows_and_says_nothing_of_withheld_ones(
    runtime: Runtime[GraphContext],
) -> None:
    service = runtime.context.records_service
    accepted = validate(COUNT, {HOME}).accepted_statement
    assert accepted is not None
    cleared = await service.execute(service.plan(accepted, ROSTER["constable"]), "count")
    state = {
        "zcql_accepted_statement": accepted,
        "zcql_cleared": cleared,
        "zcql_intent": "count",
        "zcql_explanation": "FIRs",
    }
    (result,) = (await zcql_answer(state, runtime))["results"]  # type: ignore[arg-type]
    assert result.answer == "FIRs: 1."
    assert result.citations[0].snippet == COUNT
    assert result.redactions_pre == 0
