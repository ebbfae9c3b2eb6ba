"""Runs evaluation cases through the whole graph, offline, at a set's fixed clock.

`prepare_home` builds the records database the gold answers were computed on (the set
header says how) and the knowledge-base index; `open_eval_assistant` opens the assistant
on that home with the clock fixed; `ask_case` asks a case's history, then its question.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

KB_DIR = Path(__file__).resolve().parent.parent / "kb"


@dataclass(frozen=True)
class Outcome:
    """What the officer received for one case (an error is kept, not raised)."""

    answer: str = ""
    route: str = "error"
    confidence: float = 0.0
    records: list[dict[str, Any]] = field(default_factory=list)
    citations: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    error: str | None = None


def station_names() -> dict[str, str]:
    """Precinct code -> station name, for comparing answers that use either."""
    from tools.domain.places import all_stations

    return {s.precinct_id: s.station_name for s in all_stations()}


def prepare_home(home: Path, database: dict[str, Any], knowledge: bool = True) -> Path:
    """Build the set's records database (and the knowledge-base index) under `home`."""
    from tools.records.seed import build_records_db

    home.mkdir(parents=True, exist_ok=True)
    build_records_db(
        home / "records.db",
        n_firs=int(database["n_firs"]),
        seed=int(database["seed"]),
        today=date.fromisoformat(str(database["today"])),
    )
    if knowledge:
        from tools.knowledge.index import KnowledgeIndex

        index = KnowledgeIndex.open(path=home / "qdrant", collection="sop_kb")
        try:
            index.ingest([KB_DIR])
        finally:
            index.close()
    return home


def eval_settings(home: Path, with_model: bool) -> Any:
    """Embedded backends under `home`; no language model unless asked for."""
    from app.settings import Settings

    settings = Settings(
        home=home,
        records_backend="sqlite",
        records_db=home / "records.db",
        audit_backend="sqlite",
        checkpoint_backend="sqlite",
        kb_collection="sop_kb",
    )
    updates: dict[str, Any] = {"qdrant_url": None}
    if not with_model:
        updates["groq_api_key"] = None
    return settings.model_copy(update=updates)


@asynccontextmanager
async def open_eval_assistant(
    home: Path, clock: datetime, with_model: bool = False
) -> AsyncIterator[Any]:
    """The assistant on `home`, its clock fixed at `clock`."""
    from app.wiring import open_assistant

    async with open_assistant(eval_settings(home, with_model), clock=lambda: clock) as assistant:
        yield assistant


def _outcome(response: Any) -> Outcome:
    return Outcome(
        answer=response.answer,
        route=response.route,
        confidence=float(response.confidence),
        records=list(response.records),
        citations=[c.model_dump() for c in response.citations],
        warnings=list(response.warnings),
    )


async def ask_case(assistant: Any, case: dict[str, Any]) -> Outcome:
    """Ask the case's history (same conversation), then its question; errors become outcomes."""
    from schemas.request import ChatRequest
    from tools.roster import officer_by_badge

    conversation = f"eval-{case['id']}"
    try:
        officer = officer_by_badge(case["officer"])
        for earlier in case.get("history", []):
            await assistant.ask(officer, ChatRequest(message=earlier, conversation_id=conversation))
        request = ChatRequest.model_validate(
            {
                "message": case["question"],
                "page_context": case.get("page_context"),
                "conversation_id": conversation,
            }
        )
        return _outcome(await assistant.ask(officer, request))
    except Exception as error:  # a failed case is scored, never fatal to the run
        return Outcome(error=f"{type(error).__name__}: {error}"[:300])
