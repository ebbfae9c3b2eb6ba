"""Router outcomes and the logged decision."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Route = Literal[
    "rag", "zcql", "hybrid", "vision", "fallback", "smalltalk", "clarify", "out_of_scope"
]
ROUTES: tuple[Route, ...] = (
    "rag",
    "zcql",
    "hybrid",
    "vision",
    "fallback",
    "smalltalk",
    "clarify",
    "out_of_scope",
)
Stage = Literal["override", "classifier", "mixed", "llm", "fallback"]


class RouteDecision(BaseModel):
    """Which pipeline answers, how sure the router is, and which cascade stage decided."""

    route: Route
    confidence: float = Field(ge=0.0, le=1.0)
    stage: Stage
    reason: str = ""
    scores: dict[str, dict[str, float]] = Field(default_factory=dict)
    router_version: str = ""
    inputs: dict[str, Any] = Field(default_factory=dict)
