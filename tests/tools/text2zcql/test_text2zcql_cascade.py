"""The cascade: the parser answers what it grounds; the model (recorded replies) gets the rest."""

from __future__ import annotations

import json
from datetime import date

import httpx

from tests.tools.text2zcql.test_text2zcql_groq import Recorder, generator, tool_reply
from tools.text2zcql.base import ZcqlRequest
from tools.text2zcql.cascade import MODEL_CONFIDENCE, CascadeZcqlGenerator
from tools.text2zcql.prompts import user_prompt

PRECINCTS = ("BLR-E-KRP", "BLR-E-WFD")
TODAY = date(2026, 12, 2)
MODEL_STATEMENT = (
    "SELECT COUNT(ROWID) FROM firs WHERE precinct_id = 'BLR-E-WFD' AND crime_group = 'THEFT' "
    "AND place_of_occurrence LIKE '*Hope Farm*'"
)


def reply(statement: str | None) -> httpx.Response:
    args = json.dumps({"statement": statement, "intent": "count", "explanation": "Thefts."})
    return httpx.Response(200, json=tool_reply(args))


async def test_grounded_question_is_answered_by_the_parser_without_calling_the_model() -> None:
    rec = Recorder(reply(MODEL_STATEMENT))
    cascade = CascadeZcqlGenerator(generator(rec))
    draft = await cascade.generate(ZcqlRequest("how many thefts in Whitefield", PRECINCTS, TODAY))
    assert draft.generator == "offline" and draft.statement is not None
    assert rec.requests == []


async def test_ungrounded_question_goes_to_the_model_with_hints_and_vocabulary() -> None:
    rec = Recorder(reply(MODEL_STATEMENT))
    cascade = CascadeZcqlGenerator(generator(rec))
    request = ZcqlRequest("how many thefts near hope farm junction in Whitefield", PRECINCTS, TODAY)
    draft = await cascade.generate(request)
    assert draft.generator == "groq" and draft.statement == MODEL_STATEMENT
    assert draft.confidence <= MODEL_CONFIDENCE
    sent = json.loads(rec.requests[0].content)["messages"][-1]["content"]
    assert "BLR-E-WFD = Whitefield PS (Bengaluru East)" in sent
    assert "THEFT: TWO-WHEELER THEFT" in sent and "Under Investigation" in sent
    assert "station Whitefield PS = precinct_id 'BLR-E-WFD'" in sent
    assert "not understood by the parser: hope, farm, junction" in sent


async def test_model_that_cannot_answer_leaves_the_parsers_reason() -> None:
    rec = Recorder(reply(None))
    cascade = CascadeZcqlGenerator(generator(rec))
    draft = await cascade.generate(ZcqlRequest("how many thefts in Koramangala", PRECINCTS, TODAY))
    assert draft.statement is None and draft.generator == "offline"
    assert "koramangala" in draft.explanation and len(rec.requests) == 1


async def test_clarifying_question_goes_back_to_the_officer_not_the_model() -> None:
    rec = Recorder(reply(MODEL_STATEMENT))
    cascade = CascadeZcqlGenerator(generator(rec))
    request = ZcqlRequest("how many of these are pending", PRECINCTS, TODAY)
    draft = await cascade.generate(request)
    assert draft.clarification is not None and rec.requests == []


async def test_without_a_model_the_cascade_is_the_parser() -> None:
    draft = await CascadeZcqlGenerator().generate(
        ZcqlRequest("how many thefts near hope farm junction", PRECINCTS, TODAY)
    )
    assert draft.statement is None and draft.generator == "offline"


def test_prompt_lists_visible_firs_and_hints() -> None:
    request = ZcqlRequest(
        "q", PRECINCTS, TODAY, visible_record_ids=("FIR-2026-00011",), hints=("status 'Closed'",)
    )
    prompt = user_prompt(request)
    assert "FIRs listed on screen: FIR-2026-00011" in prompt
    assert "Understood so far (use these values): status 'Closed'" in prompt


async def test_the_stages_that_ran_are_timed_in_order() -> None:
    rec = Recorder(reply(MODEL_STATEMENT))
    cascade = CascadeZcqlGenerator(generator(rec))
    grounded = await cascade.generate(
        ZcqlRequest("how many thefts in Whitefield", PRECINCTS, TODAY)
    )
    assert [name for name, _ in grounded.stages_ms] == ["parser"]
    request = ZcqlRequest("how many thefts near hope farm junction in Whitefield", PRECINCTS, TODAY)
    modelled = await cascade.generate(request)
    assert [name for name, _ in modelled.stages_ms] == ["parser", "groq"]
    assert all(ms >= 0 for _, ms in modelled.stages_ms)


async def test_hints_carry_person_and_vehicle_words_read_before_grounding() -> None:
    rec = Recorder(reply(MODEL_STATEMENT))
    cascade = CascadeZcqlGenerator(generator(rec))
    request = ZcqlRequest("Honda Activas stolen near hope farm in my station", PRECINCTS, TODAY)
    await cascade.generate(request)
    sent = json.loads(rec.requests[0].content)["messages"][-1]["content"]
    assert "vehicles.make 'Honda Activa'" in sent
    assert "'my station/area' = all the caller's precincts" in sent
