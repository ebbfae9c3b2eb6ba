"""Request bodies and uploads that cannot stall the service.

- `BodyLimitMiddleware` counts the bytes of the body as they arrive, so the limit holds
  whether or not Content-Length is sent (a declared length over it is refused first).
- `read_multipart` parses form data with bounded files, fields and field size, turning each
  parser refusal into the contract's error shape.
- Decoding and validation run on `app.upload_pool.UploadPool`'s worker threads.
"""

from __future__ import annotations

from starlette.datastructures import FormData, Headers
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from schemas.errors import BadInput

MAX_FIELD_BYTES = 1024 * 1024


class BodyTooLarge(BadInput):
    status_code = 413
    code = "body_too_large"


class PartTooLarge(BadInput):
    status_code = 413
    code = "part_too_large"


class TooManyFiles(BadInput):
    code = "too_many_files"


class TooManyFields(BadInput):
    code = "too_many_fields"


class InvalidMultipart(BadInput):
    status_code = 400
    code = "invalid_multipart"


class BodyLimitMiddleware:
    """Refuses a body over `max_bytes` while it streams in (raised from `receive`).

    The refusal surfaces where the route reads the body, so it is audited there with the
    officer's badge and returned through the one error mapping.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        received = 0
        limit = self.max_bytes

        async def limited() -> Message:
            nonlocal received
            if declared is not None and declared.isdigit() and int(declared) > limit:
                raise BodyTooLarge(f"the request body is larger than {limit} bytes")
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(f"the request body is larger than {limit} bytes")
            return message

        await self.app(scope, limited, send)


def multipart_refusal(error: MultiPartException) -> BadInput:
    """The contract error for one of Starlette's multipart refusals."""
    message = error.message
    if message.startswith("Too many files"):
        return TooManyFiles(message)
    if message.startswith("Too many fields"):
        return TooManyFields(message)
    if "exceeded maximum size" in message:
        return PartTooLarge(message)
    return InvalidMultipart(f"invalid multipart data: {message}")


async def read_multipart(request: Request, max_files: int, max_fields: int) -> FormData:
    """The form, with at most `max_files` files, `max_fields` fields of at most 1 MiB each."""
    parser = MultiPartParser(
        request.headers,
        request.stream(),
        max_files=max_files,
        max_fields=max_fields,
        max_part_size=MAX_FIELD_BYTES,
    )
    try:
        return await parser.parse()
    except MultiPartException as error:
        raise multipart_refusal(error) from None
