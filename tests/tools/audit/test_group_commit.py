"""Group commit: concurrent requests' batches share a transaction; each request resumes with
its own events only once they are committed, and a failed transaction fails every request
in it."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from schemas.audit import AuditEvent
from schemas.errors import AuditUnavailable
from tests.tools.audit.conftest import event
from tools.audit.group_commit import GroupCommitter
from tools.audit.sqlite_sink import SqliteAuditSink
from tools.audit.verify import verify_chain


class GatedSink(SqliteAuditSink):
    """Records each transaction's size; holds the first until `gate` is set."""

    def __init__(self, path: Path, fail: bool = False) -> None:
        super().__init__(path)
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.fail = fail
        self.transactions: list[int] = []

    def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        self.entered.set()
        self.gate.wait(5)
        self.transactions.append(len(events))
        if self.fail:
            raise AuditUnavailable("disk full")
        return super().append(events)


def batch(tag: str) -> list[AuditEvent]:
    return [event(n, tag) for n in range(3)]


async def while_first_is_writing(sink: GatedSink, committer: GroupCommitter, callers: int):
    """One request starts a transaction; `callers - 1` more arrive while it is in flight."""
    first = asyncio.create_task(committer.append(batch("r0")))
    await asyncio.to_thread(sink.entered.wait, 5)
    rest = [asyncio.create_task(committer.append(batch(f"r{i}"))) for i in range(1, callers)]
    await asyncio.sleep(0.05)
    sink.gate.set()
    return await asyncio.gather(first, *rest, return_exceptions=True)


def test_requests_arriving_during_a_commit_share_the_next_transaction(tmp_path: Path):
    sink = GatedSink(tmp_path / "audit.db")
    committer = GroupCommitter(sink)
    results = asyncio.run(while_first_is_writing(sink, committer, 8))
    assert sink.transactions == [3, 21]
    stored = list(sink.events())
    for i, sealed in enumerate(results):
        assert isinstance(sealed, list) and {e.request_id for e in sealed} == {f"r{i}"}
        assert [e.hash for e in sealed] == [e.hash for e in stored if e.request_id == f"r{i}"]
    assert verify_chain(stored).checked == 24


def test_a_failed_group_transaction_fails_every_request_in_it(tmp_path: Path):
    sink = GatedSink(tmp_path / "audit.db", fail=True)
    results = asyncio.run(while_first_is_writing(sink, GroupCommitter(sink), 5))
    assert len(results) == 5 and all(isinstance(r, AuditUnavailable) for r in results)
    assert sink.head()[0] == 0


def test_a_group_never_exceeds_the_event_limit(tmp_path: Path):
    sink = GatedSink(tmp_path / "audit.db")
    asyncio.run(while_first_is_writing(sink, GroupCommitter(sink, max_events=6), 7))
    assert sink.transactions == [3, 6, 6, 6] and verify_chain(sink.events()).checked == 21


def test_a_cancelled_request_does_not_disturb_the_others(tmp_path: Path):
    sink = GatedSink(tmp_path / "audit.db")
    committer = GroupCommitter(sink)

    async def scenario() -> list[AuditEvent]:
        first = asyncio.create_task(committer.append(batch("gone")))
        await asyncio.to_thread(sink.entered.wait, 5)
        second = asyncio.create_task(committer.append(batch("kept")))
        await asyncio.sleep(0.01)
        first.cancel()
        sink.gate.set()
        with pytest.raises(asyncio.CancelledError):
            await first
        return await second

    kept = asyncio.run(scenario())
    assert [e.seq for e in kept] == [4, 5, 6]
    assert verify_chain(sink.events()).checked == 6


def test_the_committer_works_across_event_loops(tmp_path: Path):
    sink = GatedSink(tmp_path / "audit.db")
    sink.gate.set()
    committer = GroupCommitter(sink)
    asyncio.run(committer.append(batch("a")))
    asyncio.run(committer.append(batch("b")))
    assert verify_chain(sink.events()).checked == 6


def test_concurrent_appends_from_many_loops_form_one_chain_with_nothing_lost(tmp_path: Path):
    """Four threads, each with its own event loop and 25 concurrent requests: every event is
    stored exactly once, each request gets back its own events, and the chain is unbroken."""
    sink = SqliteAuditSink(tmp_path / "audit.db")
    committer = GroupCommitter(sink)
    returned: dict[str, list[AuditEvent]] = {}

    async def officer_burst(worker: int) -> None:
        tags = [f"w{worker}-r{i}" for i in range(25)]
        sealed = await asyncio.gather(*(committer.append(batch(tag)) for tag in tags))
        returned.update(zip(tags, sealed, strict=True))

    threads = [threading.Thread(target=asyncio.run, args=(officer_burst(w),)) for w in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    committer.close()
    stored = list(sink.events())
    assert verify_chain(stored).checked == 300
    assert len({e.seq for e in stored}) == 300 and len(returned) == 100
    for tag, sealed in returned.items():
        assert [e.step for e in sealed] == [0, 1, 2] and {e.request_id for e in sealed} == {tag}
        assert [e.hash for e in sealed] == [e.hash for e in stored if e.request_id == tag]
    assert committer.transactions <= 100


class CountingSink(GatedSink):
    """Also signals each finished transaction."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.committed = threading.Semaphore(0)

    def append(self, events: list[AuditEvent]) -> list[AuditEvent]:
        sealed = super().append(events)
        self.committed.release()
        return sealed


def test_queued_batches_commit_without_the_event_loop_coming_round(tmp_path: Path):
    """The writer goes from one transaction to the next by itself: with the requests' event
    loop blocked, the batch queued behind the first is still committed (a writer that needed
    the loop between transactions would leave the second wait to time out)."""
    sink = CountingSink(tmp_path / "audit.db")
    committer = GroupCommitter(sink)

    async def scenario() -> list[bool]:
        first = asyncio.create_task(committer.append(batch("first")))
        await asyncio.to_thread(sink.entered.wait, 5)
        second = asyncio.create_task(committer.append(batch("second")))
        await asyncio.sleep(0)  # the second batch is queued
        sink.gate.set()
        # block this loop: both transactions must finish without it
        done = [sink.committed.acquire(timeout=5), sink.committed.acquire(timeout=5)]
        await asyncio.gather(first, second)
        return done

    assert asyncio.run(scenario()) == [True, True]
    assert sink.transactions == [3, 3] and verify_chain(sink.events()).checked == 6


def test_close_lets_queued_transactions_finish(tmp_path: Path):
    sink = GatedSink(tmp_path / "audit.db")
    committer = GroupCommitter(sink)

    async def scenario() -> None:
        task = asyncio.create_task(committer.append(batch("last")))
        await asyncio.to_thread(sink.entered.wait, 5)
        threading.Timer(0.05, sink.gate.set).start()
        await asyncio.to_thread(committer.close)
        await task

    asyncio.run(scenario())
    assert sink.head()[0] == 3


def test_a_start_lost_with_its_closed_loop_does_not_stall_later_appends(tmp_path: Path):
    """A request cancelled before the writer started, its loop then closed: the next append,
    on another loop, still starts the writer and commits both batches."""
    sink = GatedSink(tmp_path / "audit.db")
    sink.gate.set()
    committer = GroupCommitter(sink)

    async def abandoned() -> None:
        task = asyncio.get_running_loop().create_task(committer.append(batch("early")))
        await asyncio.sleep(0)  # the append queued its batch and scheduled the start
        task.cancel()
        asyncio.get_running_loop().stop()  # the scheduled start never runs

    loop = asyncio.new_event_loop()
    driver = loop.create_task(abandoned())
    loop.run_forever()
    loop.close()
    assert driver.done()
    later = asyncio.run(committer.append(batch("later")))
    committer.close()
    assert [e.request_id for e in later] == ["later"] * 3
    assert verify_chain(sink.events()).checked == 6


def test_an_append_after_close_fails_closed(tmp_path: Path):
    sink = GatedSink(tmp_path / "audit.db")
    sink.gate.set()
    committer = GroupCommitter(sink)
    committer.close()
    with pytest.raises(AuditUnavailable, match="closed"):
        asyncio.run(committer.append(batch("late")))
    assert sink.head()[0] == 0
