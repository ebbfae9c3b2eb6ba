"""The assistant as the HTTP routes and the CLI both use it: validate, audit, run the graph."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field, replace
from typing import Any

import structlog

from app.upload_pool import UploadPool
from graph.context import GraphContext
from graph.runner import ProgressCallback, run_turn
from graph.state import AttachmentRef
from schemas.errors import BadInput, CrimeAssistError
from schemas.officer import Officer
from schemas.request import ChatRequest
from schemas.response import ChatResponse
from tools.audit.recorder import RequestAudit
from tools.audit.sink import AuditSink
from validators.attachments import (
    DEFAULT_MAX_PIXELS,
    DEFAULT_PIXEL_BUDGET,
    RawAttachment,
    ValidatedImage,
    validate_attachments,
)

log = structlog.get_logger()


@dataclass(frozen=True)
class RawImage:
    """An uploaded file before validation (from base64 JSON or multipart)."""

    filename: str
    declared_type: str | None
    data: bytes


def new_request_id() -> str:
    """A fresh, unguessable request id."""
    return uuid.uuid4().hex


@dataclass
class Assistant:
    """One compiled graph, its services and the audit sink.

    `direct`, when set, runs the same plan without LangGraph (`graph.direct.DirectTurn`) for a
    turn without a conversation id: nothing is remembered for such a turn, so it needs no
    checkpoint, and the answer and audit events are the compiled graph's. `conversation`, when
    set, runs a turn in a conversation the same way, reading and saving the conversation's
    checkpoint in LangGraph's format (`graph.memory`).

    `serves_metrics` records the Prometheus metrics the service serves at /metrics; a
    one-shot command-line turn serves none and never loads prometheus_client."""

    graph: Any
    context: GraphContext
    sink: AuditSink
    max_attachments: int = 4
    max_attachment_bytes: int = 10 * 1024 * 1024
    max_image_pixels: int = DEFAULT_MAX_PIXELS
    pixel_budget: int = DEFAULT_PIXEL_BUDGET
    uploads: UploadPool = field(default_factory=UploadPool)
    direct: Any | None = None
    conversation: Any | None = None
    serves_metrics: bool = True

    def runner_for(self, request: ChatRequest) -> Any:
        """The direct plan (with the conversation's memory for a turn in one), else the graph."""
        runner = self.conversation if request.conversation_id else self.direct
        return self.graph if runner is None else runner

    def validate_images(self, images: list[RawImage]) -> list[ValidatedImage]:
        """Every attachment checked by content within the message's pixel budget; the first
        bad one refuses the request (blocking: run it on the upload workers)."""
        if len(images) > self.max_attachments:
            raise BadInput(f"at most {self.max_attachments} attachments per message")
        return validate_attachments(
            [RawAttachment(image.filename, image.data, image.declared_type) for image in images],
            self.max_attachments,
            max_bytes=self.max_attachment_bytes,
            max_pixels=self.max_image_pixels,
            pixel_budget=self.pixel_budget,
        )

    async def refuse(
        self, request_id: str, badge_id: str, error: CrimeAssistError, where: str
    ) -> None:
        """Audit a refused request (bad input, bad token) before the error is returned."""
        if self.serves_metrics:
            from app.metrics import record_rejection

            record_rejection(error.code)
        audit = RequestAudit(self.sink, request_id, badge_id)
        audit.add("rejected", {"where": where, "code": error.code, "detail": error.detail[:300]})
        await audit.flush()

    async def ask(
        self,
        officer: Officer,
        request: ChatRequest,
        images: list[RawImage] | None = None,
        on_progress: ProgressCallback | None = None,
        request_id: str | None = None,
    ) -> ChatResponse:
        """Validate attachments, run the graph for this officer, return the audited response."""
        request_id = request_id or new_request_id()
        try:
            validated = await self.uploads.run(self.validate_images, images) if images else []
        except CrimeAssistError as error:
            await self.refuse(request_id, officer.badge_id, error, "attachments")
            raise
        audit = RequestAudit(self.sink, request_id, officer.badge_id)
        audit.add(
            "request",
            {
                "message_chars": len(request.message),
                "conversation": request.conversation_id,
                "page_context": request.page_context.model_dump(mode="json")
                if request.page_context
                else None,
                "attachments": [image.audit_summary() for image in validated],
            },
        )
        refs = [
            AttachmentRef(
                index=i,
                filename=v.filename,
                media_type=v.media_type,
                sha256=v.sha256,
                width=v.width,
                height=v.height,
            )
            for i, v in enumerate(validated)
        ]
        turn_context = replace(self.context, images=tuple(validated))
        thread_id = f"{officer.badge_id}:{request.conversation_id or 'single-' + request_id}"
        state = {
            "request_id": request_id,
            "officer": officer,
            "message": request.message,
            "page_context": request.page_context,
            "attachments": refs,
        }
        started, response, failure = time.perf_counter(), None, None
        try:
            response = await run_turn(
                self.runner_for(request), state, turn_context, audit, thread_id, on_progress
            )
        except CrimeAssistError as error:
            failure = error.code
            raise
        finally:
            if self.serves_metrics:
                from app.metrics import record_turn

                record_turn(time.perf_counter() - started, response, failure)
        log.info("chat.answered", route=response.route, partial=response.partial)
        return response
