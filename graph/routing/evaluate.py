"""Evaluation of the classifier and threshold policy on a labelled `{"text", "route"}` file."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from graph.routing.classifier import DATA_DIR, RouterClassifier, load_examples
from graph.routing.metrics import (
    RouteMetrics,
    accuracy,
    confusion_matrix,
    expected_calibration_error,
    per_route,
)
from graph.routing.mixed import detect_mixed_intent
from graph.routing.policy import DEFAULT_THRESHOLDS, Thresholds, decide
from schemas.routing import ROUTES

DEFAULT_EVAL_PATH = DATA_DIR / "eval.jsonl"


@dataclass(frozen=True)
class EvalReport:
    """Quality of the router on labelled messages.

    `accuracy` and `ece` are the classifier's top route and calibrated confidence;
    `decision_accuracy`, `fallback_rate`, `misroute_rate`, `per_route` and `confusion` are
    for the final decision after mixed-intent detection and thresholds (no LLM router).
    """

    router_version: str
    n: int
    accuracy: float
    ece: float
    decision_accuracy: float
    fallback_rate: float
    misroute_rate: float
    per_route: dict[str, RouteMetrics]
    confusion: dict[str, dict[str, int]]

    def to_json(self) -> str:
        """The report as JSON."""
        return json.dumps(asdict(self), indent=2)


def evaluate(
    eval_path: Path = DEFAULT_EVAL_PATH,
    classifier: RouterClassifier | None = None,
    thresholds: Thresholds = DEFAULT_THRESHOLDS,
) -> EvalReport:
    """Score every labelled message and summarise."""
    model = classifier or RouterClassifier.load()
    texts, labels = load_examples(eval_path)
    scores = model.predict_many(texts)
    routes = [
        decide(s, detect_mixed_intent(text, s.probabilities), thresholds).route
        for text, s in zip(texts, scores, strict=True)
    ]
    total = len(labels) or 1
    return EvalReport(
        router_version=model.version,
        n=len(labels),
        accuracy=accuracy(labels, [s.route for s in scores]),
        ece=expected_calibration_error(
            [s.confidence for s in scores],
            [s.route == label for s, label in zip(scores, labels, strict=True)],
        ),
        decision_accuracy=accuracy(labels, routes),
        fallback_rate=sum(r == "fallback" for r in routes) / total,
        misroute_rate=sum(
            r not in ("fallback", label) for r, label in zip(routes, labels, strict=True)
        )
        / total,
        per_route=per_route(labels, routes, ROUTES),
        confusion=confusion_matrix(labels, routes, ROUTES),
    )
