"""Open-ended image reasoning with Qwen2.5-VL served on Catalyst QuickML.

Wire shape B of reference/catalyst.md section 5: JSON `{"model", "prompt", "images":
[base64], "system_prompt", "temperature", "max_tokens"}`, the answer in `response`. Images
are re-encoded to at most 500 KB before they are sent.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from typing import Any

import httpx
from PIL import Image

from schemas.errors import BackendUnavailable, BadInput
from tools.vision.http import TokenProvider, json_body, resolve_token, send_with_retries

DEFAULT_MODEL = "VL-Qwen2.5-7B"
MAX_IMAGE_BYTES = 500 * 1024
MAX_SIDE_PX = 1600
SERVICE = "QuickML vision model"
_QUALITIES = (85, 75, 65)
_SHRINK = 0.75
_MIN_SIDE_PX = 64


@dataclass(frozen=True)
class VlmAnswer:
    """The model's answer and the model that gave it."""

    text: str
    model: str


def vision_unavailable_answer() -> str:
    """The honest answer when no image-reasoning model is configured (sent with partial=true)."""
    return (
        "Open-ended image reasoning is not available on this deployment (no vision model is "
        "configured), so I can't describe or assess this photo. I can still read number "
        "plates, identity-card numbers, barcodes and QR codes from it."
    )


def fit_image(image_bytes: bytes, max_bytes: int = MAX_IMAGE_BYTES) -> bytes:
    """The image unchanged if small enough, else a downscaled JPEG of at most `max_bytes`."""
    if len(image_bytes) <= max_bytes:
        return image_bytes
    try:
        with Image.open(io.BytesIO(image_bytes)) as opened:
            image = opened.convert("RGB")
    except OSError:
        raise BadInput("The image could not be prepared for the vision model.") from None
    image.thumbnail((MAX_SIDE_PX, MAX_SIDE_PX))
    while True:
        for quality in _QUALITIES:
            buffer = io.BytesIO()
            image.save(buffer, format="JPEG", quality=quality)
            if buffer.tell() <= max_bytes:
                return buffer.getvalue()
        if min(image.size) * _SHRINK < _MIN_SIDE_PX:
            raise BadInput("The image could not be made small enough for the vision model.")
        image = image.resize((int(image.width * _SHRINK), int(image.height * _SHRINK)))


class QuickMLVisionClient:
    """Async client for a QuickML VLM endpoint, with timeouts and bounded retries."""

    def __init__(
        self,
        url: str,
        endpoint_key: str | None,
        token_provider: TokenProvider,
        org_id: str | None,
        *,
        model: str = DEFAULT_MODEL,
        temperature: float = 0.2,
        max_tokens: int = 512,
        timeout_s: float = 30.0,
        max_attempts: int = 3,
        backoff_s: float = 0.5,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        self._url = url
        self._endpoint_key = endpoint_key
        self._token_provider = token_provider
        self._org_id = org_id
        self._model = model
        self._temperature = temperature
        self._max_tokens = max_tokens
        self._attempts = max_attempts
        self._backoff_s = backoff_s
        self._client = client or httpx.AsyncClient(timeout=httpx.Timeout(timeout_s))

    async def aclose(self) -> None:
        """Close the underlying HTTP client."""
        await self._client.aclose()

    async def ask(
        self, image_bytes: bytes, prompt: str, system_prompt: str | None = None
    ) -> VlmAnswer:
        """One single-shot question about one image."""
        payload: dict[str, Any] = {
            "model": self._model,
            "prompt": prompt,
            "images": [base64.b64encode(fit_image(image_bytes)).decode("ascii")],
            "temperature": self._temperature,
            "max_tokens": self._max_tokens,
        }
        if system_prompt:
            payload["system_prompt"] = system_prompt
        token = await resolve_token(self._token_provider)
        headers = {"Authorization": f"Zoho-oauthtoken {token}"}
        if self._org_id:
            headers["CATALYST-ORG"] = self._org_id
        if self._endpoint_key:
            headers["X-QUICKML-ENDPOINT-KEY"] = self._endpoint_key

        async def send() -> httpx.Response:
            return await self._client.post(self._url, headers=headers, json=payload)

        response = await send_with_retries(
            send, service=SERVICE, attempts=self._attempts, backoff_s=self._backoff_s
        )
        body = json_body(response, SERVICE)
        nested = body.get("data")
        source = nested if isinstance(nested, dict) and "response" in nested else body
        text = source.get("response")
        if not isinstance(text, str) or not text.strip():
            raise BackendUnavailable(f"{SERVICE} sent no answer")
        return VlmAnswer(text=text.strip(), model=str(source.get("model") or self._model))
