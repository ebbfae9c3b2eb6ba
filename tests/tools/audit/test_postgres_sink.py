"""The production audit trail on PostgreSQL: an INSERT-only writer and the same chain."""

from __future__ import annotations

from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from schemas.audit import AuditEvent
from tests.conftest import dsn_for
from tools.audit.checkpoint import CheckpointSigner
from tools.audit.verify import verify_chain, verify_trail

pytestmark = pytest.mark.postgres
SCHEMA_SQL = Path(__file__).resolve().parents[3] / "deploy" / "postgres" / "audit_schema.sql"


def event(n: int) -> AuditEvent:
    return AuditEvent(
        kind="transition",
        request_id="r",
        badge_id="KA-1001",
        ts=f"2026-12-02T10:00:{n:02d}+00:00",
        step=n,
        frm="a",
        to="b",
        data={"n": n, "ratio": 0.93},
    )


@pytest.fixture
def audit_db(pg_database: str) -> str:
    import psycopg

    with psycopg.connect(pg_database, autocommit=True) as db:
        db.execute(SCHEMA_SQL.read_text())
    return pg_database


def writer_sink(owner_dsn: str):
    from tools.audit.postgres_sink import PostgresAuditSink

    return PostgresAuditSink(dsn_for(owner_dsn, user="crimeassist_audit_writer"))


def reader_sink(owner_dsn: str):
    from tools.audit.postgres_sink import PostgresAuditSink

    return PostgresAuditSink(dsn_for(owner_dsn, user="crimeassist_audit_reader"))


def test_writer_role_appends_and_reader_verifies(audit_db: str):
    sink = writer_sink(audit_db)
    sink.append([event(1), event(2)])
    sink.append([event(3)])
    report = verify_chain(reader_sink(audit_db).events())
    assert report.ok and report.checked == 3


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE audit_events SET kind = 'x'",
        "DELETE FROM audit_events",
        "TRUNCATE audit_events",
        "SELECT * FROM audit_events",
        "DROP TABLE audit_events",
        "CREATE TABLE shadow (x int)",
    ],
)
def test_writer_role_is_refused_everything_but_insert(audit_db: str, statement: str):
    import psycopg

    writer_sink(audit_db).append([event(1)])
    with (
        psycopg.connect(dsn_for(audit_db, user="crimeassist_audit_writer")) as db,
        pytest.raises(psycopg.errors.InsufficientPrivilege),
    ):
        db.execute(statement)


def test_a_second_successor_of_one_event_is_refused(audit_db: str):
    import psycopg

    writer_sink(audit_db).append([event(1), event(2)])
    with psycopg.connect(audit_db) as db, pytest.raises(psycopg.errors.UniqueViolation):
        db.execute(
            "INSERT INTO audit_events SELECT 3, ts, request_id, badge_id, kind, step, frm, "
            '"to", data, prev_hash, hash FROM audit_events WHERE seq = 2'
        )


@pytest.mark.parametrize(
    "statement",
    ["UPDATE audit_events SET kind = 'x'", "DELETE FROM audit_events", "TRUNCATE audit_events"],
)
def test_even_the_owner_cannot_change_rows_while_triggers_stand(audit_db: str, statement: str):
    import psycopg

    writer_sink(audit_db).append([event(1)])
    with psycopg.connect(audit_db) as db, pytest.raises(psycopg.errors.RaiseException):
        db.execute(statement)


@pytest.mark.parametrize(
    ("statements", "first_bad"),
    [
        (["UPDATE audit_events SET data = '{\"n\": 42}' WHERE seq = 2"], 2),
        (["DELETE FROM audit_events WHERE seq = 2"], 2),
        (
            [
                "UPDATE audit_events SET seq = 100 WHERE seq = 2",
                "UPDATE audit_events SET seq = 2 WHERE seq = 3",
                "UPDATE audit_events SET seq = 3 WHERE seq = 100",
            ],
            2,
        ),
        (["DELETE FROM audit_events WHERE seq = 4"], 4),
    ],
    ids=["edited", "deleted", "reordered", "truncated"],
)
def test_tampering_by_a_superuser_is_detected(audit_db: str, statements, first_bad):
    import psycopg

    key = Ed25519PrivateKey.generate()
    head = writer_sink(audit_db).append([event(n) for n in range(1, 5)])[-1]
    anchor = CheckpointSigner(key).sign(4, str(head.hash), "2026-12-03T08:00:00+00:00")
    with psycopg.connect(audit_db, autocommit=True) as db:
        db.execute("ALTER TABLE audit_events DISABLE TRIGGER USER")
        for statement in statements:
            db.execute(statement)
    events = reader_sink(audit_db).events()
    report = verify_trail(events, key.public_key(), anchor, single_writer=False)
    assert not report.ok and report.first_bad_seq == first_bad


def test_a_copied_batch_keeps_every_character_and_verifies(audit_db: str):
    awkward = 'tab\there, new\nline, back\\slash, \\N, "quoted", ಕನ್ನಡ, \U0001f600'
    events = [
        AuditEvent(
            kind="transition", request_id=awkward, badge_id="KA-1001", ts=awkward,
            step=None if n % 2 else n, frm=None, to=awkward, data={awkward: [awkward, n, None]},
        )
        for n in range(1, 7)
    ]  # fmt: skip
    sealed = writer_sink(audit_db).append(events)
    stored = list(reader_sink(audit_db).events())
    assert [e.model_dump() for e in stored] == [e.model_dump() for e in sealed]
    assert verify_chain(stored).ok


def test_a_batch_that_fails_part_way_commits_none_of_it(audit_db: str):
    from schemas.errors import AuditUnavailable

    sink = writer_sink(audit_db)
    sink.append([event(1)])
    refused = event(3).model_copy(update={"data": {"text": "\x00"}})  # jsonb refuses NUL
    with pytest.raises(AuditUnavailable):
        sink.append([event(2), refused, event(4)])
    sink.append([event(5)])
    stored = list(reader_sink(audit_db).events())
    assert [e.seq for e in stored] == [1, 2] and [e.step for e in stored] == [1, 5]
    assert verify_chain(stored).ok


def round_trips(sink, append) -> int:
    """How many times the client waited for the server while `append` ran: the messages that
    end with ReadyForQuery (a Sync of the extended protocol, or a simple Query), from libpq's
    protocol trace of the sink's connection."""
    import tempfile

    from psycopg import pq

    pgconn = sink._db.pgconn
    with tempfile.TemporaryFile("w+", encoding="utf-8") as trace:
        pgconn.trace(trace.fileno())
        pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
        try:
            append()
        finally:
            pgconn.untrace()
        trace.seek(0)
        sent = [line.split("\t") for line in trace if line.startswith("F\t")]
    return sum(1 for fields in sent if fields[2].split()[0] in ("Sync", "Query"))


def test_an_append_after_the_head_it_saw_is_one_round_trip(audit_db: str):
    sink = writer_sink(audit_db)
    sink.append([event(1)])
    assert round_trips(sink, lambda: sink.append([event(2), event(3)])) == 1
    report = verify_chain(reader_sink(audit_db).events())
    assert report.ok and report.checked == 3


def test_a_writer_whose_head_moved_seals_after_the_new_head(audit_db: str):
    first, second = writer_sink(audit_db), writer_sink(audit_db)
    first.append([event(1), event(2)])
    moved = second.append([event(3)])
    again = first.append([event(4), event(5)])
    assert [e.seq for e in again] == [4, 5] and again[0].prev_hash == moved[-1].hash
    assert first.append([event(6)])[0].seq == 6
    report = verify_chain(reader_sink(audit_db).events())
    assert report.ok and report.checked == 6


def test_a_writer_that_read_the_head_appends_after_it_in_one_round_trip(audit_db: str):
    writer_sink(audit_db).append([event(1), event(2)])
    restarted = writer_sink(audit_db)
    assert restarted.head()[0] == 2
    assert round_trips(restarted, lambda: restarted.append([event(3)])) == 1
    report = verify_chain(reader_sink(audit_db).events())
    assert report.ok and report.checked == 3
