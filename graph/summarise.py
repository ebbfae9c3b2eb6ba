"""Sanitised, value-free summaries of node updates for the audit trail."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from schemas.result import PipelineResult
from schemas.routing import RouteDecision

SAFE_SCALAR_KEYS = frozenset({"zcql_accepted", "agent_cycles"})


def _describe(key: str, value: Any) -> Any:
    if isinstance(value, RouteDecision):
        return {
            "route": value.route,
            "confidence": round(value.confidence, 4),
            "stage": value.stage,
        }
    if isinstance(value, PipelineResult):
        return {
            "pipeline": value.pipeline,
            "citations": len(value.citations),
            "records": len(value.records),
            "partial": value.partial,
            "failed": value.failed,
            "redactions_pre": value.redactions_pre,
        }
    if key in SAFE_SCALAR_KEYS:
        return value
    if isinstance(value, list):
        items = [_describe(key, item) for item in value if isinstance(item, PipelineResult)]
        return items or {"items": len(value)}
    if isinstance(value, str):
        return {"chars": len(value)}
    if value is None:
        return None
    if isinstance(value, BaseModel | dict):
        return {"type": type(value).__name__}
    return {"type": type(value).__name__}


def summarise_update(update: dict[str, Any]) -> dict[str, Any]:
    """Key -> a shape description (route, counts, lengths), never officer data or record values."""
    return {key: _describe(key, value) for key, value in sorted(update.items())}
