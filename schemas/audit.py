"""One event of the append-only, hash-chained audit trail."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class AuditEvent(BaseModel):
    """An audit record. `seq`, `prev_hash` and `hash` are assigned by the sink on append."""

    kind: str
    request_id: str
    badge_id: str = ""
    ts: str
    step: int | None = None
    frm: str | None = None
    to: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    seq: int | None = None
    prev_hash: str | None = None
    hash: str | None = None
