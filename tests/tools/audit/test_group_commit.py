"""Group commit: concurrent batches share a transaction; each caller gets its own events back
only once they are committed, and a failed transaction fails every caller in it."""

from __future__ import annotations

import threading
from pathlib import Path

from schemas.audit import AuditEvent
from schemas.errors import AuditUnavailable
from tests.tools.audit.conftest import event
from tools.audit.group_commit import GroupCommitSink
from tools.audit.sqlite_sink import SqliteAuditSink
from tools.audit.verify import verify_chain


class CountingSink(SqliteAuditSink):
    """Counts transactions; the first one waits until every caller has queued."""

    def __init__(self, path: Path, gate: threading.Event) -> None:
        super().__init__(path)
        self.gate = gate
        self.transactions: list[int] = []

    def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        self.gate.wait(5)
        self.transactions.append(len(events))
        return super().append(events)


Outcomes = dict[str, list[AuditEvent] | AuditUnavailable]


def run_callers(sink: GroupCommitSink, callers: int) -> tuple[Outcomes, list[threading.Thread]]:
    """Start `callers` threads appending 3 events each; returns their outcomes and threads."""
    results: Outcomes = {}

    def call(tag: str) -> None:
        try:
            results[tag] = sink.append([event(n, tag) for n in range(3)])
        except AuditUnavailable as error:
            results[tag] = error

    threads = [threading.Thread(target=call, args=(f"r{i}",)) for i in range(callers)]
    for thread in threads:
        thread.start()
    return results, threads


def test_concurrent_batches_coalesce_and_each_caller_gets_its_own_events(tmp_path: Path):
    gate = threading.Event()
    inner = CountingSink(tmp_path / "audit.db", gate)
    sink = GroupCommitSink(inner)
    results, threads = run_callers(sink, 8)
    while len(sink._queue) < 7:  # the leader is inside the gate, the rest queue behind it
        threading.Event().wait(0.005)
    gate.set()
    for thread in threads:
        thread.join()
    assert len(inner.transactions) == 2 and sum(inner.transactions) == 24
    for tag, sealed in results.items():
        assert isinstance(sealed, list) and {e.request_id for e in sealed} == {tag}
        assert [e.hash for e in sealed] == [e.hash for e in inner.events() if e.request_id == tag]
    assert verify_chain(inner.events()).checked == 24


class FailingSink(CountingSink):
    def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        self.gate.wait(5)
        raise AuditUnavailable("disk full")


def test_a_failed_group_transaction_fails_every_request_in_it(tmp_path: Path):
    gate = threading.Event()
    sink = GroupCommitSink(FailingSink(tmp_path / "audit.db", gate))
    results, threads = run_callers(sink, 5)
    while len(sink._queue) < 4:
        threading.Event().wait(0.005)
    gate.set()
    for thread in threads:
        thread.join()
    assert len(results) == 5
    assert all(isinstance(outcome, AuditUnavailable) for outcome in results.values())


def test_a_group_never_exceeds_the_event_limit(tmp_path: Path):
    gate = threading.Event()
    inner = CountingSink(tmp_path / "audit.db", gate)
    sink = GroupCommitSink(inner, max_events=6)
    _, threads = run_callers(sink, 7)
    while len(sink._queue) < 6:
        threading.Event().wait(0.005)
    gate.set()
    for thread in threads:
        thread.join()
    assert max(inner.transactions) <= 6 and sum(inner.transactions) == 21
    assert verify_chain(inner.events()).checked == 21


def test_an_empty_batch_writes_nothing(tmp_path: Path):
    sink = GroupCommitSink(SqliteAuditSink(tmp_path / "a.db"))
    assert sink.append([]) == [] and sink.head()[0] == 0
