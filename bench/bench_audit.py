"""Audit append rate with the hash chain, embedded SQLite sink, per-request batches and bulk."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from schemas.audit import AuditEvent
from tools.audit.anchor import FileAnchor
from tools.audit.chain import seal
from tools.audit.sqlite_sink import SqliteAuditSink
from tools.audit.verify import verify_chain

EVENTS = 40_000


def sample_events(n: int) -> list[AuditEvent]:
    """Transition-like events of realistic size."""
    return [
        AuditEvent(
            kind="transition",
            request_id=f"r{i // 12}",
            badge_id="KA-3003",
            ts="2026-12-02T10:15:00.000000+00:00",
            step=i % 12,
            frm="router",
            to="text2zcql",
            data={
                "delta_keys": ["decision"],
                "summary": {"decision": {"route": "zcql", "confidence": 0.93}},
            },
        )
        for i in range(n)
    ]


def rate(sink: SqliteAuditSink, events: list[AuditEvent], batch: int) -> float:
    """Events per second appending in batches of `batch`."""
    started = time.perf_counter()
    for i in range(0, len(events), batch):
        sink.append(events[i : i + batch])
    return len(events) / (time.perf_counter() - started)


def run() -> dict[str, Any]:
    """Append rates (per-request batch of 12, bulk 1,000), the chain's own cost, verify rate."""
    events = sample_events(EVENTS)
    with tempfile.TemporaryDirectory() as tmp:
        anchor = FileAnchor(Path(tmp) / "anchor", b"k")
        per_request = rate(SqliteAuditSink(Path(tmp) / "a.db", anchor), events[:12_000], 12)
        bulk_sink = SqliteAuditSink(Path(tmp) / "b.db", anchor)
        bulk = rate(bulk_sink, events, 1000)
        started = time.perf_counter()
        seal(events, 0, "0" * 64)
        chain_only = EVENTS / (time.perf_counter() - started)
        started = time.perf_counter()
        report = verify_chain(bulk_sink.events(), anchor.read())
        verify_rate = report.checked / (time.perf_counter() - started)
    return {
        "append_events_per_s_request_batches_of_12": round(per_request),
        "append_events_per_s_bulk_batches_of_1000": round(bulk),
        "hash_chain_only_events_per_s": round(chain_only),
        "verify_events_per_s": round(verify_rate),
        "verified_ok": report.ok,
        "goal": "at least 20,000 events/s on the embedded sink",
    }


if __name__ == "__main__":
    print(run())
