"""The one cascade through the whole graph, with recorded model replies (httpx.MockTransport
under the real ChatGroq client): which stage answered is in the timings and the audit, and a
model statement still passes the same validator."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import httpx
import pytest

from app.settings import Settings
from app.wiring import open_assistant
from schemas.request import ChatRequest
from tests.tools.text2zcql.test_text2zcql_groq import Recorder, generator, tool_reply
from tools.roster import officer_by_badge
from tools.text2zcql.cascade import CascadeZcqlGenerator

pytestmark = pytest.mark.asyncio(loop_scope="session")
OFFICER = "KA-2002"
INSIDE = (
    "SELECT COUNT(ROWID) FROM firs WHERE precinct_id = 'BLR-E-WFD' AND crime_group = 'THEFT' "
    "AND place_of_occurrence LIKE '*Hope Farm*'"
)
OUTSIDE = "SELECT COUNT(ROWID) FROM firs WHERE precinct_id = 'MYS-C-JLP'"


def reply(statement: str) -> httpx.Response:
    args = json.dumps({"statement": statement, "intent": "count", "explanation": "Thefts."})
    return httpx.Response(200, json=tool_reply(args))


@pytest.fixture(scope="module")
def recorder() -> Recorder:
    return Recorder(reply(INSIDE))


@pytest.fixture(scope="module")
async def modelled(demo_settings: Settings, recorder: Recorder) -> AsyncIterator:
    cascade = CascadeZcqlGenerator(generator(recorder))
    async with open_assistant(demo_settings, zcql_generator=cascade) as built:
        yield built


async def ask(assistant, message: str):
    return await assistant.ask(officer_by_badge(OFFICER), ChatRequest(message=message), None)


def cascade_notes(assistant, response) -> list[dict]:
    return [
        e.data
        for e in assistant.sink.events()
        if e.request_id == response.request_id and e.kind == "zcql_cascade"
    ]


async def test_grounded_question_is_answered_by_the_parser_even_with_a_model(modelled, recorder):
    before = len(recorder.requests)
    response = await ask(modelled, "how many thefts in Whitefield in 2025")
    assert len(recorder.requests) == before
    assert "text2zcql.parser" in response.timings_ms
    assert "text2zcql.groq" not in response.timings_ms
    (note,) = cascade_notes(modelled, response)
    assert note["answered_by"] == "offline" and note["outcome"] == "statement"


async def test_ungrounded_question_is_answered_by_the_model_and_validated(modelled, recorder):
    recorder.responses = [reply(INSIDE)]
    response = await ask(modelled, "how many thefts near hope farm junction in Whitefield")
    assert response.route == "zcql"
    assert {"text2zcql.parser", "text2zcql.groq"} <= set(response.timings_ms)
    (note,) = cascade_notes(modelled, response)
    assert note["answered_by"] == "groq"
    assert (response.citations[0].snippet or "").startswith("SELECT COUNT(ROWID) FROM firs")
    sent = json.loads(recorder.requests[-1].content)["messages"][-1]["content"]
    assert "BLR-E-WFD = Whitefield PS" in sent and "Under Investigation" in sent


async def test_a_model_statement_outside_the_precincts_is_rejected(modelled, recorder):
    recorder.responses = [reply(OUTSIDE)]
    response = await ask(modelled, "how many thefts near hope farm junction in Whitefield")
    assert response.records == []
    assert "MYS-C-JLP" not in response.answer
    events = [e for e in modelled.sink.events() if e.request_id == response.request_id]
    assert any(e.kind == "zcql_rejected" and e.data["generator"] == "groq" for e in events)
