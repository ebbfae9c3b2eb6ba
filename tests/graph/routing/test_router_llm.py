import json

import httpx
import pytest
from langchain_groq import ChatGroq

from graph.routing.llm_router import LLM_ROUTER_VERSION, llm_route
from schemas.routing import ROUTES


def completion(message: dict[str, object], finish: str = "stop") -> dict[str, object]:
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


def tool_reply(arguments: str) -> httpx.Response:
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "LlmRoute", "arguments": arguments},
    }
    return httpx.Response(
        200, json=completion({"content": None, "tool_calls": [call]}, "tool_calls")
    )


class Recorder:
    """MockTransport handler: records requests and replays one canned response."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.response


def groq(recorder: Recorder) -> ChatGroq:
    return ChatGroq(
        model="llama-3.3-70b-versatile",
        api_key="test",
        temperature=0,
        max_retries=0,
        http_async_client=httpx.AsyncClient(transport=httpx.MockTransport(recorder)),
    )


async def test_a_structured_reply_becomes_route_scores():
    recorder = Recorder(tool_reply('{"route": "hybrid", "confidence": 0.82, "reason": "both"}'))
    scores = await llm_route(groq(recorder), "FIR 12/2026: status and can I arrest?", "none")
    assert (scores.route, scores.confidence) == ("hybrid", 0.82)
    assert scores.version == LLM_ROUTER_VERSION
    assert set(scores.probabilities) == set(ROUTES)
    assert scores.probabilities["hybrid"] == 0.82


async def test_the_request_asks_for_the_llmroute_tool_with_the_message_and_history():
    recorder = Recorder(tool_reply('{"route": "rag", "confidence": 0.9, "reason": "sop"}'))
    await llm_route(groq(recorder), "steps for a missing child", "asked about POCSO before")
    body = json.loads(recorder.requests[0].content)
    assert recorder.requests[0].url.path == "/openai/v1/chat/completions"
    assert body["tools"][0]["function"]["name"] == "LlmRoute"
    assert body["tool_choice"]["function"]["name"] == "LlmRoute"
    assert body["messages"][0]["role"] == "system"
    assert "steps for a missing child" in body["messages"][1]["content"]
    assert "asked about POCSO before" in body["messages"][1]["content"]


@pytest.mark.parametrize(
    "response",
    [
        tool_reply('{"route": "rag", "confidence": 0.9, "reason": '),  # truncated JSON
        tool_reply('{"route": "web_search", "confidence": 0.9, "reason": "x"}'),  # unknown route
        tool_reply('{"route": "rag", "confidence": 1.7, "reason": "x"}'),  # out of range
        httpx.Response(200, json=completion({"content": "I think it is rag."})),  # no tool call
        httpx.Response(400, json={"error": {"message": "bad request"}}),
        httpx.Response(503, json={"error": {"message": "unavailable"}}),
    ],
    ids=["truncated", "unknown-route", "out-of-range", "no-tool-call", "http-400", "http-503"],
)
async def test_a_malformed_or_failed_reply_falls_back_safely(response: httpx.Response):
    recorder = Recorder(response)
    scores = await llm_route(groq(recorder), "what about the thing", "")
    assert (scores.route, scores.confidence) == ("fallback", 0.0)
    assert set(scores.probabilities.values()) == {0.0}
    assert len(recorder.requests) == 1
