"""The demo officer roster shipped with the project (`data/roster.yaml`)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from schemas.errors import NotAuthenticated
from schemas.officer import Officer

ROSTER_PATH = Path(__file__).resolve().parent.parent / "data" / "roster.yaml"
# libyaml's safe loader when PyYAML was built with it: the same documents, ~20x faster
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _all_precincts() -> frozenset[str]:
    from tools.domain.places import all_stations

    return frozenset(station.precinct_id for station in all_stations())


@lru_cache(maxsize=4)
def load_roster(path: Path = ROSTER_PATH) -> dict[str, Officer]:
    """Badge id -> Officer; `precincts: ALL` expands to every station of the state."""
    entries = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    roster: dict[str, Officer] = {}
    for entry in entries:
        precincts = entry["precincts"]
        expanded = _all_precincts() if precincts == "ALL" else frozenset(precincts)
        officer = Officer(
            badge_id=entry["badge_id"],
            name=entry["name"],
            rank=entry["rank"],
            clearance=entry["clearance"],
            precincts=expanded,
            roles=frozenset(entry.get("roles") or ()),
        )
        roster[officer.badge_id] = officer
    return roster


def officer_by_badge(badge_id: str, path: Path = ROSTER_PATH) -> Officer:
    """The roster officer with this badge, or NotAuthenticated."""
    try:
        return load_roster(path)[badge_id]
    except KeyError:
        raise NotAuthenticated(f"badge {badge_id!r} is not on the roster") from None
