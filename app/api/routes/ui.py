"""The demo chat page, its static files, the slash-command catalogue and demo-only identity."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from app.api.deps import AssistantDep, OfficerDep, SettingsDep, TokensDep
from app.settings import Settings
from graph.commands import catalogue
from graph.context import GraphContext
from schemas.errors import QueryRejected
from schemas.officer import Officer
from tools.domain.places import station_by_id
from tools.roster import load_roster

STATIC_DIR = Path(__file__).resolve().parents[2] / "static"
STATIC_FILES = {"app.js": "text/javascript", "style.css": "text/css"}
NO_CACHE = {"Cache-Control": "no-cache"}
RECENT_FIRS = 8

router = APIRouter(tags=["ui"])


class DemoTokenRequest(BaseModel):
    """Which roster officer the demo page acts as."""

    model_config = ConfigDict(extra="forbid")

    badge_id: str = Field(min_length=1, max_length=32)


def require_demo_mode(settings: SettingsDep) -> Settings:
    """Demo-only endpoints do not exist outside demo mode."""
    if not settings.demo_mode:
        raise HTTPException(status_code=404, detail="Not Found")
    return settings


DemoMode = Annotated[Settings, Depends(require_demo_mode)]


def officer_view(officer: Officer) -> dict[str, Any]:
    """What the officer picker shows."""
    return {
        "badge_id": officer.badge_id,
        "name": officer.name,
        "rank": officer.rank,
        "clearance": officer.clearance,
        "precincts": sorted(officer.precincts),
        "roles": sorted(officer.roles),
    }


@router.get("/", include_in_schema=False)
async def index() -> FileResponse:
    """The demo chat page."""
    return FileResponse(STATIC_DIR / "index.html", media_type="text/html", headers=NO_CACHE)


@router.get("/static/{name}", include_in_schema=False)
async def static_file(name: str) -> FileResponse:
    """One of the page's own files (a fixed list: nothing else on disk is reachable)."""
    media_type = STATIC_FILES.get(name)
    if media_type is None:
        raise HTTPException(status_code=404, detail="Not Found")
    return FileResponse(STATIC_DIR / name, media_type=media_type, headers=NO_CACHE)


@router.get("/v1/commands")
async def commands() -> dict[str, list[dict[str, Any]]]:
    """The slash-command catalogue: name, usage, description, route, argument and image needs."""
    return {"commands": catalogue()}


@router.get("/v1/demo/officers")
async def demo_officers(_: DemoMode) -> dict[str, list[dict[str, Any]]]:
    """The demo roster (demo mode only)."""
    return {"officers": [officer_view(officer) for officer in load_roster().values()]}


@router.post("/v1/demo/token")
async def demo_token(
    body: DemoTokenRequest, settings: DemoMode, tokens: TokensDep
) -> dict[str, Any]:
    """A bearer token for a roster officer, signed with the demo key (demo mode only)."""
    token = tokens.mint(body.badge_id)
    officer = load_roster()[body.badge_id]
    return {
        "token": token,
        "token_type": "bearer",
        "expires_in": settings.jwt_ttl_s,
        "officer": officer_view(officer),
    }


def recent_firs_statement(officer: Officer, limit: int = RECENT_FIRS) -> str:
    """The officer's latest FIRs, scoped to their precincts (the validator checks it)."""
    precincts = ", ".join(f"'{precinct}'" for precinct in sorted(officer.precincts))
    return (
        "SELECT fir_id, precinct_id, crime_head, registered_at FROM firs "
        f"WHERE firs.precinct_id IN ({precincts}) ORDER BY registered_at DESC LIMIT {limit}"
    )


async def cleared_recent_firs(officer: Officer, context: GraphContext) -> list[dict[str, Any]]:
    """The latest FIRs this officer is cleared for, through the records service (the same
    validator and clearance path every records answer takes)."""
    verdict, cleared = await context.records_service.run_statement(
        recent_firs_statement(officer), officer
    )
    if cleared is None:
        raise QueryRejected(list(verdict.reasons))
    return list(cleared.rows)


def station_name(precinct_id: str) -> str:
    """The station's name for a precinct code (the code itself if unknown)."""
    try:
        return station_by_id(precinct_id).station_name
    except KeyError:
        return precinct_id


@router.get("/v1/demo/recent-firs")
async def demo_recent_firs(
    _: DemoMode, officer: OfficerDep, assistant: AssistantDep
) -> dict[str, list[dict[str, Any]]]:
    """The simulated screen's FIR list: the acting officer's latest cleared FIRs only."""
    rows = await cleared_recent_firs(officer, assistant.context)
    return {
        "firs": [
            {
                "fir_id": row["fir_id"],
                "station": station_name(str(row["precinct_id"])),
                "crime_head": row["crime_head"],
                "registered_at": row["registered_at"],
            }
            for row in rows
        ]
    }
