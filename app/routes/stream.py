"""POST /v1/chat/stream: Server-Sent Events, one per graph step, then the final response."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from app.assistant import new_request_id
from app.deps import AssistantDep, OfficerDep, SettingsDep
from app.routes.chat import REQUEST_BODY_DOC, parse_request
from schemas.errors import CrimeAssistError

router = APIRouter(prefix="/v1", tags=["chat"])


def sse(event: str, data: dict[str, Any]) -> str:
    """One Server-Sent Event frame."""
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


@router.post("/chat/stream", openapi_extra=REQUEST_BODY_DOC)
async def chat_stream(
    request: Request, officer: OfficerDep, assistant: AssistantDep, settings: SettingsDep
) -> StreamingResponse:
    """Progress events per graph step, then the final response (or an error event)."""
    request_id = new_request_id()
    try:
        chat_request, images = await parse_request(request, settings)
    except CrimeAssistError as error:
        await assistant.refuse(request_id, officer.badge_id, error, "request body")
        raise
    queue: asyncio.Queue[tuple[str, dict[str, Any]] | None] = asyncio.Queue()

    async def progress(event: dict[str, Any]) -> None:
        await queue.put(("progress", event))

    async def run() -> None:
        try:
            response = await assistant.ask(
                officer, chat_request, images, on_progress=progress, request_id=request_id
            )
            await queue.put(("final", response.model_dump(mode="json")))
        except CrimeAssistError as error:
            await queue.put(("error", {"error": error.code, "message": error.detail}))
        finally:
            await queue.put(None)

    async def events() -> AsyncIterator[str]:
        task = asyncio.create_task(run())
        try:
            while (item := await queue.get()) is not None:
                yield sse(*item)
        finally:
            if not task.done():
                task.cancel()
                await assistant.refuse(
                    request_id,
                    officer.badge_id,
                    CrimeAssistError("client disconnected before the answer"),
                    "stream",
                )

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Request-Id": request_id},
    )
