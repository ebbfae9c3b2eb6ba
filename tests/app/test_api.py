"""The HTTP edge: identity from the token only, clear 4xx errors, audit records, fail-closed."""

from __future__ import annotations

import base64
import json
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.api.service import create_app
from app.auth import TokenService
from app.settings import Settings
from app.wiring import open_assistant
from schemas.errors import AuditUnavailable
from tools.audit.sqlite_sink import SqliteAuditSink


@pytest.fixture(scope="module")
def settings(demo_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    home = tmp_path_factory.mktemp("api-home")
    for name in ("records.db", "qdrant"):
        (home / name).symlink_to(demo_home / name)
    return Settings(home=home, max_body_bytes=200_000)


@pytest.fixture(scope="module")
def client(settings: Settings):
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def bearer(settings: Settings, badge: str = "KA-3003") -> dict[str, str]:
    return {"Authorization": f"Bearer {TokenService.from_settings(settings).mint(badge)}"}


def audit_kinds(settings: Settings) -> list[tuple[str, dict]]:
    return [(e.kind, e.data) for e in SqliteAuditSink(settings.audit_path).events()]


def test_health_ready_metrics_and_openapi(client: TestClient):
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/readyz").json()["status"] == "ready"
    client.get("/healthz")
    assert "crimeassist_requests_total" in client.get("/metrics").text
    spec = client.get("/openapi.json").json()
    assert "/v1/chat" in spec["paths"] and "/v1/chat/stream" in spec["paths"]


def test_an_answered_chat_is_counted_in_the_served_metrics(client: TestClient, settings: Settings):
    """The service records every turn (the command line's one-shot turns record none)."""
    reply = client.post("/v1/chat", headers=bearer(settings), json={"message": "thanks"})
    assert reply.status_code == 200
    metrics = client.get("/metrics").text
    answered = 'crimeassist_requests_total{outcome="answered",route="smalltalk"}'
    assert answered in metrics
    assert 'crimeassist_node_seconds_count{node="smalltalk"}' in metrics
    assert 'crimeassist_request_seconds_count{route="all"}' in metrics


def test_chat_answers_in_the_contract_shape(client: TestClient, settings: Settings):
    reply = client.post(
        "/v1/chat", headers=bearer(settings), json={"message": "what is a zero FIR"}
    )
    assert reply.status_code == 200
    body = reply.json()
    assert set(body) == {
        "request_id",
        "answer",
        "route",
        "confidence",
        "routes_executed",
        "citations",
        "records",
        "redactions",
        "partial",
        "warnings",
        "timings_ms",
        "audit_head",
    }
    assert body["route"] == "rag" and len(body["audit_head"]) == 64


@pytest.mark.parametrize(
    "headers", [{}, {"Authorization": "Bearer not-a-jwt"}, {"Authorization": "Basic abc"}]
)
def test_missing_or_forged_tokens_get_401_and_an_audit_record(client, settings, headers):
    reply = client.post("/v1/chat", headers=headers, json={"message": "hi"})
    assert reply.status_code == 401 and reply.json()["error"] == "not_authenticated"
    assert audit_kinds(settings)[-1][0] == "rejected"


def test_identity_cannot_come_from_the_body(client, settings):
    reply = client.post(
        "/v1/chat",
        headers=bearer(settings, "KA-1001"),
        json={"message": "hi", "clearance": 5, "badge_id": "KA-5005"},
    )
    assert reply.status_code == 422
    assert "clearance" in reply.json()["message"]


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (b"{not json", "invalid chat request"),
        (
            json.dumps(
                {
                    "message": "x",
                    "page_context": {"schema_version": "9", "captured_at": "2026-12-02T10:15:00Z"},
                }
            ).encode(),
            "schema_version",
        ),
        (
            json.dumps(
                {"message": "x", "attachments": [{"filename": "a.png", "data_base64": "@@@"}]}
            ).encode(),
            "base64",
        ),
        (
            json.dumps(
                {
                    "message": "x",
                    "attachments": [
                        {
                            "filename": "a.png",
                            "data_base64": base64.b64encode(b"GIF89a....").decode(),
                        }
                    ],
                }
            ).encode(),
            "a.png",
        ),
    ],
    ids=["malformed-json", "page-context-version", "bad-base64", "not-an-image"],
)
def test_bad_input_gets_a_clear_422_and_is_audited(client, settings, body, fragment):
    reply = client.post(
        "/v1/chat", headers={**bearer(settings), "Content-Type": "application/json"}, content=body
    )
    assert reply.status_code == 422
    assert fragment in reply.json()["message"]
    kind, data = audit_kinds(settings)[-1]
    assert kind == "rejected" and data["code"] == "bad_input"


def test_oversize_body_is_refused_before_it_is_read(client, settings):
    reply = client.post(
        "/v1/chat",
        headers={**bearer(settings), "Content-Type": "application/json"},
        content=b'{"message": "' + b"x" * 300_000 + b'"}',
    )
    assert reply.status_code == 413 and "larger than" in reply.json()["message"]
    assert reply.json()["error"] == "body_too_large"
    kind, data = audit_kinds(settings)[-1]
    assert kind == "rejected" and data["code"] == "body_too_large"


def test_multipart_upload_reaches_the_same_validation(client, settings):
    reply = client.post(
        "/v1/chat",
        headers=bearer(settings),
        data={"request": json.dumps({"message": "read this plate"})},
        files=[("attachments", ("plate.jpg", b"\x89PNG\r\n\x1a\nnot really", "image/jpeg"))],
    )
    assert reply.status_code == 422 and "plate.jpg" in reply.json()["message"]


class BrokenSink(SqliteAuditSink):
    """A sink whose storage has gone away."""

    def append(self, events):
        raise AuditUnavailable("disk full")

    def ping(self) -> None:
        raise AuditUnavailable("disk full")


def test_when_the_audit_sink_cannot_write_the_request_fails_closed(settings, tmp_path):
    @asynccontextmanager
    async def broken(s: Settings):
        async with open_assistant(s, sink=BrokenSink(tmp_path / "audit.db")) as assistant:
            yield assistant

    with TestClient(create_app(settings, assistant_factory=broken)) as broken_client:
        reply = broken_client.post(
            "/v1/chat",
            headers=bearer(settings),
            json={"message": "how many thefts in KR Puram this year"},
        )
        assert reply.status_code == 503 and reply.json()["error"] == "audit_unavailable"
        assert "answer" not in reply.json()
        assert broken_client.get("/readyz").status_code == 503
