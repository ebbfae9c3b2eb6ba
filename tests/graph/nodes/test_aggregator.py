"""The aggregator runs the guardrail over every text an officer receives, with an allow-list."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from graph.context import GraphContext
from graph.nodes.aggregator import aggregator, visible_vocabulary
from schemas.officer import Officer
from schemas.result import Citation, PipelineResult
from schemas.routing import RouteDecision
from validators.guardrail.engine import Guardrail

OFFICER = Officer(
    badge_id="KA-2002", name="T", rank="PSI", clearance=2, precincts=frozenset({"BLR-E-KRP"})
)
WITHHELD = ["CANARY VICTIM Meera", "9900112233", "Online", "Near Bus Stand, KR Puram"]


async def run(result: PipelineResult) -> dict[str, Any]:
    state: Any = {
        "decision": RouteDecision(route="zcql", confidence=0.9, stage="classifier"),
        "officer": OFFICER,
        "results": [result],
        "request_id": "r-1",
        "text": "question",
    }
    runtime: Any = SimpleNamespace(context=GraphContext(guardrail=Guardrail.load()))
    return await aggregator(state, runtime)


async def test_withheld_values_written_any_way_reach_no_answer_citation_or_cell() -> None:
    leak = "Meera, ph nine nine zero zero one one two two three three"
    result = PipelineResult(
        pipeline="zcql",
        answer=f"Victim {leak}.",
        citations=[Citation(kind="record", id="FIR-2026-03117", title="x", snippet=leak)],
        records=[{"fir_id": "FIR-2026-03117", "brief": "caller 9,8,4,5,0,1,2,3,4,5"}],
        withheld_values=WITHHELD,
    )
    out = await run(result)
    response = out["response"]
    dumped = response.model_dump_json() + repr(out["history"])
    assert "Meera" not in dumped and "nine nine zero" not in dumped and "9,8,4" not in dumped
    assert response.records[0]["brief"] == "caller [phone withheld]"
    assert response.redactions.post_generation == 5


async def test_stations_crime_heads_and_visible_rows_come_back_unchanged() -> None:
    answer = (
        "KR Puram PS registered 4 ONLINE FRAUD cases; IO D. Shankar. SELECT COUNT(fir_id) "
        "FROM firs WHERE crime_head = 'ONLINE FRAUD' AND place_of_occurrence = 'Online'"
    )
    result = PipelineResult(
        pipeline="zcql",
        answer=answer,
        records=[{"fir_id": "FIR-2026-04829", "io_name": "D. Shankar", "place": "Online"}],
        withheld_values=[*WITHHELD, "T. Shankar", "KR Puram PS"],
    )
    response = (await run(result))["response"]
    assert response.answer == answer
    assert response.redactions.post_generation == 0


def test_the_allow_list_holds_public_words_own_stations_and_shown_cells() -> None:
    result = PipelineResult(pipeline="zcql", records=[{"io_name": "D. Shankar", "n": 3}])
    vocabulary = visible_vocabulary(OFFICER, [result])
    assert {"KR Puram PS", "ONLINE FRAUD", "Hoodi", "D. Shankar"} <= set(vocabulary)
