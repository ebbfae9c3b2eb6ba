"""Liveness, readiness and Prometheus metrics."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from app.api.deps import AssistantDep
from app.metrics import REGISTRY
from schemas.errors import CrimeAssistError

router = APIRouter(tags=["health"])


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The process is up."""
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(assistant: AssistantDep) -> JSONResponse:
    """Ready only when the audit sink can write (we never answer unaudited)."""
    try:
        await asyncio.to_thread(assistant.sink.ping)
    except CrimeAssistError as error:
        return JSONResponse({"status": "unavailable", "reason": error.code}, status_code=503)
    return JSONResponse({"status": "ready", "audit": assistant.sink.backend})


@router.get("/metrics")
async def metrics() -> Response:
    """Prometheus text exposition."""
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)
