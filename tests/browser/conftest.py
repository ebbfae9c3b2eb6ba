"""Chromium (Debian's, never a downloaded one) against the page served by a real uvicorn."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import harness

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per session; the tests skip when it is not installed."""
    if not CHROMIUM.exists():
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import Error, sync_playwright

    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        except Error as error:
            pytest.skip(f"Chromium at {CHROMIUM} did not start: {error.message.splitlines()[0]}")
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The service over the demo data on a free loopback port, for the whole session."""
    home = harness.seeded_home(tmp_path_factory.getbasetemp())
    settings = harness.settings_for(home, tmp_path_factory.mktemp("browser-service"))
    with harness.uvicorn_server(harness.build_app(settings, home)) as url:
        yield url


@pytest.fixture
def page(browser: Any, base_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page on `/`, ready (officer signed in, commands loaded); screenshot afterwards."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    tab.goto(base_url + "/")
    tab.wait_for_selector("body[data-ready=true]")
    try:
        yield tab
    finally:
        harness.ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
        tab.screenshot(path=str(harness.ARTIFACTS / f"{name}.png"), full_page=True)
        context.close()
