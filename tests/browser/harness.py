"""The service under test for app and browser tests: demo data, apps, a loopback server.

The demo data and the heavy services (knowledge index, OCR models, router) are built once
per test process and lent to every app (Qdrant local mode allows one client per folder).
"""

from __future__ import annotations

import atexit
import json
import sqlite3
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI

from app.assistant import Assistant
from app.auth import TokenService
from app.settings import Settings

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
SEED_TODAY = date(2026, 12, 2)


class Shared:
    """A long-lived service lent to many apps: they use it but cannot close it."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> Any:
        if name == "close":
            raise AttributeError(name)
        return getattr(self._inner, name)


@cache
def seeded_home(base: Path) -> Path:
    """Records (2000 FIRs, seed 7) and the knowledge-base index under `base`, built once."""
    from tools.knowledge.index import KnowledgeIndex
    from tools.records.seed import build_records_db

    home = base / "seeded"
    home.mkdir(parents=True, exist_ok=True)
    build_records_db(home / "records.db", n_firs=2000, seed=7, today=SEED_TODAY)
    index = KnowledgeIndex.open(path=home / "qdrant", collection="sop_kb")
    try:
        index.ingest([REPO / "kb"])
    finally:
        index.close()
    return home


@cache
def shared_services(home: Path) -> dict[str, Any]:
    """The index, OCR models and router, opened once (closed when the process exits)."""
    from graph.cascade import RouterCascade
    from graph.routing.policy import Thresholds
    from tools.knowledge.index import KnowledgeIndex
    from tools.vision.preparser import VisionPreparser

    settings = Settings(home=home)
    index = KnowledgeIndex.open(path=settings.qdrant_path, collection=settings.kb_collection)
    atexit.register(index.close)
    router = RouterCascade.load(
        home, Thresholds(settings.router_accept_threshold, settings.router_llm_band_low), None
    )
    return {"knowledge": Shared(index), "vision": VisionPreparser.load(), "router": router}


def settings_for(home: Path, scratch: Path, **changes: Any) -> Settings:
    """Shared records with a scratch audit trail and memory (one per test)."""
    return Settings(home=scratch, records_db=home / "records.db", **changes)


def build_app(settings: Settings, home: Path, **overrides: Any) -> FastAPI:
    """The real service; `overrides` go to `open_assistant` after the shared services."""
    from app.api.service import create_app
    from app.wiring import open_assistant

    def factory(s: Settings) -> AbstractAsyncContextManager[Assistant]:
        return open_assistant(s, **{**shared_services(home), **overrides})

    return create_app(settings, assistant_factory=factory)


def bearer(settings: Settings, badge_id: str) -> dict[str, str]:
    """An Authorization header for a roster officer."""
    return {"Authorization": f"Bearer {TokenService.from_settings(settings).mint(badge_id)}"}


def audit_rows(path: Path, request_id: str, kind: str | None = None) -> list[dict[str, Any]]:
    """A request's audit events straight from the SQLite trail, in sequence order."""
    with sqlite3.connect(path) as db:
        rows = db.execute(
            'SELECT kind, step, frm, "to", data FROM audit_events WHERE request_id = ? '
            "ORDER BY seq",
            (request_id,),
        ).fetchall()
    events = [
        {"kind": k, "step": s, "frm": f, "to": t, "data": json.loads(d)} for k, s, f, t, d in rows
    ]
    return [e for e in events if kind is None or e["kind"] == kind]


@asynccontextmanager
async def running(app: FastAPI) -> AsyncIterator[FastAPI]:
    """The app with its lifespan entered (httpx's ASGITransport does not run it)."""
    async with app.router.lifespan_context(app):
        yield app


@contextmanager
def uvicorn_server(app: FastAPI) -> Iterator[str]:
    """The app served by uvicorn on a free loopback port, in a thread; yields its base URL."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            thread.join(0.02)
        port = server.servers[0].sockets[0].getsockname()[1]
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
