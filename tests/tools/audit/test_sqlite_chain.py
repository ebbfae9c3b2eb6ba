"""The embedded audit trail: append-only at the database, tamper-evident by the chain."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from schemas.audit import AuditEvent
from tools.audit.anchor import FileAnchor
from tools.audit.sqlite_sink import SqliteAuditSink
from tools.audit.verify import verify_chain


def event(n: int, request_id: str = "r1") -> AuditEvent:
    return AuditEvent(
        kind="transition",
        request_id=request_id,
        badge_id="KA-1001",
        ts=f"2026-12-02T10:00:{n:02d}+00:00",
        step=n,
        frm="a",
        to="b",
        data={"n": n, "text": "ಕನ್ನಡ"},
    )


@pytest.fixture
def trail(tmp_path: Path) -> tuple[SqliteAuditSink, FileAnchor, Path]:
    anchor = FileAnchor(tmp_path / "audit.anchor", b"k")
    sink = SqliteAuditSink(tmp_path / "audit.db", anchor)
    sink.append([event(n) for n in range(1, 6)])
    sink.append([event(n, "r2") for n in range(6, 11)])
    return sink, anchor, tmp_path / "audit.db"


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def test_intact_trail_verifies(trail):
    sink, anchor, _ = trail
    report = verify_chain(sink.events(), anchor.read())
    assert report.ok and report.checked == 10


def test_triggers_refuse_update_and_delete(trail):
    _, _, path = trail
    db = raw(path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("UPDATE audit_events SET kind='x' WHERE seq=3")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM audit_events WHERE seq=3")


def tamper(path: Path, *statements: str) -> None:
    db = raw(path)
    db.execute("DROP TRIGGER audit_events_no_update")
    db.execute("DROP TRIGGER audit_events_no_delete")
    for statement in statements:
        db.execute(statement)
    db.close()


@pytest.mark.parametrize(
    ("statements", "first_bad"),
    [
        (['UPDATE audit_events SET data=\'{"n":99,"text":"x"}\' WHERE seq=4'], 4),
        (["DELETE FROM audit_events WHERE seq=7"], 7),
        (
            [
                "UPDATE audit_events SET seq=100 WHERE seq=5",
                "UPDATE audit_events SET seq=5 WHERE seq=6",
                "UPDATE audit_events SET seq=6 WHERE seq=100",
            ],
            5,
        ),
        (
            [
                "UPDATE audit_events SET seq=seq+100 WHERE seq>=3",
                "UPDATE audit_events SET seq=seq-99 WHERE seq>=103",
                "INSERT INTO audit_events SELECT 3, ts, request_id, badge_id, kind, step, frm, "
                '"to", data, hash, hash FROM audit_events WHERE seq=2',
            ],
            3,
        ),
        (["DELETE FROM audit_events WHERE seq>=9"], 9),
    ],
    ids=["edited", "deleted", "reordered", "inserted", "truncated"],
)
def test_every_kind_of_tampering_is_detected_and_located(trail, statements, first_bad):
    _sink, anchor, path = trail
    tamper(path, *statements)
    report = verify_chain(SqliteAuditSink(path).events(), anchor.read())
    assert not report.ok
    assert report.first_bad_seq == first_bad


def test_truncation_is_invisible_without_the_anchor_but_caught_with_it(trail):
    _sink, anchor, path = trail
    tamper(path, "DELETE FROM audit_events WHERE seq>=9")
    assert verify_chain(SqliteAuditSink(path).events()).ok
    assert not verify_chain(SqliteAuditSink(path).events(), anchor.read()).ok


def test_recomputed_forged_tail_is_caught_by_the_anchor(trail):
    _sink, anchor, path = trail
    tamper(path, "DELETE FROM audit_events WHERE seq=10")
    forged = SqliteAuditSink(path)  # an attacker with DB access but not the anchor key
    forged.append([event(10, "forged")])
    report = verify_chain(forged.events(), anchor.read())
    assert not report.ok and report.first_bad_seq == 10


def test_forged_anchor_signature_is_refused(trail):
    _, anchor, _ = trail
    forged = FileAnchor(anchor.path, b"other-key")
    forged.write(3, "0" * 64)
    with pytest.raises(ValueError, match="signature"):
        anchor.read()


def test_concurrent_sinks_keep_one_chain(tmp_path: Path):
    import threading

    path = tmp_path / "audit.db"
    sinks = [SqliteAuditSink(path) for _ in range(3)]

    def write(sink: SqliteAuditSink, tag: str) -> None:
        for n in range(20):
            sink.append([event(n % 60, tag), event((n + 1) % 60, tag)])

    threads = [threading.Thread(target=write, args=(s, f"t{i}")) for i, s in enumerate(sinks)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    report = verify_chain(SqliteAuditSink(path).events())
    assert report.ok and report.checked == 120
