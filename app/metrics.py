"""Prometheus metrics for requests and graph nodes."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram

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
