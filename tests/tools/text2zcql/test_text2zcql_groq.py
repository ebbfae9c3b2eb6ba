"""The LLM generator with the real ChatGroq client over recorded replies (httpx.MockTransport)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import httpx
import pytest
from langchain_groq import ChatGroq

from tools.text2zcql.base import ZcqlRequest
from tools.text2zcql.groq import GroqZcqlGenerator
from tools.text2zcql.prompts import EXAMPLES, system_prompt, user_prompt
from validators.zcql.validate import validate

REQUEST = ZcqlRequest(
    "who is the IO on this one",
    ("BLR-E-KRP", "BLR-E-WFD"),
    date(2026, 12, 2),
    active_fir_id="FIR-2026-04829",
    history=("status of FIR 4829/2026",),
)
IO_STATEMENT = (
    "SELECT fir_id, io_name, io_badge FROM firs WHERE precinct_id IN ('BLR-E-KRP', 'BLR-E-WFD') "
    "AND fir_id = 'FIR-2026-04829'"
)


def completion(message: dict[str, Any], finish: str = "stop") -> dict[str, Any]:
    return {
        "id": "x",
        "object": "chat.completion",
        "created": 1,
        "model": "llama-3.3-70b-versatile",
        "choices": [
            {"index": 0, "message": {"role": "assistant", **message}, "finish_reason": finish}
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def tool_reply(arguments: str) -> dict[str, Any]:
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "ZcqlOutput", "arguments": arguments},
    }
    return completion({"content": None, "tool_calls": [call]}, "tool_calls")


class Recorder:
    """MockTransport handler: records requests, replays canned responses."""

    def __init__(self, *responses: httpx.Response) -> None:
        self.responses = list(responses)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.responses.pop(0) if len(self.responses) > 1 else self.responses[0]


def generator(recorder: Recorder, **kwargs: Any) -> GroqZcqlGenerator:
    model = ChatGroq(  # type: ignore[call-arg]
        model="llama-3.3-70b-versatile",
        api_key="test",
        temperature=0,
        max_retries=0,
        http_async_client=httpx.AsyncClient(transport=httpx.MockTransport(recorder)),
    )
    return GroqZcqlGenerator(model, **kwargs)


async def test_structured_reply_becomes_a_groq_draft() -> None:
    args = json.dumps(
        {"statement": IO_STATEMENT, "intent": "lookup_io", "explanation": "IO of FIR-2026-04829."}
    )
    rec = Recorder(httpx.Response(200, json=tool_reply(args)))
    draft = await generator(rec).generate(REQUEST)
    assert draft.statement == IO_STATEMENT
    assert (draft.intent, draft.generator) == ("lookup_io", "groq")
    assert validate(draft.statement, REQUEST.precincts).accepted
    body = json.loads(rec.requests[0].content)
    assert rec.requests[0].url.path == "/openai/v1/chat/completions"
    assert body["tool_choice"]["function"]["name"] == "ZcqlOutput"
    user = body["messages"][-1]["content"]
    assert "FIR open on screen: FIR-2026-04829" in user
    assert "BLR-E-KRP, BLR-E-WFD" in user and "status of FIR 4829/2026" in user


async def test_json_mode_reply_with_code_fence_is_tidied() -> None:
    content = json.dumps(
        {"statement": f"```sql\n{IO_STATEMENT}\n```", "intent": "lookup_io", "explanation": "IO."}
    )
    rec = Recorder(httpx.Response(200, json=completion({"content": content})))
    draft = await generator(rec, method="json_mode").generate(REQUEST)
    assert draft.statement == IO_STATEMENT


@pytest.mark.parametrize(
    "reply",
    [
        tool_reply('{"statement": "SELECT fir_id FROM firs WHERE'),
        tool_reply('{"intent": "count"}'),
        completion({"content": "Sure! Here is your query: SELECT * FROM firs"}),
    ],
)
async def test_malformed_reply_gives_no_statement(reply: dict[str, Any]) -> None:
    draft = await generator(Recorder(httpx.Response(200, json=reply))).generate(REQUEST)
    assert draft.statement is None and draft.generator == "groq"
    assert draft.unparsed_reason and "could not be read" in draft.unparsed_reason


async def test_unknown_intent_is_kept_as_other() -> None:
    args = json.dumps({"statement": IO_STATEMENT, "intent": "io", "explanation": "IO."})
    draft = await generator(Recorder(httpx.Response(200, json=tool_reply(args)))).generate(REQUEST)
    assert (draft.statement, draft.intent) == (IO_STATEMENT, "other")


async def test_model_declining_gives_its_reason() -> None:
    args = json.dumps(
        {"statement": None, "intent": "unparsed", "explanation": "Weather is not in the records."}
    )
    draft = await generator(Recorder(httpx.Response(200, json=tool_reply(args)))).generate(REQUEST)
    assert draft.statement is None and draft.unparsed_reason == "Weather is not in the records."


async def test_unreachable_model_gives_no_statement() -> None:
    rec = Recorder(httpx.Response(503, json={"error": {"message": "over capacity"}}))
    draft = await generator(rec).generate(REQUEST)
    assert draft.statement is None and "unavailable" in (draft.unparsed_reason or "")


def test_prompt_states_zcql_rules_and_examples() -> None:
    prompt = system_prompt()
    for phrase in ("COUNT(ROWID)", "LIKE uses * (any run)", "At most 5 WHERE", "LIMIT at most 300"):
        assert phrase in prompt
    assert "Today: 2026-12-02" in user_prompt(REQUEST)


@pytest.mark.parametrize(("question", "precincts", "intent", "statement"), EXAMPLES)
def test_every_few_shot_example_passes_the_validator(
    question: str, precincts: tuple[str, ...], intent: str, statement: str
) -> None:
    verdict = validate(statement, precincts)
    assert verdict.accepted, verdict.reasons
