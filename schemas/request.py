"""The chat request body (contract section 4). Identity never comes from here."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from schemas.page_context import PageContext

MAX_MESSAGE_CHARS = 4000


class Attachment(BaseModel):
    """An image sent as base64 in JSON; validated by content in validators.attachments."""

    model_config = ConfigDict(extra="forbid")

    filename: str = Field(default="image", max_length=200)
    content_type: str | None = Field(default=None, max_length=100)
    data_base64: str = Field(repr=False)


class ChatRequest(BaseModel):
    """POST /v1/chat body. Unknown fields (e.g. a smuggled `clearance`) are refused."""

    model_config = ConfigDict(extra="forbid")

    message: str = Field(max_length=MAX_MESSAGE_CHARS)
    page_context: PageContext | None = None
    attachments: list[Attachment] = Field(default_factory=list, max_length=8)
    conversation_id: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_\-]{1,64}$")
