"""The demo page, its static files, the command catalogue and the demo-only identity endpoints."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.api.service import create_app
from app.assistant import Assistant
from app.auth import TokenService
from app.settings import Settings
from graph.commands import COMMANDS
from graph.context import GraphContext
from tools.audit.sqlite_sink import SqliteAuditSink
from tools.roster import load_roster


def client_for(settings: Settings) -> TestClient:
    """The service with an assistant that has no graph (these routes never run one)."""

    @asynccontextmanager
    async def factory(s: Settings) -> AsyncIterator[Assistant]:
        sink = SqliteAuditSink(s.audit_path)
        try:
            yield Assistant(graph=None, context=GraphContext(), sink=sink)
        finally:
            sink.close()

    return TestClient(create_app(settings, assistant_factory=factory))


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(Settings(home=tmp_path, demo_mode=True)) as client:
        yield client


@pytest.fixture
def production(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(Settings(home=tmp_path, demo_mode=False, jwt_secret="p" * 48)) as client:
        yield client


def test_root_serves_the_chat_page_with_its_own_assets(demo: TestClient) -> None:
    page = demo.get("/")

    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script src="/static/app.js"' in page.text
    assert 'aria-live="polite"' in page.text
    for name, media_type in (("app.js", "text/javascript"), ("style.css", "text/css")):
        asset = demo.get(f"/static/{name}")
        assert asset.status_code == 200
        assert asset.headers["content-type"].startswith(media_type)


@pytest.mark.parametrize("name", ["index.html", "..%2Fservice.py", "missing.js", "%2Fetc%2Fpasswd"])
def test_only_the_listed_static_files_are_reachable(demo: TestClient, name: str) -> None:
    assert demo.get(f"/static/{name}").status_code == 404


def test_page_script_uses_the_contract_routes_and_checks_images(demo: TestClient) -> None:
    script = demo.get("/static/app.js").text

    for needle in ("/v1/chat/stream", "/v1/commands", "/v1/demo/token", "captured_at"):
        assert needle in script
    assert "10 * 1024 * 1024" in script and "0x89, 0x50, 0x4e, 0x47" in script


def test_commands_catalogue_lists_every_shortcut_with_usage_and_route(demo: TestClient) -> None:
    body = demo.get("/v1/commands").json()
    by_name = {c["name"]: c for c in body["commands"]}

    assert list(by_name) == list(COMMANDS)
    for name, command in COMMANDS.items():
        assert by_name[name]["usage"] == command.usage
        assert by_name[name]["route"] == command.route
        assert by_name[name]["description"] == command.description
    assert by_name["plate"]["needs_image"] is True
    assert by_name["help"]["needs_argument"] is False
    assert "argument_pattern" not in by_name["fir"]


def test_commands_catalogue_is_served_outside_demo_mode(production: TestClient) -> None:
    assert production.get("/v1/commands").status_code == 200


def test_demo_officers_span_the_roster_and_every_clearance(demo: TestClient) -> None:
    officers = demo.get("/v1/demo/officers").json()["officers"]

    assert [o["badge_id"] for o in officers] == list(load_roster())
    assert {o["clearance"] for o in officers} == {1, 2, 3, 4, 5}
    first = officers[0]
    assert first["precincts"] == sorted(load_roster()[first["badge_id"]].precincts)


def test_demo_token_verifies_as_the_chosen_officer(demo: TestClient, tmp_path: Path) -> None:
    response = demo.post("/v1/demo/token", json={"badge_id": "KA-3004"})

    assert response.status_code == 200
    body = response.json()
    officer = TokenService.from_settings(Settings(home=tmp_path)).verify(body["token"])
    assert officer.badge_id == "KA-3004"
    assert body["officer"]["roles"] == ["sexual_offence_unit"]
    assert body["token_type"] == "bearer"


def test_demo_token_for_an_unknown_badge_is_refused(demo: TestClient) -> None:
    response = demo.post("/v1/demo/token", json={"badge_id": "KA-9999"})

    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"


def test_demo_token_request_may_not_smuggle_claims(demo: TestClient) -> None:
    response = demo.post("/v1/demo/token", json={"badge_id": "KA-1001", "clearance": 5})

    assert response.status_code == 422


@pytest.mark.parametrize(
    ("method", "path"), [("get", "/v1/demo/officers"), ("post", "/v1/demo/token")]
)
def test_demo_endpoints_do_not_exist_outside_demo_mode(
    production: TestClient, method: str, path: str
) -> None:
    response = production.request(method, path, json={"badge_id": "KA-1001"})

    assert response.status_code == 404


def test_openapi_documents_the_stream_as_server_sent_events(demo: TestClient) -> None:
    paths = demo.get("/openapi.json").json()["paths"]

    stream = paths["/v1/chat/stream"]["post"]["responses"]["200"]["content"]
    assert "text/event-stream" in stream
    assert "/v1/commands" in paths
    assert "/" not in paths and "/static/{name}" not in paths
