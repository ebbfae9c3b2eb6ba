"""POST /v1/chat and /v1/chat/stream: JSON (base64 images) or multipart uploads."""

from __future__ import annotations

import base64
import binascii
from typing import Any

from fastapi import APIRouter, Request
from pydantic import ValidationError

from app.api.deps import AssistantDep, OfficerDep, RequestIdDep, SettingsDep
from app.assistant import RawImage
from app.settings import Settings
from schemas.errors import BadInput, CrimeAssistError
from schemas.request import ChatRequest
from schemas.response import ChatResponse

router = APIRouter(prefix="/v1", tags=["chat"])

REQUEST_BODY_DOC: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/ChatRequest"}},
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "properties": {
                        "request": {"type": "string", "description": "ChatRequest as JSON"},
                        "attachments": {
                            "type": "array",
                            "items": {"type": "string", "format": "binary"},
                        },
                    },
                    "required": ["request"],
                }
            },
        },
    }
}


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refusing anything larger than the limit before reading it all."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise BadInput(f"the request body is larger than {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BadInput(f"the request body is larger than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def parse_chat_request(raw: bytes | str) -> ChatRequest:
    """A ChatRequest or a clear BadInput naming what is wrong."""
    try:
        return ChatRequest.model_validate_json(raw)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in item['loc']) or 'body'}: {item['msg']}"
            for item in error.errors()[:5]
        )
        raise BadInput(f"invalid chat request: {problems}") from None


def images_from_json(chat: ChatRequest) -> list[RawImage]:
    """Decode base64 attachments (strictly)."""
    images = []
    for item in chat.attachments:
        try:
            data = base64.b64decode(item.data_base64, validate=True)
        except (binascii.Error, ValueError):
            raise BadInput(f"attachment {item.filename!r} is not valid base64") from None
        images.append(RawImage(item.filename, item.content_type, data))
    return images


async def parse_request(request: Request, settings: Settings) -> tuple[ChatRequest, list[RawImage]]:
    """JSON with base64 images, or multipart with a `request` JSON field and files."""
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("multipart/form-data"):
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > settings.max_body_bytes:
            raise BadInput(f"the request body is larger than {settings.max_body_bytes} bytes")
        form = await request.form(max_files=settings.max_attachments + 1)
        raw_request = form.get("request")
        if not isinstance(raw_request, str):
            raise BadInput("multipart requests need a 'request' field holding the ChatRequest JSON")
        chat = parse_chat_request(raw_request)
        images = [
            RawImage(chat_file.filename or "upload", chat_file.content_type, await chat_file.read())
            for chat_file in form.getlist("attachments")
            if not isinstance(chat_file, str)
        ]
        return chat, images_from_json(chat) + images
    if not content_type.startswith("application/json"):
        raise BadInput("send application/json or multipart/form-data")
    chat = parse_chat_request(await read_body(request, settings.max_body_bytes))
    return chat, images_from_json(chat)


@router.post("/chat", response_model=ChatResponse, openapi_extra=REQUEST_BODY_DOC)
async def chat(
    request: Request,
    officer: OfficerDep,
    assistant: AssistantDep,
    settings: SettingsDep,
    request_id: RequestIdDep,
) -> ChatResponse:
    """One question, one audited answer."""
    try:
        chat_request, images = await parse_request(request, settings)
    except CrimeAssistError as error:
        await assistant.refuse(request_id, officer.badge_id, error, "request body")
        raise
    return await assistant.ask(officer, chat_request, images, request_id=request_id)
