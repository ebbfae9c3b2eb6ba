"""Threshold policy: turn classifier scores into a route, the deciding stage and a confidence.

Thresholds (defaults mirror `Settings.router_accept_threshold` / `router_llm_band_low`):

- `accept` (0.6): the classifier's calibrated top-route probability must reach this for the
  classifier to decide. Calibrated means that of messages scored about 0.6, about 60 % are
  right, so this is roughly the precision we accept for an unassisted decision. Set high on
  purpose: a wrong pipeline is worse than the agentic fallback.
- `llm_band_low` (0.35): the bottom of the "uncertain middle" `[llm_band_low, accept)`. With
  an LLM router configured those messages get stage `llm` (ask the LLM router, then
  `resolve_llm`); without one, and always below the band, the route is `fallback`.

Mixed intent (see `graph.routing.mixed`) is checked first: when the text needs both records
and SOP knowledge (or the classifier's top route is already `hybrid`) and the rag + zcql +
hybrid probability mass reaches `accept`, the route is `hybrid` with stage `mixed`, whatever
the split between the three: hybrid runs both pipelines, so it is the safe choice when the
classifier is only unsure *which* of records and knowledge is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from graph.routing.classifier import RouteScores

KNOWLEDGE_ROUTES = ("rag", "zcql", "hybrid")


@dataclass(frozen=True)
class Thresholds:
    """Decision thresholds on calibrated probabilities (see module docstring)."""

    accept: float = 0.6
    llm_band_low: float = 0.35

    def __post_init__(self) -> None:
        if not 0.0 <= self.llm_band_low <= self.accept <= 1.0:
            raise ValueError("need 0 <= llm_band_low <= accept <= 1")


DEFAULT_THRESHOLDS = Thresholds()


class Decision(NamedTuple):
    """Route, the cascade stage that decided (`classifier|mixed|llm|fallback`), confidence.

    With stage `llm` the route is the provisional `fallback` until `resolve_llm` is applied.
    """

    route: str
    stage: str
    confidence: float


def decide(
    scores: RouteScores,
    mixed: bool,
    thresholds: Thresholds = DEFAULT_THRESHOLDS,
    llm_router: Callable[..., object] | None = None,
) -> Decision:
    """Apply mixed intent, then the accept threshold, then the LLM band, else fallback."""
    if mixed or scores.route == "hybrid":
        mass = sum(scores.probabilities.get(route, 0.0) for route in KNOWLEDGE_ROUTES)
        if mass >= thresholds.accept:
            return Decision("hybrid", "mixed", min(mass, 1.0))
    if scores.confidence >= thresholds.accept:
        return Decision(scores.route, "classifier", scores.confidence)
    if llm_router is not None and scores.confidence >= thresholds.llm_band_low:
        return Decision("fallback", "llm", scores.confidence)
    return Decision("fallback", "fallback", scores.confidence)


def resolve_llm(llm_scores: RouteScores, thresholds: Thresholds = DEFAULT_THRESHOLDS) -> Decision:
    """The LLM router's verdict, accepted only at `accept` confidence; otherwise fallback."""
    if llm_scores.confidence >= thresholds.accept:
        return Decision(llm_scores.route, "llm", llm_scores.confidence)
    return Decision("fallback", "llm", llm_scores.confidence)
