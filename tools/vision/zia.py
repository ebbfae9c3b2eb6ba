"""Catalyst Zia vision services over REST: OCR (and the identity scanner), barcodes,
image moderation and object detection (reference/catalyst.md section 6).

`POST {api}/baas/v1/project/{pid}/ml/<path>`, multipart, `Authorization: Zoho-oauthtoken`;
the result is under `data`. Identity-scanner results are returned with Aadhaar-like numbers
masked; the plain OCR `text` is raw and is meant only for the recognisers, which mask it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import httpx

from schemas.errors import BackendUnavailable
from tools.vision.http import TokenProvider, json_body, resolve_token, send_with_retries
from tools.vision.redact import mask_in_data

OcrModel = Literal["OCR", "AADHAAR", "PAN"]
ModerationMode = Literal["basic", "moderate", "advanced"]
SERVICE = "Zia vision"


@dataclass(frozen=True)
class ZiaOcrResult:
    """OCR text with Zia's confidence (0-1); `fields` holds identity-scanner output, masked."""

    text: str = field(repr=False)
    confidence: float | None
    fields: dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass(frozen=True)
class ZiaModeration:
    """Zia's moderation verdict and per-category probabilities."""

    prediction: str
    confidence: float | None
    probability: dict[str, float]

    @property
    def safe(self) -> bool:
        """True when Zia judged the image safe to use."""
        return self.prediction == "safe_to_use"


@dataclass(frozen=True)
class ZiaObject:
    """One detected object: class, confidence (0-1) and box (x0, y0, x1, y1)."""

    object_type: str
    confidence: float | None
    box: tuple[float, ...]


def unit_confidence(value: Any) -> float | None:
    """A confidence as 0-1 whether Zia sent a fraction, a percentage or a string."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number / 100.0 if number > 1.0 else number


class ZiaVisionClient:
    """Async client for the Zia vision endpoints, with timeouts and bounded retries."""

    def __init__(
        self,
        api_domain: str,
        project_id: str,
        token_provider: TokenProvider,
        *,
        org_id: str | None = None,
        timeout_s: float = 10.0,
        max_attempts: int = 3,
        backoff_s: float = 0.5,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        self._base = f"{api_domain.rstrip('/')}/baas/v1/project/{project_id}/ml"
        self._token_provider = token_provider
        self._org_id = org_id
        self._attempts = max_attempts
        self._backoff_s = backoff_s
        self._client = client or httpx.AsyncClient(timeout=httpx.Timeout(timeout_s))

    async def aclose(self) -> None:
        """Close the underlying HTTP client."""
        await self._client.aclose()

    async def _post(
        self, path: str, files: dict[str, tuple[str, bytes, str]], data: dict[str, str]
    ) -> Any:
        token = await resolve_token(self._token_provider)
        headers = {"Authorization": f"Zoho-oauthtoken {token}"}
        if self._org_id:
            headers["CATALYST-ORG"] = self._org_id
        url = f"{self._base}/{path}"

        async def send() -> httpx.Response:
            return await self._client.post(url, headers=headers, files=files, data=data)

        response = await send_with_retries(
            send, service=SERVICE, attempts=self._attempts, backoff_s=self._backoff_s
        )
        body = json_body(response, SERVICE)
        if "data" not in body:
            raise BackendUnavailable(f"{SERVICE} answer has no data")
        return body["data"]

    async def ocr(
        self,
        image: bytes,
        *,
        model_type: OcrModel = "OCR",
        language: str | None = None,
        filename: str = "image.jpg",
    ) -> ZiaOcrResult:
        """Text in the image; `AADHAAR`/`PAN` use the identity scanner (IN data centre only)."""
        field_name = "aadhaar_front" if model_type == "AADHAAR" else "image"
        files = {field_name: (filename, image, _content_type(filename))}
        data: dict[str, str] = {"model_type": model_type}
        if language:
            data["language"] = language
        result = await self._post("ocr", files, data)
        if not isinstance(result, dict):
            raise BackendUnavailable(f"{SERVICE} OCR answer is not an object")
        if model_type == "OCR":
            return ZiaOcrResult(
                text=str(result.get("text", "")),
                confidence=unit_confidence(result.get("confidence")),
            )
        masked = mask_in_data(result)
        return ZiaOcrResult(
            text="", confidence=unit_confidence(masked.get("confidence")), fields=masked
        )

    async def barcode(
        self, image: bytes, *, barcode_format: str = "ALL", filename: str = "image.jpg"
    ) -> str | None:
        """The decoded content of a barcode or QR code, or None when Zia found none."""
        files = {"image": (filename, image, _content_type(filename))}
        result = await self._post("barcode", files, {"format": barcode_format})
        content = result.get("content") if isinstance(result, dict) else None
        return str(content) if content else None

    async def moderate(
        self, image: bytes, *, mode: ModerationMode = "advanced", filename: str = "image.jpg"
    ) -> ZiaModeration:
        """Zia's moderation verdict (nudity, racy, gore, drugs, weapons in `advanced`)."""
        files = {"image": (filename, image, _content_type(filename))}
        result = await self._post("imagemoderation", files, {"mode": mode})
        if not isinstance(result, dict):
            raise BackendUnavailable(f"{SERVICE} moderation answer is not an object")
        probability = {
            str(key): unit_confidence(value) or 0.0
            for key, value in (result.get("probability") or {}).items()
        }
        return ZiaModeration(
            prediction=str(result.get("prediction", "")),
            confidence=unit_confidence(result.get("confidence")),
            probability=probability,
        )

    async def detect_objects(self, image: bytes, *, filename: str = "image.jpg") -> list[ZiaObject]:
        """Objects Zia recognises (80 classes) with their boxes."""
        files = {"image": (filename, image, _content_type(filename))}
        result = await self._post("detect-object", files, {})
        objects = result.get("objects", []) if isinstance(result, dict) else []
        return [
            ZiaObject(
                object_type=str(item.get("object_type", "")),
                confidence=unit_confidence(item.get("confidence")),
                box=tuple(float(value) for value in item.get("co_ordinates", [])),
            )
            for item in objects
            if isinstance(item, dict)
        ]


def _content_type(filename: str) -> str:
    return "image/png" if filename.lower().endswith(".png") else "image/jpeg"
