"""Embedded audit sink: a SQLite table whose triggers refuse UPDATE and DELETE."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

from tenacity import Retrying, retry_if_exception, stop_after_delay, wait_exponential

from schemas.audit import AuditEvent
from schemas.errors import AuditUnavailable
from tools.audit.chain import GENESIS_HASH, SealedBatch, seal_batch
from tools.audit.sink import OnCommit

SCHEMA = """
CREATE TABLE IF NOT EXISTS audit_events (
    seq INTEGER PRIMARY KEY,
    ts TEXT NOT NULL,
    request_id TEXT NOT NULL,
    badge_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    step INTEGER,
    frm TEXT,
    "to" TEXT,
    data TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_events_request ON audit_events(request_id);
CREATE TRIGGER IF NOT EXISTS audit_events_no_update BEFORE UPDATE ON audit_events
BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_events_no_delete BEFORE DELETE ON audit_events
BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END;
"""
# Every new event must name the stored event before it (`seq - 1`; the genesis hash for the
# first) as its predecessor: no gap, no broken link, and so one successor per event (a second
# event naming the same predecessor would need two stored events with one hash). A look-up on
# the primary key, where a unique index on the random `prev_hash` (trails created before keep
# it) dirtied about one index page per appended event.
FOLLOWS = f"""
CREATE TRIGGER IF NOT EXISTS audit_events_follow BEFORE INSERT ON audit_events
WHEN NEW.prev_hash IS NOT coalesce(
    (SELECT hash FROM audit_events WHERE seq = NEW.seq - 1),
    CASE WHEN NEW.seq = 1 THEN '{GENESIS_HASH}' END
)
BEGIN SELECT RAISE(ABORT, 'audit_events: an event must follow the one before it'); END;
"""
COLUMNS = 'seq, ts, request_id, badge_id, kind, step, frm, "to", data, prev_hash, hash'


def stored_rows(batch: SealedBatch) -> list[tuple[object, ...]]:
    """A sealed batch as rows in `COLUMNS` order, data as the JSON text already encoded
    (shared with the PostgreSQL sink)."""
    return [
        (
            e.seq,
            e.ts,
            e.request_id,
            e.badge_id,
            e.kind,
            e.step,
            e.frm,
            e.to,
            data,
            e.prev_hash,
            e.hash,
        )
        for e, data in zip(batch.events, batch.data_json, strict=True)
    ]


def row_to_event(row: tuple[object, ...]) -> AuditEvent:
    """Rebuild an event from its stored columns (shared with the PostgreSQL sink)."""
    seq, ts, request_id, badge_id, kind, step, frm, to, data, prev_hash, digest = row
    return AuditEvent(
        seq=int(str(seq)),
        ts=str(ts),
        request_id=str(request_id),
        badge_id=str(badge_id),
        kind=str(kind),
        step=None if step is None else int(str(step)),
        frm=None if frm is None else str(frm),
        to=None if to is None else str(to),
        data=data if isinstance(data, dict) else json.loads(str(data)),
        prev_hash=str(prev_hash),
        hash=str(digest),
    )


def _locked(error: BaseException) -> bool:
    return isinstance(error, sqlite3.OperationalError) and "locked" in str(error)


def use_wal(db: sqlite3.Connection, within_s: float = 30.0) -> None:
    """Put the file in WAL mode. Switching needs the file to itself and SQLite reports "database
    is locked" at once, without the busy handler, while another process opens or creates it, so
    the switch is retried for up to `within_s` (a file already in WAL mode is left as it is)."""
    for attempt in Retrying(
        retry=retry_if_exception(_locked),
        stop=stop_after_delay(within_s),
        wait=wait_exponential(multiplier=0.005, max=0.25),
        reraise=True,
    ):
        with attempt:
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode=WAL")


class SqliteAuditSink:
    """Serialises appends with BEGIN IMMEDIATE and reads the head inside that transaction, so
    writers in any number of processes keep one chain (the `audit_events_follow` trigger
    forbids a gap or a fork). Commits follow the pragmas: WAL, `synchronous=NORMAL`."""

    backend = "sqlite"

    def __init__(self, path: Path, on_commit: OnCommit | None = None) -> None:
        self.path = path
        self.on_commit = on_commit
        self._lock = threading.Lock()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(
                path, check_same_thread=False, isolation_level=None, timeout=30.0
            )
            use_wal(self._db)
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA + FOLLOWS)
        except sqlite3.Error as error:
            raise AuditUnavailable(f"audit database unavailable: {error}") from error

    def head(self) -> tuple[int, str]:
        row = self._db.execute(
            "SELECT seq, hash FROM audit_events ORDER BY seq DESC LIMIT 1"
        ).fetchone()
        return (0, GENESIS_HASH) if row is None else (int(row[0]), str(row[1]))

    def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        if not events:
            return []
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    batch = seal_batch(events, *self.head())
                    self._db.executemany(
                        f"INSERT INTO audit_events ({COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                        stored_rows(batch),
                    )
                    self._db.execute("COMMIT")
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as error:
                raise AuditUnavailable(f"audit append failed: {error}") from error
            if self.on_commit is not None:
                self.on_commit(batch.events, batch.encodings)
            return batch.events

    def events(self) -> Iterator[AuditEvent]:
        cursor = self._db.execute(f"SELECT {COLUMNS} FROM audit_events ORDER BY seq")
        for row in cursor:
            yield row_to_event(row)

    def ping(self) -> None:
        try:
            self._db.execute("SELECT 1").fetchone()
        except sqlite3.Error as error:
            raise AuditUnavailable(f"audit database unavailable: {error}") from error

    def close(self) -> None:
        self._db.close()


class SqliteTrailReader:
    """Reads a trail without writing to it: opened read-only (`mode=ro`), no pragma, no
    schema, so an old trail (without the `audit_events_follow` trigger) can be verified where
    it lies, even on read-only media. When SQLite cannot open it read-only (a WAL trail whose
    shared-memory file cannot be created there), it is read as immutable: the database file
    alone, as on a copy that nobody writes."""

    backend = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        if path.exists():
            self._db = _open_read_only(path)

    def events(self) -> Iterator[AuditEvent]:
        if self._db is None or not _has_events_table(self._db):
            return
        for row in self._db.execute(f"SELECT {COLUMNS} FROM audit_events ORDER BY seq"):
            yield row_to_event(row)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()


def _open_read_only(path: Path) -> sqlite3.Connection:
    """Read-only, else immutable (see SqliteTrailReader)."""
    uri = path.resolve().as_uri()
    problem: sqlite3.Error | None = None
    for query in ("mode=ro", "mode=ro&immutable=1"):
        db = sqlite3.connect(f"{uri}?{query}", uri=True, check_same_thread=False)
        try:
            _has_events_table(db)  # SQLite opens lazily: a failure shows at the first read
            return db
        except sqlite3.Error as error:
            db.close()
            problem = error
    raise AuditUnavailable(f"audit database unreadable: {problem}")


def _has_events_table(db: sqlite3.Connection) -> bool:
    row = db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_events'"
    ).fetchone()
    return row is not None
