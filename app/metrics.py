"""Prometheus metrics for requests and graph nodes (loaded where they are recorded or served)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram

from schemas.response import ChatResponse

REGISTRY = CollectorRegistry()
REQUESTS = Counter(
    "crimeassist_requests_total",
    "Chat requests by route and outcome",
    ["route", "outcome"],
    registry=REGISTRY,
)
REQUEST_SECONDS = Histogram(
    "crimeassist_request_seconds", "Chat request latency", ["route"], registry=REGISTRY
)
NODE_SECONDS = Histogram(
    "crimeassist_node_seconds",
    "Graph node latency",
    ["node"],
    registry=REGISTRY,
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
REDACTIONS = Counter(
    "crimeassist_redactions_total", "Values redacted by tier", ["tier"], registry=REGISTRY
)
REJECTIONS = Counter(
    "crimeassist_rejections_total", "Refused inputs by kind", ["kind"], registry=REGISTRY
)


def record_rejection(code: str) -> None:
    """A refused request (bad input, bad token) by its error code."""
    REJECTIONS.labels(kind=code).inc()


def record_turn(seconds: float, response: ChatResponse | None, failure: str | None) -> None:
    """One chat turn: its latency always; then its outcome (the error code of a refused turn),
    and for an answer each node's time and the redactions."""
    REQUEST_SECONDS.labels(route="all").observe(seconds)
    if failure is not None:
        REQUESTS.labels(route="none", outcome=failure).inc()
    if response is None:
        return
    REQUESTS.labels(route=response.route, outcome="answered").inc()
    for node, ms in response.timings_ms.items():
        if node != "total":
            NODE_SECONDS.labels(node=node).observe(ms / 1000)
    REDACTIONS.labels(tier="pre_retrieval").inc(response.redactions.pre_retrieval)
    REDACTIONS.labels(tier="post_generation").inc(response.redactions.post_generation)
