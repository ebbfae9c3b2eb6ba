"""The Zia client against the documented wire shapes (respx; no network), and the Zia engine."""

from __future__ import annotations

import random

import httpx
import pytest
import respx

from schemas.errors import BackendUnavailable
from tests.support import images
from tests.tools.vision.conftest import as_validated
from tools.vision.preparser import VisionPreparser, ZiaVisionPreparser
from tools.vision.zia import ZiaVisionClient

API = "https://api.catalyst.zoho.in"
BASE = f"{API}/baas/v1/project/123/ml"


async def _token() -> str:
    return "tok-1"


@pytest.fixture
def client() -> ZiaVisionClient:
    return ZiaVisionClient(API, "123", _token, org_id="org-9", backoff_s=0.0, max_attempts=3)


@respx.mock
async def test_ocr_posts_multipart_with_oauth_header_and_reads_data(
    client: ZiaVisionClient,
) -> None:
    route = respx.post(f"{BASE}/ocr").respond(
        json={"status": "success", "data": {"text": "KA 05 MN 4321", "confidence": 93}}
    )
    result = await client.ocr(b"\xff\xd8jpeg", language="eng")
    request = route.calls.last.request
    assert request.headers["Authorization"] == "Zoho-oauthtoken tok-1"
    assert request.headers["CATALYST-ORG"] == "org-9"
    assert request.headers["content-type"].startswith("multipart/form-data")
    body = request.read()
    assert b'name="image"; filename="image.jpg"' in body and b"\xff\xd8jpeg" in body
    assert b'name="model_type"\r\n\r\nOCR' in body and b'name="language"\r\n\r\neng' in body
    assert (result.text, result.confidence) == ("KA 05 MN 4321", 0.93)


@respx.mock
async def test_aadhaar_scan_sends_the_front_field_and_masks_the_number(
    client: ZiaVisionClient,
) -> None:
    route = respx.post(f"{BASE}/ocr").respond(
        json={"data": {"aadhaar": {"value": "2345 6789 0123", "confidence": 0.9}}}
    )
    result = await client.ocr(b"img", model_type="AADHAAR")
    body = route.calls.last.request.read()
    assert b'name="aadhaar_front"' in body and b"AADHAAR" in body
    assert result.fields == {"aadhaar": {"value": "XXXX XXXX 0123", "confidence": 0.9}}
    assert "6789" not in repr(result.fields)


@respx.mock
async def test_barcode_returns_content_and_sends_format(client: ZiaVisionClient) -> None:
    route = respx.post(f"{BASE}/barcode").respond(json={"data": {"content": "EVID-7"}})
    assert await client.barcode(b"img", barcode_format="code39") == "EVID-7"
    assert b'name="format"\r\n\r\ncode39' in route.calls.last.request.read()


@respx.mock
async def test_moderation_verdict_is_parsed(client: ZiaVisionClient) -> None:
    route = respx.post(f"{BASE}/imagemoderation").respond(
        json={
            "data": {
                "probability": {"nudity": "0.01", "gore": 0.2},
                "confidence": 0.97,
                "prediction": "safe_to_use",
            }
        }
    )
    verdict = await client.moderate(b"img", mode="basic")
    assert verdict.safe and verdict.probability == {"nudity": 0.01, "gore": 0.2}
    assert b'name="mode"\r\n\r\nbasic' in route.calls.last.request.read()


@respx.mock
async def test_detected_objects_are_parsed(client: ZiaVisionClient) -> None:
    respx.post(f"{BASE}/detect-object").respond(
        json={
            "data": {
                "objects": [
                    {"co_ordinates": ["1", "2", "30", "40"], "object_type": "car", "confidence": 88}
                ]
            }
        }
    )
    [obj] = await client.detect_objects(b"img")
    assert (obj.object_type, obj.confidence, obj.box) == ("car", 0.88, (1.0, 2.0, 30.0, 40.0))


@respx.mock
async def test_server_errors_and_rate_limits_are_retried(client: ZiaVisionClient) -> None:
    route = respx.post(f"{BASE}/barcode").mock(
        side_effect=[
            httpx.Response(503),
            httpx.Response(429),
            httpx.Response(200, json={"data": {"content": "ok"}}),
        ]
    )
    assert await client.barcode(b"img") == "ok"
    assert route.call_count == 3


@respx.mock
async def test_retries_are_bounded_then_backend_unavailable(client: ZiaVisionClient) -> None:
    route = respx.post(f"{BASE}/ocr").respond(500)
    with pytest.raises(BackendUnavailable, match="HTTP 500 after 3 attempts"):
        await client.ocr(b"img")
    assert route.call_count == 3


@respx.mock
async def test_client_errors_are_not_retried(client: ZiaVisionClient) -> None:
    route = respx.post(f"{BASE}/ocr").respond(401, json={"message": "invalid token"})
    with pytest.raises(BackendUnavailable, match="refused the request \\(HTTP 401\\)"):
        await client.ocr(b"img")
    assert route.call_count == 1


@respx.mock
async def test_connection_errors_are_retried(client: ZiaVisionClient) -> None:
    route = respx.post(f"{BASE}/ocr").mock(side_effect=httpx.ConnectError("refused"))
    with pytest.raises(BackendUnavailable, match="could not be reached"):
        await client.ocr(b"img")
    assert route.call_count == 3


@respx.mock
async def test_read_timeouts_are_not_retried(client: ZiaVisionClient) -> None:
    route = respx.post(f"{BASE}/ocr").mock(side_effect=httpx.ReadTimeout("slow"))
    with pytest.raises(BackendUnavailable, match="timed out"):
        await client.ocr(b"img")
    assert route.call_count == 1


@respx.mock
async def test_answer_without_data_is_an_unavailable_backend(client: ZiaVisionClient) -> None:
    respx.post(f"{BASE}/ocr").respond(json={"status": "failure"})
    with pytest.raises(BackendUnavailable, match="no data"):
        await client.ocr(b"img")


@respx.mock
async def test_zia_engine_reads_a_plate_from_zia_ocr(client: ZiaVisionClient) -> None:
    respx.post(f"{BASE}/barcode").respond(json={"data": {"content": ""}})
    respx.post(f"{BASE}/ocr").respond(
        json={"data": {"text": "IND\nKA 05 MN 432I\n", "confidence": 0.95}}
    )
    image = as_validated(images.render_plate("KA05MN4321", images.PlateStyle()))
    findings = await ZiaVisionPreparser(client).aparse(image)
    assert findings.engine == "zia"
    [plate] = findings.extractions
    assert plate.value == "KA05MN4321" and plate.fields["ocr_repairs"] == "1"


@respx.mock
async def test_zia_engine_masks_aadhaar_from_zia_ocr(client: ZiaVisionClient) -> None:
    number = images.aadhaar_number(random.Random(2))
    respx.post(f"{BASE}/barcode").respond(json={"data": {}})
    respx.post(f"{BASE}/ocr").respond(
        json={"data": {"text": f"Meena\nDOB: 02/01/1985\n{number}", "confidence": 0.9}}
    )
    image = as_validated(images.aadhaar_card(number))
    findings = await ZiaVisionPreparser(client).aparse(image, "read the aadhaar card")
    assert number not in findings.model_dump_json()
    assert findings.of_kind("aadhaar")[0].value == f"XXXX XXXX {number[-4:]}"


@respx.mock
async def test_zia_engine_uses_the_barcode_fast_path(client: ZiaVisionClient) -> None:
    respx.post(f"{BASE}/barcode").respond(json={"data": {"content": "FIR-2026-04829"}})
    ocr = respx.post(f"{BASE}/ocr").respond(json={"data": {"text": ""}})
    image = as_validated(images.on_canvas(images.qr_image("FIR-2026-04829")))
    findings = await ZiaVisionPreparser(client).aparse(image)
    assert [e.value for e in findings.extractions] == ["FIR-2026-04829"]
    assert ocr.call_count == 0


@respx.mock
async def test_zia_outage_without_fallback_escalates_with_a_warning(
    client: ZiaVisionClient,
) -> None:
    respx.post(f"{BASE}/barcode").respond(503)
    image = as_validated(images.on_canvas(images.qr_image("x")))
    findings = await ZiaVisionPreparser(client).aparse(image)
    assert findings.needs_reasoning and findings.extractions == []
    assert "Zia vision was unavailable" in findings.warnings[0]


@respx.mock
async def test_zia_outage_with_local_fallback_answers_locally(
    client: ZiaVisionClient, preparser: VisionPreparser
) -> None:
    respx.post(f"{BASE}/barcode").respond(503)
    image = as_validated(images.on_canvas(images.qr_image("EVID-9")))
    findings = await ZiaVisionPreparser(client, fallback=preparser).aparse(image)
    assert findings.engine == "local" and findings.extractions[0].value == "EVID-9"
    assert "local OCR was used" in findings.warnings[-1]
