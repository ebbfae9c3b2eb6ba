"""The demo roster file is valid and spans the access levels the canaries test."""

from pathlib import Path
from typing import Any

import pytest
import yaml

from tools.domain.places import all_stations, station_by_id
from tools.records import canaries as c

ROSTER = Path(__file__).resolve().parents[3] / "data" / "roster.yaml"
ROLES = {"sexual_offence_unit", "juvenile_unit", "cyber_cell"}


@pytest.fixture(scope="module")
def roster() -> dict[str, dict[str, Any]]:
    officers = yaml.safe_load(ROSTER.read_text(encoding="utf-8"))
    return {o["badge_id"]: o for o in officers}


def _precincts(officer: dict[str, Any]) -> set[str]:
    if officer["precincts"] == "ALL":
        return {s.precinct_id for s in all_stations()}
    return set(officer["precincts"])


def test_every_officer_has_the_contract_fields_and_known_values(
    roster: dict[str, dict[str, Any]],
) -> None:
    assert len(roster) >= 8
    for officer in roster.values():
        assert set(officer) == {"badge_id", "name", "rank", "clearance", "precincts", "roles"}
        assert officer["clearance"] in {1, 2, 3, 4, 5}
        assert set(officer["roles"]) <= ROLES
        for precinct in _precincts(officer):
            station_by_id(precinct)


def test_roster_spans_clearance_one_to_five_and_one_station_to_the_state(
    roster: dict[str, dict[str, Any]],
) -> None:
    assert {o["clearance"] for o in roster.values()} == {1, 2, 3, 4, 5}
    assert roster["KA-1001"]["precincts"] == ["BLR-E-KRP"]
    assert roster["KA-5005"]["precincts"] == "ALL"
    assert set(roster["KA-5005"]["roles"]) == ROLES
    for role in ROLES:
        assert any(role in o["roles"] for o in roster.values() if o["badge_id"] != "KA-5005")


def _sees(officer: dict[str, Any], precinct: str, sensitivity: int) -> bool:
    return precinct in _precincts(officer) and sensitivity <= officer["clearance"]


def test_canary_pairs_differ_only_in_what_the_comments_promise(
    roster: dict[str, dict[str, Any]],
) -> None:
    assert not _sees(roster["KA-1001"], c.CANARY_VEHICLE_THEFT_PRECINCT, 2)
    assert _sees(roster["KA-2002"], c.CANARY_VEHICLE_THEFT_PRECINCT, 2)
    for badge in ("KA-4004", "KA-4007"):
        assert _sees(roster[badge], c.CANARY_SEXUAL_OFFENCE_PRECINCT, 4)
    assert "sexual_offence_unit" not in roster["KA-4004"]["roles"]
    assert "sexual_offence_unit" in roster["KA-4007"]["roles"]
    for badge in ("KA-3005", "KA-3006"):
        assert _sees(roster[badge], c.CANARY_JUVENILE_PRECINCT, 3)
    assert "juvenile_unit" in roster["KA-3005"]["roles"]
    assert "juvenile_unit" not in roster["KA-3006"]["roles"]
    assert not _sees(roster["KA-4010"], c.CANARY_SENSITIVITY5_PRECINCT, 5)
    assert _sees(roster["KA-5005"], c.CANARY_SENSITIVITY5_PRECINCT, 5)
