"""A page context that is stale or from the future is dropped with a visible, audited warning
(issue 14.5); the conversation id on the chat page is tested in tests/browser."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.settings import Settings
from tests.browser import harness


@pytest.fixture(scope="module")
def page_settings(seeded_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return harness.settings_for(seeded_home, tmp_path_factory.mktemp("page-context"))


@pytest.fixture(scope="module")
def client(page_settings: Settings, seeded_home: Path) -> Iterator[TestClient]:
    with TestClient(harness.build_app(page_settings, seeded_home)) as test_client:
        yield test_client


def ask_with_page(client: TestClient, settings: Settings, captured: datetime) -> dict:
    page = {
        "schema_version": "1",
        "captured_at": captured.isoformat(),
        "active_fir_id": "FIR-2026-00001",
        "current_module": "suspect_search",
    }
    reply = client.post(
        "/v1/chat",
        headers=harness.bearer(settings, "KA-3003"),
        json={"message": "what is the status of this FIR?", "page_context": page},
    )
    assert reply.status_code == 200, reply.text
    body: dict = reply.json()
    return body


@pytest.mark.parametrize(
    ("shift", "fragment"),
    [(timedelta(minutes=-5), "older than its time-to-live"), (timedelta(minutes=5), "future")],
    ids=["expired", "future"],
)
def test_a_discarded_page_context_is_a_visible_and_audited_warning(
    client: TestClient, page_settings: Settings, shift: timedelta, fragment: str
) -> None:
    body = ask_with_page(client, page_settings, datetime.now(UTC) + shift)
    warning = next(w for w in body["warnings"] if "screen context" in w)
    assert fragment in warning and "not used" in warning
    audited = harness.audit_rows(
        page_settings.audit_path, body["request_id"], "page_context_discarded"
    )
    assert len(audited) == 1 and fragment in audited[0]["data"]["reason"]


def test_a_fresh_page_context_with_an_unknown_module_is_used_without_warning(
    client: TestClient, page_settings: Settings
) -> None:
    body = ask_with_page(client, page_settings, datetime.now(UTC))
    assert not any("screen context" in w for w in body["warnings"])
    assert not harness.audit_rows(
        page_settings.audit_path, body["request_id"], "page_context_discarded"
    )
