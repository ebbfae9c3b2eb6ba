"""zcql_clearance: binds the accepted statement to the officer's clearance sources."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.zcql_clearance import after_clearance, zcql_clearance
from tests.tools.records.catalyst_mock import catalyst_service
from tests.validators.clearance.clearance_casefile import HOME, ROSTER
from tools.records.masked_filter import MaskedFilterRefused
from validators.zcql.validate import validate


async def test_the_plan_restricts_every_case_table_of_the_statement(
    runtime: Runtime[GraphContext],
) -> None:
    statement = (
        "SELECT persons.full_name FROM persons INNER JOIN firs ON firs.fir_id = persons.fir_id "
        f"WHERE persons.precinct_id = '{HOME}' AND firs.precinct_id = '{HOME}'"
    )
    accepted = validate(statement, {HOME}).accepted_statement
    update = await zcql_clearance(
        {"zcql_accepted_statement": accepted, "officer": ROSTER["constable"]}, runtime
    )
    plan = update["zcql_plan"]
    assert plan.statement == accepted
    assert set(plan.sources) == {"firs", "persons"}
    assert "sensitivity <= 1" in plan.sources["firs"]
    assert update["notes"][0] == {
        "kind": "zcql_clearance",
        "policy_version": runtime.context.records_service.policy.version,
        "enforced_in": "database",
        "tables": ["firs", "persons"],
    }


def _unreachable(request: httpx.Request) -> httpx.Response:
    raise AssertionError("a refused statement is never sent")


async def test_a_refusal_on_catalyst_is_an_audited_failed_result_and_runs_nothing() -> None:
    records = catalyst_service(_unreachable, datetime(2026, 12, 2, tzinfo=UTC))
    runtime = Runtime(context=GraphContext(records_service=records, records=records.executor))
    statement = (
        f"SELECT COUNT(ROWID) FROM firs WHERE firs.precinct_id = '{HOME}' "
        "AND firs.brief_facts LIKE '*knife*'"
    )
    accepted = validate(statement, {HOME}).accepted_statement
    state = {"zcql_accepted_statement": accepted, "officer": ROSTER["constable"]}
    update = await zcql_clearance(state, runtime)  # type: ignore[arg-type]
    assert update["zcql_plan"] is None
    assert after_clearance(update) == "aggregator"  # type: ignore[arg-type]
    [result] = update["results"]
    assert result.failed and result.warnings == [MaskedFilterRefused.safe_message]
    assert update["notes"] == [
        {
            "kind": "zcql_failed",
            "code": "query_rejected",
            "detail": "an aggregate reads firs.brief_facts, masked for this officer",
        }
    ]
