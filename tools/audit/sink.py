"""The audit sink interface every backend implements."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

from schemas.audit import AuditEvent

OnCommit = Callable[[list[AuditEvent], list[str]], None]
"""Called by a sink with each committed batch (sealed events and their canonical encodings),
in chain order, before `append` returns."""


class TrailReader(Protocol):
    """Reads a stored trail."""

    def events(self) -> Iterator[AuditEvent]:
        """Every stored event in sequence order."""
        ...

    def close(self) -> None: ...


class AuditSink(Protocol):
    """Append-only storage for chained audit events."""

    backend: str

    def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        """Seal and store a batch atomically; returns the sealed events. Raises AuditUnavailable."""
        ...

    def head(self) -> tuple[int, str]:
        """The last sequence number and hash (0 and the genesis hash when empty)."""
        ...

    def events(self) -> Iterator[AuditEvent]:
        """Every stored event in sequence order."""
        ...

    def ping(self) -> None:
        """Raise AuditUnavailable when the sink cannot write."""
        ...

    def close(self) -> None: ...
