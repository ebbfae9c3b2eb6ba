"""execute_readonly: runs only the cleared plan; a failure is a result routed to the join."""

from __future__ import annotations

from dataclasses import replace

import pytest
from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.execute_readonly import after_execution, execute_readonly
from schemas.errors import BackendUnavailable
from tests.validators.clearance.clearance_casefile import HOME, ROSTER
from validators.zcql.validate import validate


class Unavailable:
    """An executor whose database is down."""

    backend = "sqlite"

    async def execute(
        self, query: object, table_sources: object = None, *, jurisdiction: object = None
    ) -> None:
        raise BackendUnavailable("records database unavailable: down")


LIST = f"SELECT fir_id FROM firs WHERE precinct_id = '{HOME}'"


def plan_for(runtime: Runtime[GraphContext], badge: str, statement: str = LIST):  # type: ignore[no-untyped-def]
    accepted = validate(statement, {HOME}).accepted_statement
    assert accepted is not None
    return runtime.context.records_service.plan(accepted, ROSTER[badge])


async def test_only_rows_within_clearance_come_back(runtime: Runtime[GraphContext]) -> None:
    state = {"zcql_plan": plan_for(runtime, "constable"), "zcql_intent": "list"}
    update = await execute_readonly(state, runtime)  # type: ignore[arg-type]
    assert [r["fir_id"] for r in update["zcql_cleared"].rows] == ["FIR-2026-00001"]
    assert after_execution(update) == "zcql_answer"
    assert update["notes"][0]["kind"] == "redaction"


async def test_a_plan_altered_by_hand_never_runs(runtime: Runtime[GraphContext]) -> None:
    loosened = replace(plan_for(runtime, "constable"), sources={})
    with pytest.raises(TypeError):
        await execute_readonly({"zcql_plan": loosened, "zcql_intent": "list"}, runtime)  # type: ignore[arg-type]


async def test_a_database_failure_is_answered_and_routed_to_the_aggregator(
    runtime: Runtime[GraphContext],
) -> None:
    state = {"zcql_plan": plan_for(runtime, "chief"), "zcql_intent": "list"}
    runtime.context.records_service.executor = Unavailable()
    update = await execute_readonly(state, runtime)  # type: ignore[arg-type]
    assert update["zcql_cleared"] is None
    assert after_execution(update) == "aggregator"
    assert update["results"][0].failed and update["notes"][0]["kind"] == "zcql_failed"
