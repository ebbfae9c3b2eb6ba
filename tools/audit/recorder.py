"""Collects one request's audit events and writes them to the sink before anything is answered."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from time import time_ns
from typing import Any

from schemas.audit import AuditEvent
from schemas.errors import AuditUnavailable
from tools.audit.construct import queued_event
from tools.audit.sink import AuditSink

_second: tuple[int, str] = (-1, "")


def utc_now() -> str:
    """Timestamp format of audit events (ISO 8601, UTC, microseconds); the date and time of
    day are formatted once per second, the microseconds appended."""
    global _second
    second, micros = divmod(time_ns() // 1000, 1_000_000)
    cached = _second
    if cached[0] != second:
        cached = (second, datetime.fromtimestamp(second, UTC).isoformat(timespec="seconds")[:19])
        _second = cached
    return f"{cached[1]}.{micros:06d}+00:00"


class RequestAudit:
    """A buffer of events for one request; `flush` appends them atomically and fails closed."""

    def __init__(self, sink: AuditSink, request_id: str, badge_id: str) -> None:
        self.sink = sink
        self.request_id = request_id
        self.badge_id = badge_id
        self.pending: list[AuditEvent] = []
        self.head = ""

    def add(
        self,
        kind: str,
        data: dict[str, Any] | None = None,
        *,
        step: int | None = None,
        frm: str | None = None,
        to: str | None = None,
        ts: str | None = None,
    ) -> None:
        """Queue one event (validated as `AuditEvent(...)` would, without its cost when every
        value already has its declared type)."""
        self.pending.append(
            queued_event(
                kind, self.request_id, self.badge_id, ts or utc_now(), step, frm, to, data or {}
            )
        )

    async def flush(self) -> str:
        """Write queued events; returns the hash of this request's last event."""
        if not self.pending:
            return self.head
        batch, self.pending = self.pending, []
        append_async = getattr(self.sink, "append_async", None)  # group commit when offered
        try:
            if append_async is not None:
                sealed = await append_async(batch)
            else:
                sealed = await asyncio.to_thread(self.sink.append, batch)
        except AuditUnavailable:
            raise
        except Exception as error:  # any sink failure means we must not answer
            raise AuditUnavailable(f"audit append failed: {type(error).__name__}") from error
        self.head = str(sealed[-1].hash)
        return self.head
