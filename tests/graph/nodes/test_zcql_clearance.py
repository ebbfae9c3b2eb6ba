"""zcql_clearance: binds the accepted statement to the officer's clearance sources."""

from __future__ import annotations

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.zcql_clearance import zcql_clearance
from tests.validators.clearance.clearance_casefile import HOME, ROSTER
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
