"""Shared router fixtures: one trained classifier per session, in a throwaway cache dir."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.routing.classifier import RouterClassifier

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def router_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("router-cache")


@pytest.fixture(scope="session")
def router(router_cache: Path) -> RouterClassifier:
    return RouterClassifier.load(router_cache)
