"""Production audit sink: PostgreSQL, written by a role that can only INSERT."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import psycopg

from schemas.audit import AuditEvent
from schemas.errors import AuditUnavailable
from tools.audit.chain import GENESIS_HASH, seal_batch
from tools.audit.sink import OnCommit
from tools.audit.sqlite_sink import COLUMNS, row_to_event, stored_rows


class PostgresAuditSink:
    """Appends after audit_lock_head() (SECURITY DEFINER): it takes the transaction-scoped
    advisory lock every writer shares and returns the head, so replicas keep one chain. The
    batch goes in with COPY (INSERT privilege suffices) and commits with the server's
    synchronous_commit."""

    backend = "postgres"

    def __init__(self, dsn: str, on_commit: OnCommit | None = None, timeout_s: float = 5.0) -> None:
        self.dsn = dsn
        self.on_commit = on_commit
        self._lock = threading.Lock()
        self._timeout_s = timeout_s
        self._conn = self._connect()

    def _connect(self) -> psycopg.Connection[tuple[Any, ...]]:
        try:
            return psycopg.connect(self.dsn, connect_timeout=max(1, int(self._timeout_s)))
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
        with self._db.cursor() as cursor:
            cursor.execute("SELECT head_seq, head_hash FROM audit_head()")
            row = cursor.fetchone()
        self._db.commit()
        if row is None or row[0] is None:
            return 0, GENESIS_HASH
        return int(row[0]), str(row[1])

    def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        if not events:
            return []
        with self._lock:
            try:
                with self._db.transaction(), self._db.cursor() as cursor:
                    cursor.execute("SELECT head_seq, head_hash FROM audit_lock_head()")
                    row = cursor.fetchone()
                    head = (
                        (0, GENESIS_HASH)
                        if row is None or row[0] is None
                        else (int(row[0]), str(row[1]))
                    )
                    batch = seal_batch(events, *head)
                    # one COPY per batch: the rows stream in one round trip, the stored data
                    # is the canonical JSON text already encoded for the hash
                    with cursor.copy(f"COPY audit_events ({COLUMNS}) FROM STDIN") as copy:
                        for row in stored_rows(batch):
                            copy.write_row(row)
            except psycopg.Error as error:
                raise AuditUnavailable(f"audit append failed: {error}") from error
            if self.on_commit is not None:
                self.on_commit(batch.events, batch.encodings)
            return batch.events

    def events(self) -> Iterator[AuditEvent]:
        try:
            with self._db.cursor() as cursor:
                cursor.execute(f"SELECT {COLUMNS} FROM audit_events ORDER BY seq")
                for row in cursor:
                    yield row_to_event(tuple(row))
            self._db.commit()
        except psycopg.Error as error:
            raise AuditUnavailable(f"audit trail unreadable: {error}") from error

    def ping(self) -> None:
        try:
            with self._db.cursor() as cursor:
                cursor.execute("SELECT 1")
            self._db.commit()
        except psycopg.Error as error:
            raise AuditUnavailable(f"audit database unavailable: {error}") from error

    def close(self) -> None:
        self._conn.close()
