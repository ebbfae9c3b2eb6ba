"""Uploads cannot stall the service: streamed body limit, bounded multipart, worker pool."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from PIL import Image

from app.settings import Settings
from app.upload_pool import UploadPool
from tests.browser import harness
from tests.support import images

MAX_BODY = 3_000_000


@pytest.fixture(scope="module")
def upload_settings(seeded_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    scratch = tmp_path_factory.mktemp("uploads")
    return harness.settings_for(seeded_home, scratch, max_body_bytes=MAX_BODY)


@pytest.fixture(scope="module")
def upload_app(upload_settings: Settings, seeded_home: Path) -> FastAPI:
    return harness.build_app(upload_settings, seeded_home)


@pytest.fixture(scope="module")
def client(upload_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(upload_app) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def wall_png() -> bytes:
    """The red team's image: 8000x5000 greyscale PNG, about 38 KB (issue 13, finding 5)."""
    return images.encode(Image.new("L", (8000, 5000), 0), "PNG")


def headers(settings: Settings) -> dict[str, str]:
    return harness.bearer(settings, "KA-3003")


def rejections(settings: Settings) -> list[dict[str, Any]]:
    with sqlite3.connect(settings.audit_path) as db:
        rows = db.execute(
            "SELECT data FROM audit_events WHERE kind = 'rejected' ORDER BY seq"
        ).fetchall()
    return [json.loads(data) for (data,) in rows]


def assert_refused(reply: httpx.Response, settings: Settings, status: int, code: str) -> None:
    assert reply.status_code == status, reply.text
    body = reply.json()
    assert set(body) == {"error", "message"} and body["error"] == code
    audited = rejections(settings)[-1]
    assert audited["code"] == code and audited["where"] == "request body"


def chunked(data: bytes, size: int = 64 * 1024) -> Iterator[bytes]:
    for start in range(0, len(data), size):
        yield data[start : start + size]


def test_body_over_the_limit_without_content_length_is_refused_while_streaming(
    client: TestClient, upload_settings: Settings
) -> None:
    body = json.dumps({"message": "x", "pad": "y" * (MAX_BODY + 10)}).encode()
    reply = client.post(
        "/v1/chat",
        headers={**headers(upload_settings), "Content-Type": "application/json"},
        content=chunked(body),
    )
    assert_refused(reply, upload_settings, 413, "body_too_large")


def test_multipart_over_the_limit_without_content_length_is_refused(
    client: TestClient, upload_settings: Settings
) -> None:
    boundary = "crimeassist-test"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="attachments"; '
        'filename="big.png"\r\nContent-Type: image/png\r\n\r\n'
    ).encode()
    body = head + b"\0" * (MAX_BODY + 1) + f"\r\n--{boundary}--\r\n".encode()
    reply = client.post(
        "/v1/chat",
        headers={
            **headers(upload_settings),
            "Content-Type": f"multipart/form-data; boundary={boundary}",
        },
        content=chunked(body),
    )
    assert_refused(reply, upload_settings, 413, "body_too_large")


def test_declared_content_length_over_the_limit_is_refused_before_reading(
    client: TestClient, upload_settings: Settings
) -> None:
    reply = client.post(
        "/v1/chat/stream",
        headers={**headers(upload_settings), "Content-Type": "application/json"},
        content=b"{" + b" " * (MAX_BODY + 1) + b"}",
    )
    assert_refused(reply, upload_settings, 413, "body_too_large")


def form(message: str = "read this plate") -> dict[str, str]:
    return {"request": json.dumps({"message": message})}


def test_too_many_files_is_a_contract_error_and_audited(
    client: TestClient, upload_settings: Settings, wall_png: bytes
) -> None:
    files = [("attachments", (f"p{i}.png", b"\x89PNG", "image/png")) for i in range(5)]
    reply = client.post("/v1/chat", headers=headers(upload_settings), data=form(), files=files)
    assert_refused(reply, upload_settings, 422, "too_many_files")


def test_too_many_fields_is_a_contract_error_and_audited(
    client: TestClient, upload_settings: Settings
) -> None:
    fields = {**form(), **{f"extra{i}": "x" for i in range(20)}}
    files = [("attachments", ("p.png", b"\x89PNG", "image/png"))]
    reply = client.post("/v1/chat", headers=headers(upload_settings), data=fields, files=files)
    assert_refused(reply, upload_settings, 422, "too_many_fields")


def test_a_field_over_one_mebibyte_is_a_contract_error_and_audited(
    client: TestClient, upload_settings: Settings
) -> None:
    fields = {"request": json.dumps({"message": "x" * (1024 * 1024 + 10)})}
    files = [("attachments", ("p.png", b"\x89PNG", "image/png"))]
    reply = client.post("/v1/chat", headers=headers(upload_settings), data=fields, files=files)
    assert_refused(reply, upload_settings, 413, "part_too_large")


def test_malformed_multipart_is_a_contract_error_and_audited(
    client: TestClient, upload_settings: Settings
) -> None:
    reply = client.post(
        "/v1/chat",
        headers={**headers(upload_settings), "Content-Type": "multipart/form-data"},
        content=b"--nothing\r\n",
    )
    assert_refused(reply, upload_settings, 400, "invalid_multipart")


def test_four_38_kb_40_megapixel_pngs_are_refused_by_the_pixel_budget(
    client: TestClient, upload_settings: Settings, wall_png: bytes
) -> None:
    """Regression (issue 13, finding 5): refused from the headers, nothing decoded."""
    files = [("attachments", (f"wall{i}.png", wall_png, "image/png")) for i in range(4)]
    reply = client.post("/v1/chat", headers=headers(upload_settings), data=form(), files=files)
    assert reply.status_code == 422
    assert "160,000,000 pixels" in reply.json()["message"]
    audited = rejections(upload_settings)[-1]
    assert audited["where"] == "attachments" and audited["code"] == "bad_input"


def test_healthz_answers_while_an_upload_is_being_validated(
    upload_settings: Settings, seeded_home: Path, wall_png: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Validation holds a worker (gated); /healthz must still answer before it is released."""
    import validators.attachments as attachments

    entered = threading.Event()
    release = threading.Event()
    real = attachments.decode_probed

    def gated(probe: attachments.Probe) -> attachments.ValidatedImage:
        entered.set()
        release.wait(30)
        return real(probe)

    monkeypatch.setattr(attachments, "decode_probed", gated)
    app = harness.build_app(upload_settings, seeded_home)
    with harness.uvicorn_server(app) as base:
        outcome: dict[str, Any] = {}

        def upload() -> None:
            with httpx.Client(base_url=base, timeout=60) as http:
                outcome["reply"] = http.post(
                    "/v1/chat",
                    headers=headers(upload_settings),
                    data=form(),
                    files=[("attachments", ("wall.png", wall_png, "image/png"))],
                )

        worker = threading.Thread(target=upload)
        worker.start()
        try:
            assert entered.wait(30), "validation never started"
            health = httpx.get(f"{base}/healthz", timeout=10)
            still_validating = not release.is_set() and worker.is_alive()
        finally:
            release.set()
            worker.join(60)
    assert health.status_code == 200 and still_validating
    assert outcome["reply"].status_code == 200, outcome["reply"].text


async def test_the_upload_pool_runs_at_most_its_size_at_once() -> None:
    pool = UploadPool(workers=2)
    lock = threading.Lock()
    running = 0
    peak = 0

    def work() -> None:
        nonlocal running, peak
        with lock:
            running += 1
            peak = max(peak, running)
        time.sleep(0.05)
        with lock:
            running -= 1

    await asyncio.gather(*(pool.run(work) for _ in range(6)))
    assert peak == 2
