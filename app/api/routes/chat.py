"""POST /v1/chat and /v1/chat/stream: JSON (base64 images) or multipart uploads."""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request, Response
from pydantic import ValidationError

from app.api.deps import verified_officer
from app.assistant import Assistant, RawImage
from app.settings import Settings
from app.upload_pool import UploadPool
from app.uploads import read_multipart
from schemas.errors import BadInput, CrimeAssistError
from schemas.officer import Officer
from schemas.request import ChatRequest
from schemas.response import ChatResponse

router = APIRouter(prefix="/v1", tags=["chat"])
#: JSON bodies up to this size are parsed on the event loop (microseconds; a worker-thread hop
#: costs more than the parse); larger ones, which carry base64 images, go to the upload workers.
INLINE_JSON_BYTES = 16 * 1024

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


async def read_body(request: Request) -> bytes:
    """The whole body (its size is capped while streaming by BodyLimitMiddleware)."""
    chunks = [chunk async for chunk in request.stream()]
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


def parse_json_request(raw: bytes | str) -> tuple[ChatRequest, list[RawImage]]:
    """The request and its base64 images decoded (run on an upload worker)."""
    chat = parse_chat_request(raw)
    return chat, images_from_json(chat)


async def parse_request(
    request: Request, settings: Settings, pool: UploadPool
) -> tuple[ChatRequest, list[RawImage]]:
    """JSON with base64 images, or multipart with a `request` JSON field and files.

    Parsing and base64 decoding of any body over INLINE_JSON_BYTES run on the upload
    workers, never on the event loop.
    """
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("multipart/form-data"):
        form = await read_multipart(request, settings.max_attachments, settings.max_form_fields)
        try:
            raw_request = form.get("request")
            if not isinstance(raw_request, str):
                raise BadInput(
                    "multipart requests need a 'request' field holding the ChatRequest JSON"
                )
            chat, inline = await pool.run(parse_json_request, raw_request)
            files = [
                RawImage(item.filename or "upload", item.content_type, await item.read())
                for item in form.getlist("attachments")
                if not isinstance(item, str)
            ]
        finally:
            await form.close()
        return chat, inline + files
    if not content_type.startswith("application/json"):
        raise BadInput("send application/json or multipart/form-data")
    raw = await read_body(request)
    if len(raw) <= INLINE_JSON_BYTES:
        return parse_json_request(raw)
    return await pool.run(parse_json_request, raw)


@dataclass(frozen=True)
class ChatCall:
    """What both chat routes need, resolved in one dependency per request: the lifespan's
    assistant, the verified officer, the request id and the parsed body."""

    assistant: Assistant
    officer: Officer
    request_id: str
    chat: ChatRequest
    images: list[RawImage]


async def chat_call(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> ChatCall:
    """The token verified, then the body parsed (or refused and audited). One async
    dependency: no dependency tree to solve and no worker-thread hop per request."""
    state = request.app.state
    officer = await verified_officer(state.verifier, authorization)
    assistant: Assistant = state.assistant
    request_id = str(request.state.request_id)
    try:
        chat, images = await parse_request(request, state.settings, assistant.uploads)
    except CrimeAssistError as error:
        await assistant.refuse(request_id, officer.badge_id, error, "request body")
        raise
    return ChatCall(assistant, officer, request_id, chat, images)


ChatCallDep = Annotated[ChatCall, Depends(chat_call)]


@router.post("/chat", response_model=ChatResponse, openapi_extra=REQUEST_BODY_DOC)
async def chat(call: ChatCallDep) -> Response:
    """One question, one audited answer (serialised once, by the model itself)."""
    response = await call.assistant.ask(
        call.officer, call.chat, call.images, request_id=call.request_id
    )
    return Response(response.model_dump_json(), media_type="application/json")
