"""Offline replay of logged router decisions through the current classifier and policy.

A logged decision is one JSON object per line:
`{"query", "page_context", "history_len", "stages": {...}, "route", "confidence", "stage",
"router_version", "outcome", "label"?}`. Records whose logged stage is `override` (slash
command, FIR-number pattern, attached image: the integrator's deterministic stage) keep their
logged decision unless an `overrides` callable is given that re-derives it. Records decided by
the LLM router are replayed from the logged LLM verdict (no network).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from graph.routing.classifier import RouteScores
from graph.routing.metrics import (
    RouteMetrics,
    accuracy,
    confusion_matrix,
    expected_calibration_error,
    per_route,
)
from graph.routing.mixed import detect_mixed_intent
from graph.routing.policy import DEFAULT_THRESHOLDS, Decision, Thresholds, decide
from graph.routing.scope import keep_police_work
from schemas.routing import ROUTES

SWEEP_ACCEPTS: tuple[float, ...] = tuple(round(0.30 + 0.05 * i, 2) for i in range(13))


class Scorer(Protocol):
    """What replay needs from a classifier (`RouterClassifier` satisfies it)."""

    version: str

    def predict(self, text: str) -> RouteScores: ...


Override = Callable[[Mapping[str, Any]], Decision | None]


@dataclass(frozen=True)
class ReplayedDecision:
    """One record: the logged decision next to the replayed one."""

    index: int
    query: str
    label: str | None
    logged_route: str
    logged_stage: str
    logged_confidence: float
    logged_version: str
    route: str
    stage: str
    confidence: float
    classifier_route: str
    classifier_confidence: float
    probabilities: dict[str, float]
    mixed: bool


@dataclass(frozen=True)
class SweepPoint:
    """Outcome among labelled records if `accept` were the threshold (no LLM router).

    `fallback_rate`: share sent to fallback; `misroute_rate`: share sent to a wrong
    non-fallback route (the costly error); `accuracy`: share routed exactly as labelled.
    """

    accept: float
    fallback_rate: float
    misroute_rate: float
    accuracy: float


@dataclass
class ReplayReport:
    """Differences against the log, and quality against labels where present."""

    router_version: str
    n: int
    n_labelled: int
    agreement: float
    logged_versions: dict[str, int]
    changed: list[ReplayedDecision]
    confusion: dict[str, dict[str, int]]
    per_route: dict[str, RouteMetrics]
    accuracy: float
    ece: float
    sweep: list[SweepPoint]
    decisions: list[ReplayedDecision] = field(repr=False)

    def to_json(self) -> str:
        """The whole report, decisions included, as JSON."""
        return json.dumps(asdict(self), ensure_ascii=False, indent=2)

    def to_text(self) -> str:
        """A terminal summary: agreement, changed decisions, label metrics, threshold sweep."""
        lines = [
            f"router {self.router_version}: replayed {self.n} decisions "
            f"(logged by {', '.join(f'{v} x{c}' for v, c in self.logged_versions.items())})",
            f"agreement with logged route: {self.agreement:.3f} ({len(self.changed)} changed)",
        ]
        for item in self.changed:
            lines.append(
                f"  #{item.index}: {item.logged_route} ({item.logged_stage}) -> {item.route} "
                f"({item.stage}, {item.confidence:.2f})  {item.query[:70]}"
            )
        if self.n_labelled:
            lines.append(
                f"labelled {self.n_labelled}: accuracy {self.accuracy:.3f}, ECE {self.ece:.3f}"
            )
            lines.append("route       precision  recall  support")
            for route, metric in self.per_route.items():
                lines.append(
                    f"{route:<11} {metric.precision:9.3f} {metric.recall:7.3f} {metric.support:8d}"
                )
            lines.append("accept  fallback  misroute  accuracy")
            for point in self.sweep:
                lines.append(
                    f"{point.accept:6.2f} {point.fallback_rate:9.3f} {point.misroute_rate:9.3f}"
                    f" {point.accuracy:9.3f}"
                )
        return "\n".join(lines)


def load_decisions(path: Path) -> list[dict[str, Any]]:
    """The records of a decision log (JSONL, blank lines ignored)."""
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def replay(
    records: Iterable[Mapping[str, Any]],
    classifier: Scorer,
    thresholds: Thresholds = DEFAULT_THRESHOLDS,
    overrides: Override | None = None,
) -> ReplayReport:
    """Re-decide every record and compare with the log and the labels."""
    decisions = [
        _replay_one(i, record, classifier, thresholds, overrides)
        for i, record in enumerate(records)
    ]
    labelled = [d for d in decisions if d.label is not None]
    labels = [d.label for d in labelled if d.label is not None]
    changed = [d for d in decisions if d.route != d.logged_route]
    classifier_hits = [d.classifier_route == d.label for d in labelled]
    return ReplayReport(
        router_version=classifier.version,
        n=len(decisions),
        n_labelled=len(labelled),
        agreement=(len(decisions) - len(changed)) / len(decisions) if decisions else 0.0,
        logged_versions=dict(Counter(d.logged_version for d in decisions)),
        changed=changed,
        confusion=confusion_matrix(labels, [d.route for d in labelled], ROUTES),
        per_route=per_route(labels, [d.route for d in labelled], ROUTES),
        accuracy=accuracy(labels, [d.route for d in labelled]),
        ece=expected_calibration_error(
            [d.classifier_confidence for d in labelled], classifier_hits
        ),
        sweep=threshold_sweep(labelled, thresholds),
        decisions=decisions,
    )


def threshold_sweep(
    labelled: list[ReplayedDecision], thresholds: Thresholds = DEFAULT_THRESHOLDS
) -> list[SweepPoint]:
    """Fallback and misroute rates for accept in 0.30..0.90 (overrides and LLM verdicts kept)."""
    points: list[SweepPoint] = []
    for accept in SWEEP_ACCEPTS:
        trial = Thresholds(accept=accept, llm_band_low=min(thresholds.llm_band_low, accept))
        routes = [_re_threshold(d, trial) for d in labelled]
        total = len(labelled) or 1
        points.append(
            SweepPoint(
                accept=accept,
                fallback_rate=sum(r == "fallback" for r in routes) / total,
                misroute_rate=sum(
                    r != "fallback" and r != d.label for r, d in zip(routes, labelled, strict=True)
                )
                / total,
                accuracy=sum(r == d.label for r, d in zip(routes, labelled, strict=True)) / total,
            )
        )
    return points


def _replay_one(
    index: int,
    record: Mapping[str, Any],
    classifier: Scorer,
    thresholds: Thresholds,
    overrides: Override | None,
) -> ReplayedDecision:
    query = str(record.get("query", ""))
    logged = Decision(
        str(record.get("route", "")), str(record.get("stage", "")), _float(record.get("confidence"))
    )
    scores = keep_police_work(query, classifier.predict(query))
    mixed = detect_mixed_intent(query, scores.probabilities)
    decision = overrides(record) if overrides is not None else None
    if decision is None and overrides is None and logged.stage == "override":
        decision = logged
    if decision is None:
        decision = _policy(scores, mixed, thresholds, logged)
    label = record.get("label")
    return ReplayedDecision(
        index=index,
        query=query,
        label=str(label) if label is not None else None,
        logged_route=logged.route,
        logged_stage=logged.stage,
        logged_confidence=logged.confidence,
        logged_version=str(record.get("router_version", "")),
        route=decision.route,
        stage=decision.stage,
        confidence=decision.confidence,
        classifier_route=scores.route,
        classifier_confidence=scores.confidence,
        probabilities=scores.probabilities,
        mixed=mixed,
    )


def _policy(scores: RouteScores, mixed: bool, thresholds: Thresholds, logged: Decision) -> Decision:
    """The policy; a logged LLM verdict stands in for the LLM router when it would be asked."""
    asked_llm = logged.stage == "llm"
    decision = decide(scores, mixed, thresholds, llm_router=_logged_llm if asked_llm else None)
    return logged if decision.stage == "llm" else decision


def _logged_llm() -> None:
    """Marker for `decide`: an LLM verdict is available (from the log, not the network)."""


def _re_threshold(item: ReplayedDecision, thresholds: Thresholds) -> str:
    if item.stage == "override":
        return item.route
    scores = RouteScores(item.classifier_route, item.classifier_confidence, item.probabilities, "")
    logged = Decision(item.logged_route, item.logged_stage, item.logged_confidence)
    return _policy(scores, item.mixed, thresholds, logged).route


def _float(value: object) -> float:
    return float(value) if isinstance(value, int | float) else 0.0
