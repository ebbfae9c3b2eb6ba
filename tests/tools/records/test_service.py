"""The records service: one request builder, one date source, one row cap, audited paths."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.validators.clearance.clearance_casefile import (
    FIRS,
    HOME,
    PERSONS,
    ROSTER,
    VEHICLES,
    build_db,
)
from tools.records.service import RecordsService
from tools.records.sqlite_executor import SqliteExecutor
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from validators.clearance.policy import load_policy

# 20:00 UTC on 30 Nov is already 1 Dec in Bengaluru (UTC+05:30).
LATE_EVENING_UTC = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
COUNT = f"SELECT COUNT(fir_id) FROM firs WHERE precinct_id = '{HOME}'"


class ScriptedGenerator:
    """Returns a fixed draft and remembers the request it was given."""

    def __init__(self, draft: ZcqlDraft) -> None:
        self.draft = draft
        self.requests: list[ZcqlRequest] = []

    async def generate(self, request: ZcqlRequest) -> ZcqlDraft:
        self.requests.append(request)
        return self.draft


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_db(tmp_path_factory.mktemp("service") / "case.db", FIRS, PERSONS, VEHICLES)


@pytest.fixture()
def executor(db: Path) -> Iterator[SqliteExecutor]:
    built = SqliteExecutor(db)
    yield built
    built.close()


def service(executor: SqliteExecutor, statement: str | None, **settings: object) -> RecordsService:
    draft = ZcqlDraft(statement, "count", "FIRs", None if statement else "not about records")
    return RecordsService(
        generator=ScriptedGenerator(draft),
        executor=executor,
        policy=load_policy(),
        clock=lambda: LATE_EVENING_UTC,
        **settings,  # type: ignore[arg-type]
    )


def test_today_is_the_forces_local_date_not_utc(executor: SqliteExecutor) -> None:
    request = service(executor, COUNT).request("FIRs today", ROSTER["inspector"])
    assert request.today.isoformat() == "2026-12-01"


def test_history_is_cut_to_the_configured_window(executor: SqliteExecutor) -> None:
    built = service(executor, COUNT, history_turns=2)
    request = built.request("and today?", ROSTER["inspector"], history=["q1", "q2", "q3"])
    assert request.history == ("q2", "q3")
    assert request.precincts == (HOME,)


async def test_rejected_drafts_are_audited_with_every_reason(executor: SqliteExecutor) -> None:
    outcome = await service(executor, "DELETE FROM firs").ask("delete all", ROSTER["chief"])
    assert outcome.answer is None and outcome.rejected
    (note,) = outcome.notes
    assert note["kind"] == "zcql_rejected" and note["reasons"]


async def test_an_unparsed_question_is_audited_with_its_reason(executor: SqliteExecutor) -> None:
    outcome = await service(executor, None).ask("weather?", ROSTER["chief"])
    assert outcome.notes[0]["reasons"] == ["not about records"]
    assert "not about records" in outcome.message


async def test_answers_never_mention_withheld_rows(executor: SqliteExecutor) -> None:
    outcome = await service(executor, COUNT, audit_withheld_count=True).ask(
        "how many FIRs", ROSTER["constable"]
    )
    assert outcome.answer is not None
    assert outcome.answer.text == "FIRs: 1."
    assert "withheld" not in outcome.answer.text
    redaction = next(n for n in outcome.notes if n["kind"] == "redaction")
    assert redaction["withheld_rows"] == 4


async def test_withheld_rows_are_not_counted_unless_configured(executor: SqliteExecutor) -> None:
    outcome = await service(executor, COUNT).ask("how many FIRs", ROSTER["constable"])
    redaction = next(n for n in outcome.notes if n["kind"] == "redaction")
    assert redaction["withheld_rows"] is None


async def test_the_table_is_cut_to_the_row_cap(executor: SqliteExecutor) -> None:
    listing = f"SELECT fir_id FROM firs WHERE precinct_id = '{HOME}'"
    outcome = await service(executor, listing, row_cap=2).ask("list FIRs", ROSTER["chief"])
    assert outcome.answer is not None and len(outcome.answer.table) == 2


async def test_run_statement_returns_the_verdict_when_rejected(executor: SqliteExecutor) -> None:
    verdict, cleared = await service(executor, None).run_statement(
        "SELECT fir_id FROM firs", ROSTER["chief"]
    )
    assert cleared is None and verdict.reasons
