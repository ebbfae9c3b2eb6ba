"""zcql_validator: validates once, keeps the accepted statement, routes a rejection to the join."""

from __future__ import annotations

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.zcql_validator import after_validation, zcql_validator
from tests.validators.clearance.clearance_casefile import HOME, ROSTER
from validators.zcql.validate import AcceptedStatement

GOOD = f"SELECT fir_id FROM firs WHERE precinct_id = '{HOME}'"


async def test_an_accepted_statement_is_kept_for_the_next_stages(
    runtime: Runtime[GraphContext],
) -> None:
    update = await zcql_validator({"zcql_statement": GOOD, "officer": ROSTER["inspector"]}, runtime)
    assert isinstance(update["zcql_accepted_statement"], AcceptedStatement)
    assert after_validation(update) == "zcql_clearance"
    assert update["notes"][0]["kind"] == "zcql_accepted"


async def test_a_rejection_is_answered_audited_and_routed_to_the_aggregator(
    runtime: Runtime[GraphContext],
) -> None:
    update = await zcql_validator(
        {"zcql_statement": "SELECT fir_id FROM firs", "officer": ROSTER["inspector"]}, runtime
    )
    assert update["zcql_accepted_statement"] is None
    assert after_validation(update) == "aggregator"
    assert update["notes"][0]["kind"] == "zcql_rejected" and update["notes"][0]["reasons"]
    assert "safety checks" in update["results"][0].answer


async def test_no_draft_is_a_rejection_with_the_parsers_reason(
    runtime: Runtime[GraphContext],
) -> None:
    update = await zcql_validator(
        {"zcql_statement": None, "zcql_unparsed": "not records", "officer": ROSTER["chief"]},
        runtime,
    )
    assert update["zcql_reasons"] == ["not records"]
    assert after_validation(update) == "aggregator"
