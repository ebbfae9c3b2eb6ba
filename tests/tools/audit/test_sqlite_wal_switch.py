"""The SQLite sink's switch to WAL mode waits out another process's lock on the file instead of
failing at once ("database is locked" is reported without the busy handler)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from tools.audit.sqlite_sink import use_wal


def _holder(path: Path) -> sqlite3.Connection:
    """A connection holding the file's exclusive lock (rollback journal, as a new file has)."""
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def test_the_switch_waits_for_the_lock_and_then_succeeds(tmp_path: Path) -> None:
    path = tmp_path / "audit.db"
    holder = _holder(path)
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        other.execute("PRAGMA journal_mode=WAL")  # what the sink did before: fails at once
    release = threading.Event()

    def release_later() -> None:
        release.wait()
        holder.execute("COMMIT")

    thread = threading.Thread(target=release_later)
    thread.start()
    threading.Timer(0.2, release.set).start()
    use_wal(other)
    thread.join()
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_lock_that_is_never_released_still_fails_with_the_lock_error(tmp_path: Path) -> None:
    path = tmp_path / "audit.db"
    holder = _holder(path)
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        use_wal(other, within_s=0.3)
    holder.execute("COMMIT")


def test_a_file_already_in_wal_mode_is_left_as_it_is(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "audit.db", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    use_wal(db)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
