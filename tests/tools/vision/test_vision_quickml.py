"""The QuickML Qwen2.5-VL client against wire shape B (respx; no network)."""

from __future__ import annotations

import base64
import io
import json

import httpx
import numpy as np
import pytest
import respx
from PIL import Image

from schemas.errors import BackendUnavailable
from tests.support import images
from tools.vision.quickml import (
    MAX_IMAGE_BYTES,
    QuickMLVisionClient,
    fit_image,
    vision_unavailable_answer,
)

URL = "https://api.catalyst.zoho.in/quickml/v1/project/123/vlm/chat"


def _client(endpoint_key: str | None = "ek-1") -> QuickMLVisionClient:
    return QuickMLVisionClient(URL, endpoint_key, lambda: "tok-2", "org-9", backoff_s=0.0)


def _sent(route: respx.Route) -> dict[str, object]:
    return json.loads(route.calls.last.request.content)


@respx.mock
async def test_ask_sends_shape_b_json_with_headers_and_reads_response() -> None:
    route = respx.post(URL).respond(
        json={"request_id": "r1", "model": "VL-Qwen2.5-7B", "response": " A red car. "}
    )
    answer = await _client().ask(b"\x89PNGsmall", "describe", system_prompt="be brief")
    request = route.calls.last.request
    assert request.headers["Authorization"] == "Zoho-oauthtoken tok-2"
    assert request.headers["X-QUICKML-ENDPOINT-KEY"] == "ek-1"
    assert request.headers["CATALYST-ORG"] == "org-9"
    body = _sent(route)
    assert body["model"] == "VL-Qwen2.5-7B" and body["prompt"] == "describe"
    assert body["system_prompt"] == "be brief"
    assert {"temperature", "max_tokens"} <= body.keys()
    assert body["images"] == [base64.b64encode(b"\x89PNGsmall").decode()]
    assert (answer.text, answer.model) == ("A red car.", "VL-Qwen2.5-7B")


@respx.mock
async def test_no_endpoint_key_header_or_system_prompt_when_not_given() -> None:
    route = respx.post(URL).respond(json={"response": "ok"})
    await _client(endpoint_key=None).ask(b"img", "what is this")
    assert "X-QUICKML-ENDPOINT-KEY" not in route.calls.last.request.headers
    assert "system_prompt" not in _sent(route)


@respx.mock
async def test_large_images_are_reencoded_under_500_kb_before_sending() -> None:
    noise = np.random.default_rng(3).integers(0, 256, (1400, 1400, 3), dtype=np.uint8)
    big = images.encode(Image.fromarray(noise), "PNG")
    assert len(big) > MAX_IMAGE_BYTES
    route = respx.post(URL).respond(json={"response": "ok"})
    await _client().ask(big, "describe")
    images_sent = _sent(route)["images"]
    assert isinstance(images_sent, list)
    sent = base64.b64decode(images_sent[0])
    assert len(sent) <= MAX_IMAGE_BYTES
    assert Image.open(io.BytesIO(sent)).format == "JPEG"


def test_small_images_are_sent_unchanged() -> None:
    assert fit_image(b"tiny") == b"tiny"


@respx.mock
async def test_rate_limit_is_retried_then_answered() -> None:
    route = respx.post(URL).mock(
        side_effect=[httpx.Response(429), httpx.Response(200, json={"response": "ok"})]
    )
    assert (await _client().ask(b"img", "q")).text == "ok"
    assert route.call_count == 2


@respx.mock
async def test_bad_request_is_not_retried() -> None:
    route = respx.post(URL).respond(400, json={"message": "text-only endpoint"})
    with pytest.raises(BackendUnavailable, match="HTTP 400"):
        await _client().ask(b"img", "q")
    assert route.call_count == 1


@respx.mock
async def test_answer_without_response_is_an_unavailable_backend() -> None:
    respx.post(URL).respond(json={"model": "VL-Qwen2.5-7B"})
    with pytest.raises(BackendUnavailable, match="no answer"):
        await _client().ask(b"img", "q")


@respx.mock
async def test_async_token_provider_is_awaited() -> None:
    async def token() -> str:
        return "fresh"

    route = respx.post(URL).respond(json={"response": "ok"})
    client = QuickMLVisionClient(URL, None, token, None, backoff_s=0.0)
    await client.ask(b"img", "q")
    assert route.calls.last.request.headers["Authorization"] == "Zoho-oauthtoken fresh"
    assert "CATALYST-ORG" not in route.calls.last.request.headers


def test_unavailable_answer_is_honest() -> None:
    text = vision_unavailable_answer()
    assert text.startswith("Open-ended image reasoning is not available on this deployment")
    assert "number plates" in text
