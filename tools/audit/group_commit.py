"""Group commit: the audit flushes of concurrent requests coalesce into one transaction.

A request's flush queues its batch and waits for its own future; one writer task hands every
queued batch to the sink in a single `append` (one thread hop, one transaction) while the
next requests queue behind it. Each request still resumes only after its events are committed,
and every request in a failed transaction gets the failure, so durability and fail-closed
behaviour are those of per-request appends.
"""

from __future__ import annotations

import asyncio

from schemas.audit import AuditEvent
from tools.audit.sink import AuditSink


class GroupCommitter:
    """Coalesces `append` calls made on one event loop (re-bound when the loop changes)."""

    def __init__(self, sink: AuditSink, max_events: int = 5000) -> None:
        self.sink = sink
        self.max_events = max_events
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: list[tuple[list[AuditEvent], asyncio.Future[list[AuditEvent]]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.transactions = 0

    async def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        """Seal and store `events` (in a shared transaction); returns them sealed."""
        if not events:
            return []
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._loop, self._queue, self._writer = loop, [], None
        future: asyncio.Future[list[AuditEvent]] = loop.create_future()
        self._queue.append((events, future))
        if self._writer is None:
            self._writer = loop.create_task(self._write())
        return await future

    def _take(self) -> list[tuple[list[AuditEvent], asyncio.Future[list[AuditEvent]]]]:
        count = taken = 0
        for events, _ in self._queue:
            taken += 1
            count += len(events)
            if count >= self.max_events:
                break
        group, self._queue = self._queue[:taken], self._queue[taken:]
        return group

    async def _write(self) -> None:
        try:
            while self._queue:
                group = self._take()
                batch = [event for events, _ in group for event in events]
                try:
                    sealed = await asyncio.to_thread(self.sink.append, batch)
                except Exception as error:  # every request in the transaction fails closed
                    for _, future in group:
                        if not future.done():
                            future.set_exception(error)
                    continue
                self.transactions += 1
                start = 0
                for events, future in group:
                    if not future.done():
                        future.set_result(sealed[start : start + len(events)])
                    start += len(events)
        finally:
            self._writer = None
