"""POST /v1/chat/stream: Server-Sent Events, one per graph step, then the final response.

Events: `progress` (one per graph node as it starts: node, label, and route/confidence once
decided), then exactly one `final` (the ChatResponse, already through the aggregator's
guardrail) or one `error` (code and a safe message). Nothing of the answer is sent before
the guardrail ran. A client that goes away cancels the graph run, and that is audited.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import structlog
from fastapi import APIRouter
from fastapi.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

from app.api.routes.chat import REQUEST_BODY_DOC, ChatCallDep
from app.assistant import Assistant, RawImage
from schemas.errors import CrimeAssistError
from schemas.officer import Officer
from schemas.request import ChatRequest
from tools.audit.recorder import RequestAudit

log = structlog.get_logger()
router = APIRouter(prefix="/v1", tags=["chat"])

Frame = tuple[str, dict[str, Any]]
Emit = Callable[[str, dict[str, Any]], Awaitable[None]]
HEARTBEAT_S = 15.0
DISCONNECTED = "client disconnected before the final answer"
UNDELIVERED = "client disconnected before the answer was delivered"


def sse(event: str, data: dict[str, Any], event_id: int | None = None) -> bytes:
    """One Server-Sent Event frame."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def error_event(error: CrimeAssistError) -> dict[str, str]:
    """Code and an officer-safe message (server-side failures never leak their detail)."""
    message = error.detail if error.status_code < 500 else error.safe_message
    return {"error": error.code, "message": message}


async def wait_for_disconnect(receive: Receive) -> None:
    """Returns when the client has gone away (the request body was already read)."""
    message = await receive()
    while message["type"] != "http.disconnect":
        message = await receive()


class EventStreamResponse(StreamingResponse):
    """SSE whose producer task is cancelled as soon as the client disconnects.

    Starlette's own disconnect handling depends on the ASGI spec version; this response
    watches `receive` itself, so cancellation and its audit happen under every server.
    """

    media_type = "text/event-stream"

    def __init__(
        self,
        produce: Callable[[Emit], Awaitable[None]],
        on_disconnect: Callable[[list[Frame], bool], Awaitable[None]],
        headers: dict[str, str],
        heartbeat_s: float = HEARTBEAT_S,
    ) -> None:
        super().__init__(iter(()), headers=headers)
        self.produce = produce
        self.on_disconnect = on_disconnect
        self.heartbeat_s = heartbeat_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        queue: asyncio.Queue[Frame | None] = asyncio.Queue()

        async def emit(event: str, data: dict[str, Any]) -> None:
            await queue.put((event, data))

        async def run() -> None:
            try:
                await self.produce(emit)
            finally:
                await queue.put(None)

        producer = asyncio.create_task(run())
        watcher = asyncio.create_task(wait_for_disconnect(receive))
        sent: list[Frame] = []
        completed = False
        try:
            await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
            completed = await self.relay(queue, watcher, send, sent)
        except OSError:  # the server reports the closed connection on send
            completed = False
        finally:
            watcher.cancel()
            if not completed:
                with anyio.CancelScope(shield=True):
                    finished = producer.done()
                    producer.cancel()
                    await asyncio.gather(producer, return_exceptions=True)
                    await self.on_disconnect(sent, finished)

    async def relay(
        self,
        queue: asyncio.Queue[Frame | None],
        watcher: asyncio.Task[None],
        send: Send,
        sent: list[Frame],
    ) -> bool:
        """Forward frames until the producer ends (True) or the client leaves (False)."""
        while True:
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait(
                {getter, watcher}, timeout=self.heartbeat_s, return_when=asyncio.FIRST_COMPLETED
            )
            if getter not in done:
                getter.cancel()
                if watcher in done:
                    return False
                await send({"type": "http.response.body", "body": b": ping\n\n", "more_body": True})
                continue
            frame = getter.result()
            if frame is None:
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                return True
            body = sse(*frame, event_id=len(sent))
            await send({"type": "http.response.body", "body": body, "more_body": True})
            sent.append(frame)


def turn_producer(
    assistant: Assistant,
    officer: Officer,
    chat_request: ChatRequest,
    images: list[RawImage],
    request_id: str,
) -> Callable[[Emit], Awaitable[None]]:
    """Runs one audited turn, emitting progress per node and then the final or error event."""

    async def produce(emit: Emit) -> None:
        async def progress(event: dict[str, Any]) -> None:
            await emit("progress", event)

        try:
            response = await assistant.ask(
                officer, chat_request, images, on_progress=progress, request_id=request_id
            )
        except CrimeAssistError as error:
            await emit("error", error_event(error))
            return
        except Exception:
            log.exception("stream.failed")
            await emit("error", error_event(CrimeAssistError()))
            return
        await emit("final", response.model_dump(mode="json"))

    return produce


def disconnect_auditor(
    assistant: Assistant, officer: Officer, request_id: str
) -> Callable[[list[Frame], bool], Awaitable[None]]:
    """Records that the client left (and the run was cancelled), with the steps it reached."""

    async def audit_disconnect(sent: list[Frame], run_finished: bool) -> None:
        audit = RequestAudit(assistant.sink, request_id, officer.badge_id)
        audit.add(
            "cancelled",
            {
                "where": "stream",
                "reason": UNDELIVERED if run_finished else DISCONNECTED,
                "run_cancelled": not run_finished,
                "nodes_started": [data.get("node") for kind, data in sent if kind == "progress"],
                "events_sent": len(sent),
            },
        )
        try:
            await audit.flush()
        except CrimeAssistError as error:
            log.error("stream.cancel_unaudited", code=error.code)
            return
        log.info("stream.cancelled", events_sent=len(sent))

    return audit_disconnect


@router.post(
    "/chat/stream",
    status_code=200,
    response_class=EventStreamResponse,
    response_description="progress events, then one final (ChatResponse) or error event",
    openapi_extra=REQUEST_BODY_DOC,
)
async def chat_stream(call: ChatCallDep) -> EventStreamResponse:
    """Progress events per graph step, then the final response (or an error event)."""
    assistant, officer, request_id = call.assistant, call.officer, call.request_id
    chat_request, images = call.chat, call.images
    return EventStreamResponse(
        turn_producer(assistant, officer, chat_request, images, request_id),
        disconnect_auditor(assistant, officer, request_id),
        headers={
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",
            "X-Request-Id": request_id,
        },
    )
