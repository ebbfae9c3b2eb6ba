"""Witnesses outside the audit database that keep every signed checkpoint (append-only)."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import Protocol

from schemas.errors import AuditUnavailable


class Witness(Protocol):
    """Somewhere checkpoints are recorded that the audit database's owner cannot rewrite."""

    name: str

    def record(self, checkpoint: str) -> None:
        """Keep one signed checkpoint (one JSON line). Raises AuditUnavailable."""
        ...

    def checkpoints(self) -> list[str]:
        """Every recorded checkpoint, oldest first."""
        ...


class FileWitness:
    """The embedded default: an append-only JSON-lines file, fsynced per checkpoint."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = f"file:{path}"

    def record(self, checkpoint: str) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                os.write(fd, checkpoint.encode() + b"\n")
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as error:
            raise AuditUnavailable(f"audit witness {self.path} cannot record: {error}") from error

    def checkpoints(self) -> list[str]:
        if not self.path.exists():
            return []
        return [line for line in self.path.read_text(encoding="utf-8").splitlines() if line]


class PostgresWitness:
    """A table in another database that its writer role may only INSERT into
    (deploy/postgres/audit_witness.sql)."""

    def __init__(self, dsn: str, timeout_s: float = 5.0) -> None:
        self.dsn = dsn
        self.timeout_s = timeout_s
        self.name = "postgres"

    def record(self, checkpoint: str) -> None:
        import psycopg

        try:
            with psycopg.connect(self.dsn, connect_timeout=max(1, int(self.timeout_s))) as db:
                db.execute("SELECT audit_witness_record(%s)", (checkpoint,))
        except psycopg.Error as error:
            raise AuditUnavailable(f"audit witness (PostgreSQL) cannot record: {error}") from error

    def checkpoints(self) -> list[str]:
        import psycopg

        with psycopg.connect(self.dsn, connect_timeout=max(1, int(self.timeout_s))) as db:
            rows = db.execute("SELECT body FROM audit_checkpoints ORDER BY id").fetchall()
        return [str(row[0]) for row in rows]
