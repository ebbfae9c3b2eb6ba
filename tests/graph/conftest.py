"""An assistant over the demo data, built once per session for whole-graph tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.settings import Settings
from app.wiring import open_assistant
from schemas.request import ChatRequest
from schemas.response import ChatResponse
from tools.roster import officer_by_badge


@pytest.fixture(scope="session")
def demo_settings(demo_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """Settings over the shared demo data, with this session's own audit trail."""
    home = tmp_path_factory.mktemp("graph-home")
    for name in ("records.db", "qdrant"):
        (home / name).symlink_to(demo_home / name)
    return Settings(home=home)


@pytest.fixture(scope="session")
async def assistant(demo_settings: Settings) -> AsyncIterator:
    async with open_assistant(demo_settings) as built:
        yield built


@pytest.fixture
def ask(assistant):
    """ask(badge, message, **request fields) -> ChatResponse."""

    async def run(badge: str, message: str, images=None, **fields) -> ChatResponse:
        request = ChatRequest(message=message, **fields)
        return await assistant.ask(officer_by_badge(badge), request, images)

    return run
