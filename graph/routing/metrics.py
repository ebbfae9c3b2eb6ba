"""Routing metrics: confusion matrix, per-route precision/recall, expected calibration error."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class RouteMetrics:
    """Precision and recall of one route (0.0 when undefined), and its support in the labels."""

    precision: float
    recall: float
    support: int


def confusion_matrix(
    labels: Sequence[str], predicted: Sequence[str], routes: Sequence[str]
) -> dict[str, dict[str, int]]:
    """`matrix[label][predicted]` counts over `routes` (rows and columns in that order)."""
    matrix = {row: dict.fromkeys(routes, 0) for row in routes}
    for label, guess in zip(labels, predicted, strict=True):
        matrix[label][guess] += 1
    return matrix


def per_route(
    labels: Sequence[str], predicted: Sequence[str], routes: Sequence[str]
) -> dict[str, RouteMetrics]:
    """Precision and recall for each route."""
    result: dict[str, RouteMetrics] = {}
    pairs = list(zip(labels, predicted, strict=True))
    for route in routes:
        true_pos = sum(1 for label, guess in pairs if label == route and guess == route)
        guessed = sum(1 for _, guess in pairs if guess == route)
        support = sum(1 for label, _ in pairs if label == route)
        result[route] = RouteMetrics(
            precision=true_pos / guessed if guessed else 0.0,
            recall=true_pos / support if support else 0.0,
            support=support,
        )
    return result


def accuracy(labels: Sequence[str], predicted: Sequence[str]) -> float:
    """Share of exact matches (0.0 for no examples)."""
    if not labels:
        return 0.0
    return sum(1 for a, b in zip(labels, predicted, strict=True) if a == b) / len(labels)


def reliability_bins(
    confidences: Sequence[float], correct: Sequence[bool], n_bins: int = 10
) -> list[tuple[float, float, int]]:
    """Per equal-width bin `(mean confidence, accuracy, count)`; bin i is `[i/n, (i+1)/n)`, the
    last bin also holds 1.0."""
    sums = [[0.0, 0.0, 0] for _ in range(n_bins)]
    for confidence, hit in zip(confidences, correct, strict=True):
        index = min(n_bins - 1, max(0, int(confidence * n_bins)))
        bucket = sums[index]
        bucket[0] += confidence
        bucket[1] += float(hit)
        bucket[2] += 1
    return [
        (conf / count, hits / count, int(count)) if count else (0.0, 0.0, 0)
        for conf, hits, count in sums
    ]


def expected_calibration_error(
    confidences: Sequence[float], correct: Sequence[bool], n_bins: int = 10
) -> float:
    """Sum over bins of (bin share) x |bin accuracy - bin mean confidence|."""
    total = len(confidences)
    if total == 0:
        return 0.0
    bins = reliability_bins(confidences, correct, n_bins)
    return sum(count / total * abs(acc - conf) for conf, acc, count in bins if count)
