"""The one internal result shape every pipeline returns, and citations."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

CitationKind = Literal["sop", "record", "web", "image"]


class Citation(BaseModel):
    """A source shown to the officer next to the answer."""

    kind: CitationKind
    id: str
    title: str
    snippet: str = ""


class PipelineResult(BaseModel):
    """A pipeline's contribution to the answer; merged by the aggregator.

    `withheld_values` lists values the clearance filter removed in this request; the
    guardrail uses it as a deny-list and it is never serialised into a response or log.
    """

    pipeline: str
    answer: str = ""
    citations: list[Citation] = Field(default_factory=list)
    records: list[dict[str, Any]] = Field(default_factory=list)
    confidence: float | None = None
    warnings: list[str] = Field(default_factory=list)
    partial: bool = False
    failed: bool = False
    redactions_pre: int = 0
    withheld_values: list[str] = Field(default_factory=list, exclude=True, repr=False)
    offline: bool = False
