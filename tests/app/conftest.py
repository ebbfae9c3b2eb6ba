"""Service fixtures for the stream and UI tests (demo data built once per session)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from app.settings import Settings
from tests.browser import harness


@pytest.fixture(scope="session")
def seeded_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Records and the knowledge index, built once per session."""
    return harness.seeded_home(tmp_path_factory.getbasetemp())


@pytest.fixture
def service_settings(seeded_home: Path, tmp_path: Path) -> Settings:
    """Settings over the shared records, with this test's own audit trail and memory."""
    return harness.settings_for(seeded_home, tmp_path)


@pytest.fixture
def make_app(service_settings: Settings, seeded_home: Path) -> Callable[..., FastAPI]:
    """`make_app(settings=None, **overrides)`: the real service over the demo data."""

    def build(settings: Settings | None = None, **overrides: Any) -> FastAPI:
        return harness.build_app(settings or service_settings, seeded_home, **overrides)

    return build


@pytest.fixture
def auth(service_settings: Settings) -> Callable[[str], dict[str, str]]:
    """`auth("KA-3003")` -> headers with a valid demo token."""
    return lambda badge_id: harness.bearer(service_settings, badge_id)
