"""Conversation checkpoints revive the project's types through an explicit allow-list."""

from __future__ import annotations

import logging

import pytest

from app.assistant import Assistant
from app.wiring import checkpoint_serde
from graph.state import CHECKPOINTED_TYPES, Turn
from schemas.officer import Officer
from schemas.request import ChatRequest
from schemas.response import ChatResponse
from schemas.routing import RouteDecision
from tools.roster import officer_by_badge


def test_the_serializer_allows_the_project_types_and_no_others() -> None:
    allowed = checkpoint_serde()._allowed_msgpack_modules
    assert allowed is not True  # not LangGraph's permissive default
    assert {(t.__module__, t.__name__) for t in CHECKPOINTED_TYPES} <= set(allowed or ())
    assert ("tools.records.service", "RecordsService") not in set(allowed or ())


def test_an_unlisted_project_type_is_not_revived() -> None:
    serde = checkpoint_serde()
    decision = RouteDecision(route="zcql", confidence=0.9, stage="classifier", reason="r")
    assert isinstance(serde.loads_typed(serde.dumps_typed(decision)), RouteDecision)
    from validators.guardrail.recognisers import Finding  # a dataclass no checkpoint holds

    revived = serde.loads_typed(serde.dumps_typed(Finding(1, 2, "phone", "[phone withheld]")))
    assert not isinstance(revived, Finding)


async def test_a_conversation_checkpoint_revives_every_type_without_a_warning(
    assistant: Assistant, caplog: pytest.LogCaptureFixture
) -> None:
    officer = officer_by_badge("KA-3003")
    caplog.set_level(logging.WARNING)
    for message in ("how many vehicle thefts in KR Puram this year", "and last year?", "thanks"):
        await assistant.ask(officer, ChatRequest(message=message, conversation_id="serde-1"))
    config = {"configurable": {"thread_id": f"{officer.badge_id}:serde-1"}}
    state = (await assistant.graph.aget_state(config)).values
    assert isinstance(state["officer"], Officer)
    assert isinstance(state["response"], ChatResponse)
    assert [type(turn) for turn in state["history"]] == [Turn, Turn, Turn]
    assert state["history"][0].route == "zcql"
    serde_warnings = [r.getMessage() for r in caplog.records if r.name.endswith("jsonplus")]
    assert serde_warnings == []
