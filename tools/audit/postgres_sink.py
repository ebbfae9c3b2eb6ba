"""Production audit sink: PostgreSQL, written by a role that can only INSERT."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import psycopg

from schemas.audit import AuditEvent
from schemas.errors import AuditUnavailable
from tools.audit.chain import GENESIS_HASH, SealedBatch, seal_batch
from tools.audit.sink import OnCommit
from tools.audit.sqlite_sink import COLUMNS, row_to_event, stored_rows

Head = tuple[int | None, str | None]
"""The chain head as audit_lock_head() returns it: (None, None) for an empty trail."""

# One statement, so one round trip and its own transaction (the connection is in autocommit):
# audit_lock_head() takes the advisory lock every writer of every replica shares (held to
# commit) and reads the head; the rows, sealed after the head this writer expects, go in only
# if that is the head. It returns the head it found and how many rows went in. The rows travel
# as one jsonb array of arrays in `COLUMNS` order: encoded by the json module's C encoder and
# parsed once by the server (psycopg dumps array parameters in Python, element by element, and
# `json` re-scans the text at every `->>`); the data column is the canonical JSON text.
APPEND = f"""
WITH head AS (SELECT head_seq, head_hash FROM audit_lock_head()),
appended AS (
    INSERT INTO audit_events ({COLUMNS})
    SELECT (r->>0)::bigint, r->>1, r->>2, r->>3, r->>4, (r->>5)::integer, r->>6, r->>7,
        (r->>8)::jsonb, r->>9, r->>10
    FROM jsonb_array_elements(%s::jsonb) AS r
    WHERE (
        SELECT head_seq IS NOT DISTINCT FROM %s AND head_hash IS NOT DISTINCT FROM %s FROM head
    )
    RETURNING 1
)
SELECT head_seq, head_hash, (SELECT count(*) FROM appended) FROM head
"""


def chain_head(head: Head) -> tuple[int, str]:
    """The (seq, hash) a batch is sealed after: the genesis for an empty trail."""
    seq, digest = head
    return (0, GENESIS_HASH) if seq is None or digest is None else (int(seq), str(digest))


class PostgresAuditSink:
    """Appends in one statement (`APPEND`) after the head it last saw (at its last append, or
    in `head()`, which the trail calls at start): the statement takes the advisory lock every
    writer shares, so replicas keep one chain, and stores the batch only if the head has not
    moved. When another writer moved it, the batch is sealed again after the head the
    statement returned, inside a transaction that holds the lock from reading the head to
    commit. Every append commits (the server's synchronous_commit) before it returns. The
    writer needs only INSERT and the SECURITY DEFINER head functions."""

    backend = "postgres"

    def __init__(self, dsn: str, on_commit: OnCommit | None = None, timeout_s: float = 5.0) -> None:
        self.dsn = dsn
        self.on_commit = on_commit
        self._lock = threading.Lock()
        self._timeout_s = timeout_s
        self._head: Head = (None, None)  # the head after this writer's last append
        self._conn = self._connect()

    def _connect(self) -> psycopg.Connection[tuple[Any, ...]]:
        try:
            return psycopg.connect(
                self.dsn, connect_timeout=max(1, int(self._timeout_s)), autocommit=True
            )
        except psycopg.Error as error:
            raise AuditUnavailable(f"audit database unavailable: {error}") from error

    @property
    def _db(self) -> psycopg.Connection[tuple[Any, ...]]:
        """The connection, opened again after the server restarted or the link broke, so the
        service recovers from an outage without a restart."""
        if self._conn.closed or self._conn.broken:
            self._conn.close()
            self._conn = self._connect()
        return self._conn

    def head(self) -> tuple[int, str]:
        """The stored head; the next append expects it (the trail reads it at start)."""
        with self._lock:
            with self._db.cursor() as cursor:
                cursor.execute("SELECT head_seq, head_hash FROM audit_head()")
                row = cursor.fetchone()
            self._head = (None, None) if row is None else (row[0], row[1])
            return chain_head(self._head)

    def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        if not events:
            return []
        with self._lock:
            try:
                batch = seal_batch(events, *chain_head(self._head))
                found = self._insert(batch, self._head)
                if found != self._head:  # another writer moved the head: seal after it, locked
                    with self._db.transaction(), self._db.cursor() as cursor:
                        cursor.execute("SELECT head_seq, head_hash FROM audit_lock_head()")
                        row = cursor.fetchone()
                        head: Head = (None, None) if row is None else (row[0], row[1])
                        batch = seal_batch(events, *chain_head(head))
                        if self._insert(batch, head) != head:
                            raise AuditUnavailable("audit head moved while its lock was held")
            except psycopg.Error as error:
                raise AuditUnavailable(f"audit append failed: {error}") from error
            last = batch.events[-1]
            self._head = (last.seq, last.hash)
            if self.on_commit is not None:
                self.on_commit(batch.events, batch.encodings)
            return batch.events

    def _insert(self, batch: SealedBatch, expected: Head) -> Head:
        """Run `APPEND` for `batch` sealed after `expected`; the head it found (the batch is
        stored exactly when that is `expected`)."""
        rows = json.dumps(stored_rows(batch), ensure_ascii=False, separators=(",", ":"))
        with self._db.cursor() as cursor:
            cursor.execute(APPEND, [rows, *expected])
            row = cursor.fetchone()
        if row is None:
            raise AuditUnavailable("audit append returned no head")
        found: Head = (row[0], row[1])
        if (found == expected) != (row[2] == len(batch.events)):
            raise AuditUnavailable("audit append stored a partial batch")
        return found

    def events(self) -> Iterator[AuditEvent]:
        try:
            with self._db.cursor() as cursor:
                cursor.execute(f"SELECT {COLUMNS} FROM audit_events ORDER BY seq")
                for row in cursor:
                    yield row_to_event(tuple(row))
        except psycopg.Error as error:
            raise AuditUnavailable(f"audit trail unreadable: {error}") from error

    def ping(self) -> None:
        try:
            with self._db.cursor() as cursor:
                cursor.execute("SELECT 1")
        except psycopg.Error as error:
            raise AuditUnavailable(f"audit database unavailable: {error}") from error

    def close(self) -> None:
        self._conn.close()
