"""The request state that flows through the graph."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Annotated, Any, TypedDict, get_type_hints

from pydantic import BaseModel, Field

from schemas.officer import Officer
from schemas.page_context import PageContext
from schemas.response import ChatResponse
from schemas.result import PipelineResult
from schemas.routing import RouteDecision


class SlashCommand(BaseModel):
    """A parsed slash command: `/fir FIR-2026-04829` -> name 'fir', argument 'FIR-2026-04829'."""

    name: str
    argument: str = ""


class Turn(BaseModel):
    """One remembered exchange (answers are stored after the guardrail ran)."""

    question: str
    answer: str
    route: str
    fir_ids: list[str] = Field(default_factory=list)
    person_names: list[str] = Field(default_factory=list, exclude=True)


class AttachmentRef(BaseModel):
    """What the state keeps about an image: its index into the request's images and its hash."""

    index: int
    filename: str
    media_type: str
    sha256: str
    width: int
    height: int


def merge_results(
    current: list[PipelineResult] | None, update: list[PipelineResult] | None
) -> list[PipelineResult]:
    """Concatenate parallel branches' results; a None update resets the list for a new turn."""
    if update is None:
        return []
    return [*(current or []), *update]


def concat_or_reset(current: list[Any] | None, update: list[Any] | None) -> list[Any]:
    """Concatenate updates (audit notes, loop entries); None resets them for a new turn."""
    if update is None:
        return []
    return [*(current or []), *update]


def remember(current: list[Turn] | None, update: list[Turn] | None) -> list[Turn]:
    """Append turns to the conversation memory, keeping the most recent 20."""
    return [*(current or []), *(update or [])][-20:]


class GraphState(TypedDict, total=False):
    """Every key a node may read or write."""

    request_id: str
    officer: Officer
    message: str
    text: str
    command: SlashCommand | None
    page_context: PageContext | None
    attachments: list[AttachmentRef]
    history: Annotated[list[Turn], remember]
    decision: RouteDecision
    # records branch
    zcql_statement: str | None
    zcql_intent: str
    zcql_explanation: str
    zcql_unparsed: str | None
    zcql_generator: str
    zcql_clarification: str | None
    zcql_confidence: float | None
    zcql_filters: list[str]
    zcql_buckets: list[str]
    zcql_accepted: bool
    zcql_accepted_statement: Any
    zcql_reasons: list[str]
    zcql_plan: Any
    zcql_cleared: Any
    # knowledge branch
    passages: list[Any]
    # vision branch
    vision_findings: Any
    # fallback engine
    agent_messages: Annotated[list[Any], concat_or_reset]
    agent_cycles: int
    # merged
    results: Annotated[list[PipelineResult], merge_results]
    notes: Annotated[list[dict[str, Any]], concat_or_reset]
    response: ChatResponse


CHECKPOINTED_TYPES: tuple[type[BaseModel], ...] = (
    Officer,
    SlashCommand,
    PageContext,
    AttachmentRef,
    Turn,
    RouteDecision,
    PipelineResult,
    ChatResponse,
)
"""The project types a conversation checkpoint holds: the checkpointer's serializer revives
these and no other project class (its msgpack allow-list)."""


def turn_reset() -> dict[str, Any]:
    """The per-turn keys at their empty values: set when a turn starts, and cleared again by the
    aggregator so nothing transient (rows, passages, findings) reaches the checkpoint. Reducer
    keys reset with None; `history` persists by thread."""
    return {
        "decision": None,
        "command": None,
        "zcql_statement": None,
        "zcql_intent": "",
        "zcql_explanation": "",
        "zcql_unparsed": None,
        "zcql_generator": "",
        "zcql_clarification": None,
        "zcql_confidence": None,
        "zcql_filters": [],
        "zcql_buckets": [],
        "zcql_accepted": False,
        "zcql_accepted_statement": None,
        "zcql_reasons": [],
        "zcql_plan": None,
        "zcql_cleared": None,
        "passages": [],
        "vision_findings": None,
        "agent_messages": None,
        "agent_cycles": 0,
        "results": None,
        "notes": None,
    }


@cache
def reducers() -> dict[str, Callable[[Any, Any], Any]]:
    """The reducer of every `GraphState` key that declares one (`Annotated[..., reducer]`)."""
    hints = get_type_hints(GraphState, include_extras=True)
    return {
        key: hint.__metadata__[-1] for key, hint in hints.items() if hasattr(hint, "__metadata__")
    }


def merge_update(state: dict[str, Any], update: Mapping[str, Any]) -> dict[str, Any]:
    """`state` after one node's update, as LangGraph's channels apply it: reducers merge,
    other keys are replaced. Returns a new dict."""
    merged = dict(state)
    merge = reducers()
    for key, value in update.items():
        merged[key] = merge[key](merged.get(key), value) if key in merge else value
    return merged
