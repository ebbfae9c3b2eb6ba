"""The demo page's FIR list comes from the acting officer's cleared records (issue 13.7)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.api.routes.ui import RECENT_FIRS
from app.settings import Settings
from tests.browser import harness
from tools.roster import officer_by_badge


@pytest.fixture(scope="module")
def demo_settings(seeded_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return harness.settings_for(seeded_home, tmp_path_factory.mktemp("demo-records"))


@pytest.fixture(scope="module")
def client(demo_settings: Settings, seeded_home: Path) -> Iterator[TestClient]:
    with TestClient(harness.build_app(demo_settings, seeded_home)) as test_client:
        yield test_client


def expected_firs(records: Path, badge_id: str) -> list[str]:
    """Ground truth straight from the database: in precincts, within clearance, newest first."""
    officer = officer_by_badge(badge_id)
    marks = ", ".join("?" for _ in officer.precincts)
    with sqlite3.connect(records) as db:
        rows = db.execute(
            f"SELECT fir_id FROM firs WHERE precinct_id IN ({marks}) AND sensitivity <= ? "
            "ORDER BY registered_at DESC, fir_id LIMIT ?",
            [*sorted(officer.precincts), officer.clearance, RECENT_FIRS],
        ).fetchall()
    return [fir_id for (fir_id,) in rows]


def listed(client: TestClient, settings: Settings, badge_id: str) -> list[dict[str, str]]:
    reply = client.get("/v1/demo/recent-firs", headers=harness.bearer(settings, badge_id))
    assert reply.status_code == 200, reply.text
    firs: list[dict[str, str]] = reply.json()["firs"]
    return firs


@pytest.mark.parametrize("badge_id", ["KA-1001", "KA-3003", "KA-3006", "KA-5005"])
def test_recent_firs_are_the_officers_newest_cleared_records(
    client: TestClient, demo_settings: Settings, badge_id: str
) -> None:
    firs = listed(client, demo_settings, badge_id)
    assert firs, "the demo data has FIRs in every officer's precincts"
    assert {f["fir_id"] for f in firs} == set(expected_firs(demo_settings.records_path, badge_id))
    assert all(f["station"] and f["crime_head"] for f in firs)


def test_nothing_outside_the_officers_precincts_or_clearance_is_listed(
    client: TestClient, demo_settings: Settings
) -> None:
    officer = officer_by_badge("KA-1001")
    ids = [f["fir_id"] for f in listed(client, demo_settings, "KA-1001")]
    with sqlite3.connect(demo_settings.records_path) as db:
        for fir_id in ids:
            precinct, sensitivity = db.execute(
                "SELECT precinct_id, sensitivity FROM firs WHERE fir_id = ?", (fir_id,)
            ).fetchone()
            assert precinct in officer.precincts and sensitivity <= officer.clearance


def test_different_officers_see_different_lists(
    client: TestClient, demo_settings: Settings
) -> None:
    bengaluru = {f["fir_id"] for f in listed(client, demo_settings, "KA-3003")}
    mysuru = {f["fir_id"] for f in listed(client, demo_settings, "KA-3006")}
    assert bengaluru and mysuru and not bengaluru & mysuru


def test_recent_firs_need_a_token(client: TestClient) -> None:
    reply = client.get("/v1/demo/recent-firs")
    assert reply.status_code == 401 and reply.json()["error"] == "not_authenticated"


def test_page_script_has_no_hard_coded_fir_list(client: TestClient) -> None:
    script = client.get("/static/app.js").text
    assert "/v1/demo/recent-firs" in script
    assert "FIR-20" not in script
