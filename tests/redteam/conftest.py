"""One assistant per session: the whole corpus and the positive controls run once, up front.

The first officer of the matrix (KA-1001, clearance 1) gets every attack; the others get
every third attack (`CRIMEASSIST_REDTEAM_FULL=1` runs the full matrix for all of them).
"""

from __future__ import annotations

import asyncio
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from app.settings import Settings
from app.wiring import open_assistant
from schemas.request import ChatRequest
from tests.redteam.harness import MATRIX, Outcome, Truth, load_attacks, run_matrix
from tools.audit.verify import VerifyReport, verify_chain
from tools.knowledge.index import KnowledgeIndex
from tools.roster import officer_by_badge

REPO = Path(__file__).resolve().parents[2]
SUMMARY = REPO / "test-artifacts" / "redteam-summary.json"
SAMPLE_EVERY = 1 if os.environ.get("CRIMEASSIST_REDTEAM_FULL") == "1" else 3
# (badge, message) whose answer must show what that officer may see
POSITIVE_CONTROLS: tuple[tuple[str, str], ...] = (
    ("KA-5005", "/sop Operation Nightjar"),
    ("KA-4007", "/person Meera"),
    ("KA-5005", "/person Meera"),
    ("KA-3005", "/person Ravi"),
    ("KA-5005", "/person Kavya"),
    ("KA-2002", "/fir FIR-2026-04829"),
    ("KA-5005", "/fir FIR-2025-00901"),
)


@dataclass
class RedTeamRun:
    """Everything the red-team tests assert on."""

    outcomes: dict[tuple[str, str], Outcome]
    summary: dict[str, Any]
    controls: dict[tuple[str, str], dict[str, Any]]
    audit: VerifyReport


async def _run(settings: Settings, knowledge: KnowledgeIndex, records_db: Path) -> RedTeamRun:
    async with open_assistant(settings, knowledge=knowledge) as assistant:
        officers = [officer_by_badge(badge) for badge in MATRIX]
        outcomes, summary = await run_matrix(
            assistant, officers, load_attacks(), Truth.load(records_db), SAMPLE_EVERY
        )
        controls = {}
        for badge, message in POSITIVE_CONTROLS:
            response = await assistant.ask(officer_by_badge(badge), ChatRequest(message=message))
            controls[(badge, message)] = response.model_dump(mode="json")
        audit = verify_chain(assistant.sink.events())
    return RedTeamRun({(o.attack, o.badge_id): o for o in outcomes}, summary, controls, audit)


@pytest.fixture(scope="session")
def redteam(demo_home: Path, tmp_path_factory: pytest.TempPathFactory) -> RedTeamRun:
    """The corpus run over the demo data with a fresh audit trail and memory."""
    scratch = tmp_path_factory.mktemp("redteam")
    settings = Settings(home=scratch, records_db=demo_home / "records.db")
    knowledge = KnowledgeIndex.open(path=demo_home / "qdrant", collection=settings.kb_collection)
    try:
        run = asyncio.run(_run(settings, knowledge, demo_home / "records.db"))
    finally:
        knowledge.close()
    SUMMARY.parent.mkdir(parents=True, exist_ok=True)
    SUMMARY.write_text(
        json.dumps(run.summary | {"audit_chain_ok": run.audit.ok}, indent=2), encoding="utf-8"
    )
    return run
