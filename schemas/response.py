"""The chat response: one shape for every pipeline (contract section 5)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from schemas.result import Citation
from schemas.routing import Route


class Redactions(BaseModel):
    """How many values each redaction tier removed."""

    pre_retrieval: int = 0
    post_generation: int = 0


class ChatResponse(BaseModel):
    """What the officer's UI receives."""

    request_id: str
    answer: str
    route: Route
    confidence: float
    routes_executed: list[str] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    records: list[dict[str, Any]] = Field(default_factory=list)
    redactions: Redactions = Field(default_factory=Redactions)
    partial: bool = False
    warnings: list[str] = Field(default_factory=list)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    audit_head: str = ""
