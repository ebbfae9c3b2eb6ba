"""Group commit: concurrent requests' batches coalesce into one transaction.

Each caller still returns only after its own events are committed (or raises when that
transaction failed), so durability and fail-closed behaviour are those of the plain sink.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

from schemas.audit import AuditEvent
from tools.audit.sink import AuditSink


@dataclass
class _Ticket:
    events: list[AuditEvent]
    sealed: list[AuditEvent] = field(default_factory=list)
    error: BaseException | None = None
    done: bool = False


class GroupCommitSink:
    """Leader/follower: the first waiting caller writes every queued batch in one append."""

    def __init__(self, inner: AuditSink, max_events: int = 5000) -> None:
        self.inner = inner
        self.backend = inner.backend
        self.max_events = max_events
        self._cond = threading.Condition()
        self._queue: list[_Ticket] = []
        self._writing = False

    def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        if not events:
            return []
        ticket = _Ticket(events)
        with self._cond:
            self._queue.append(ticket)
        while True:
            with self._cond:
                while self._writing and not ticket.done:
                    self._cond.wait()
                if ticket.done:
                    break
                self._writing = True
                group = self._take()
            self._commit(group)
        if ticket.error is not None:
            raise ticket.error
        return ticket.sealed

    def _take(self) -> list[_Ticket]:
        """Queued tickets up to `max_events` (at least one); the rest wait for the next leader."""
        count = taken = 0
        for queued in self._queue:
            taken += 1
            count += len(queued.events)
            if count >= self.max_events:
                break
        group, self._queue = self._queue[:taken], self._queue[taken:]
        return group

    def _commit(self, group: list[_Ticket]) -> None:
        try:
            sealed = self.inner.append([event for ticket in group for event in ticket.events])
            start = 0
            for ticket in group:
                ticket.sealed = sealed[start : start + len(ticket.events)]
                start += len(ticket.events)
        except BaseException as error:  # every request in a failed transaction fails closed
            for ticket in group:
                ticket.error = error
        finally:
            with self._cond:
                for ticket in group:
                    ticket.done = True
                self._writing = False
                self._cond.notify_all()

    def head(self) -> tuple[int, str]:
        return self.inner.head()

    def events(self) -> Iterator[AuditEvent]:
        return self.inner.events()

    def ping(self) -> None:
        self.inner.ping()

    def close(self) -> None:
        self.inner.close()
