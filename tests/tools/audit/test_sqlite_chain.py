"""The embedded audit trail: append-only at the database, tamper-evident by the chain."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.tools.audit.conftest import event
from tools.audit.sqlite_sink import SCHEMA, SqliteAuditSink
from tools.audit.verify import verify_chain


@pytest.fixture
def trail(tmp_path: Path) -> tuple[SqliteAuditSink, Path]:
    sink = SqliteAuditSink(tmp_path / "audit.db")
    sink.append([event(n) for n in range(1, 6)])
    sink.append([event(n, "r2") for n in range(6, 11)])
    return sink, tmp_path / "audit.db"


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def test_intact_trail_verifies(trail):
    sink, _ = trail
    report = verify_chain(sink.events())
    assert report.ok and report.checked == 10


def test_triggers_refuse_update_and_delete(trail):
    _, path = trail
    db = raw(path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("UPDATE audit_events SET kind='x' WHERE seq=3")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM audit_events WHERE seq=3")


def test_a_second_successor_of_one_event_is_refused(trail):
    _, path = trail
    with pytest.raises(sqlite3.IntegrityError):
        raw(path).execute(
            "INSERT INTO audit_events SELECT 11, ts, request_id, badge_id, kind, step, frm, "
            '"to", data, prev_hash, hash FROM audit_events WHERE seq=10'
        )


def insert_copy(path: Path, of: int, seq: str, prev_hash: str) -> None:
    """Insert a copy of event `of` with the given `seq` and `prev_hash` SQL expressions."""
    raw(path).execute(
        f"INSERT INTO audit_events SELECT {seq}, ts, request_id, badge_id, kind, step, frm, "
        f'"to", data, {prev_hash}, hash FROM audit_events WHERE seq={of}'
    )


@pytest.mark.parametrize(
    ("seq", "prev_hash"),
    [("12", "hash"), ("11", "prev_hash"), ("11", "'f' || substr(hash, 2)"), ("1", "hash")],
    ids=["gap", "second-successor", "broken-link", "duplicate-seq"],
)
def test_the_database_refuses_an_event_that_does_not_follow_the_last(trail, seq, prev_hash):
    _, path = trail
    with pytest.raises(sqlite3.IntegrityError):
        insert_copy(path, 10, seq, prev_hash)
    insert_copy(path, 10, "11", "hash")  # the one event that follows is accepted


def test_the_first_event_must_follow_the_genesis_hash(tmp_path: Path):
    path = tmp_path / "audit.db"
    SqliteAuditSink(path).close()
    with pytest.raises(sqlite3.IntegrityError, match="must follow"):
        raw(path).execute(
            "INSERT INTO audit_events VALUES (1, 't', 'r', 'b', 'k', NULL, NULL, NULL, '{}', "
            f"'{'1' * 64}', '{'2' * 64}')"
        )


def test_a_trail_made_with_the_older_unique_index_still_opens_and_appends(tmp_path: Path):
    path = tmp_path / "audit.db"
    db = raw(path)
    db.executescript(SCHEMA)
    db.execute("CREATE UNIQUE INDEX audit_events_one_successor ON audit_events(prev_hash)")
    db.close()
    sink = SqliteAuditSink(path)
    sink.append([event(n) for n in range(1, 4)])
    sink.append([event(n) for n in range(4, 6)])
    assert verify_chain(sink.events()).ok
    with pytest.raises(sqlite3.IntegrityError):
        insert_copy(path, 5, "6", "prev_hash")


def tamper(path: Path, *statements: str) -> None:
    db = raw(path)
    db.execute("DROP TRIGGER audit_events_no_update")
    db.execute("DROP TRIGGER audit_events_no_delete")
    db.execute("DROP TRIGGER audit_events_follow")
    for statement in statements:
        db.execute(statement)
    db.close()


@pytest.mark.parametrize(
    ("statements", "first_bad", "reason"),
    [
        (['UPDATE audit_events SET data=\'{"n":99,"text":"x"}\' WHERE seq=4'], 4, "hash_mismatch"),
        (["DELETE FROM audit_events WHERE seq=7"], 7, "sequence_gap"),
        (
            [
                "UPDATE audit_events SET seq=100 WHERE seq=5",
                "UPDATE audit_events SET seq=5 WHERE seq=6",
                "UPDATE audit_events SET seq=6 WHERE seq=100",
            ],
            5,
            "broken_link",
        ),
        (
            [
                "UPDATE audit_events SET seq=seq+100 WHERE seq>=3",
                "UPDATE audit_events SET seq=seq-99 WHERE seq>=103",
                "INSERT INTO audit_events SELECT 3, ts, request_id, badge_id, kind, step, frm, "
                '"to", data, hash, hash FROM audit_events WHERE seq=2',
            ],
            3,
            "hash_mismatch",
        ),
    ],
    ids=["edited", "deleted", "reordered", "inserted"],
)
def test_every_kind_of_tampering_is_detected_and_located(trail, statements, first_bad, reason):
    _sink, path = trail
    tamper(path, *statements)
    report = verify_chain(SqliteAuditSink(path).events())
    assert not report.ok
    assert (report.first_bad_seq, report.reason) == (first_bad, reason)


def test_concurrent_sinks_keep_one_chain(tmp_path: Path):
    import threading

    path = tmp_path / "audit.db"
    sinks = [SqliteAuditSink(path) for _ in range(3)]

    def write(sink: SqliteAuditSink, tag: str) -> None:
        for n in range(20):
            sink.append([event(n, tag), event(n + 1, tag)])

    threads = [threading.Thread(target=write, args=(s, f"t{i}")) for i, s in enumerate(sinks)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    report = verify_chain(SqliteAuditSink(path).events())
    assert report.ok and report.checked == 120
