"""Group commit: the audit flushes of concurrent requests coalesce into one transaction.

A request's flush queues its batch and waits for its own future. One writer thread drains the
queue: it hands every batch queued so far to the sink in a single `append` (one transaction),
resolves those requests' futures on their event loops, and goes straight on to the batches
that queued meanwhile, so transactions follow each other back to back without waiting for a
busy event loop to come round between them. An idle writer is started at the end of the event
loop iteration that queued the first batch, so the flushes made in that iteration share a
transaction. Each request still resumes only after its events are committed, and every
request in a failed transaction gets the failure, so durability and fail-closed behaviour are
those of per-request appends.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from schemas.audit import AuditEvent
from schemas.errors import AuditUnavailable
from tools.audit.sink import AuditSink

Pending = tuple[list[AuditEvent], asyncio.Future[list[AuditEvent]]]


def _settle(future: asyncio.Future[list[AuditEvent]], outcome: Any) -> None:
    """On the request's loop: its sealed events, or the transaction's error (a request that
    was cancelled meanwhile is left alone)."""
    if future.done():
        return
    if isinstance(outcome, BaseException):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)


class GroupCommitter:
    """Coalesces `append` calls made on any event loop into back-to-back transactions."""

    def __init__(self, sink: AuditSink, max_events: int = 5000) -> None:
        self.sink = sink
        self.max_events = max_events
        self._lock = threading.Lock()
        self._queue: list[Pending] = []
        self._draining = False
        self._starter: asyncio.AbstractEventLoop | None = None
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="audit-commit")
        self.transactions = 0

    async def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        """Seal and store `events` (in a shared transaction); returns them sealed."""
        if not events:
            return []
        loop = asyncio.get_running_loop()
        future: asyncio.Future[list[AuditEvent]] = loop.create_future()
        with self._lock:
            self._queue.append((events, future))
            # a start scheduled on a loop that closed before running it never comes
            stalled = self._starter is not None and self._starter.is_closed()
            start = not self._draining or stalled
            self._draining = True
            if start:
                self._starter = loop
        if start:  # after this loop iteration: flushes made in it share the first transaction
            loop.call_soon(self._start)
        return await future

    def _start(self) -> None:
        """Hand the queue to the writer thread (one worker: a second start only queues); once
        the committer is closed, every queued request fails closed."""
        try:
            with self._lock:
                self._starter = None
            self._writer.submit(self._drain)
        except RuntimeError:  # the writer was shut down
            with self._lock:
                group, self._queue, self._draining = self._queue, [], False
            for _, future in group:
                _settle(future, AuditUnavailable("audit trail is closed"))

    def _take(self) -> list[Pending]:
        """The oldest queued batches, up to `max_events` events (at least one batch)."""
        count = taken = 0
        for events, _ in self._queue:
            taken += 1
            count += len(events)
            if count >= self.max_events:
                break
        group, self._queue = self._queue[:taken], self._queue[taken:]
        return group

    def _drain(self) -> None:
        """On the writer thread: one transaction per group until the queue is empty."""
        while True:
            with self._lock:
                group = self._take()
                if not group:
                    self._draining = False
                    return
            batch = [event for events, _ in group for event in events]
            try:
                sealed = self.sink.append(batch)
            except BaseException as error:  # every request in the transaction fails closed
                for _, future in group:
                    self._resolve(future, error)
                if not isinstance(error, Exception):
                    with self._lock:
                        self._draining = False
                    raise
                continue
            self.transactions += 1
            start = 0
            for events, future in group:
                self._resolve(future, sealed[start : start + len(events)])
                start += len(events)

    @staticmethod
    def _resolve(future: asyncio.Future[list[AuditEvent]], outcome: Any) -> None:
        """Hand the outcome to the future's loop (gone only if its caller's loop has closed,
        and then nobody is waiting)."""
        with contextlib.suppress(RuntimeError):
            future.get_loop().call_soon_threadsafe(_settle, future, outcome)

    def close(self) -> None:
        """Let the writer finish the transactions already queued, then stop it."""
        self._writer.shutdown(wait=True)
