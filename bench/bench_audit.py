"""Audit append rate through the service's path (RequestAudit.flush from concurrent requests),
per-request transactions beside group commit in the same run, on the configured trail
(signed anchor after every commit, witnessed checkpoints), with and without the SIEM spool."""

from __future__ import annotations

import asyncio
import os
import socket
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from schemas.audit import AuditEvent
from tools.audit.chain import seal
from tools.audit.recorder import RequestAudit
from tools.audit.trail import AuditConfig, AuditTrail, verify_configured
from tools.audit.verify import verify_chain

CONCURRENCY = 16
EVENTS_PER_REQUEST = 12
REQUESTS = 2_000  # 24,000 events per configuration
PG_ENV = "CRIMEASSIST_TEST_PG_DSN"


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


async def _requests(trail: AuditTrail, requests: int) -> tuple[float, float]:
    """Events per wall second and per CPU second of this process (all threads), with
    `CONCURRENCY` request workers each flushing 12 events per request."""
    counter = iter(range(requests))

    async def worker() -> None:
        for n in counter:
            audit = RequestAudit(trail, f"req-{n}", "KA-3003")
            for step in range(EVENTS_PER_REQUEST):
                audit.add("transition", {"delta_keys": ["decision"]}, step=step, frm="a", to="b")
            await audit.flush()

    started, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(worker() for _ in range(CONCURRENCY)))
    events = requests * EVENTS_PER_REQUEST
    return events / (time.perf_counter() - started), events / (time.process_time() - cpu)


def measure(config: AuditConfig, reader_dsn: str | None = None) -> dict[str, Any]:
    """Append rate for one configuration, then a full verification of what was written."""
    trail = AuditTrail(config)
    try:
        rate, cpu_rate = asyncio.run(_requests(trail, REQUESTS))
        transactions = trail.committer.transactions if trail.committer else REQUESTS
    finally:
        trail.close()
    report = verify_configured(replace(config, pg_dsn=reader_dsn or config.pg_dsn), "configured")
    return {
        "events_per_s": round(rate),
        "events_per_cpu_s": round(cpu_rate),
        "transactions": transactions,
        "verified": report.ok or report.text(),
    }


class DiscardReceiver:
    """A loopback TCP receiver that reads and drops everything (stands in for the SIEM)."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.server.getsockname()[1])
        self.received = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            with conn:
                while chunk := conn.recv(1 << 16):
                    self.received += len(chunk)


def sqlite_rates(tmp: Path) -> dict[str, Any]:
    base = AuditConfig(home=tmp, checkpoint_interval_s=1.0)
    receiver = DiscardReceiver()
    results: dict[str, Any] = {
        "per_request_transactions": measure(replace(base, home=tmp / "a", group_commit=False)),
        "group_commit": measure(replace(base, home=tmp / "b", group_commit=True)),
        "group_commit_with_siem_export": measure(
            replace(base, home=tmp / "c", siem_url=f"tcp://127.0.0.1:{receiver.port}")
        ),
    }
    results["group_commit_with_siem_export"]["siem_bytes_sent"] = receiver.received
    receiver.server.close()
    results["durability"] = "WAL, synchronous=NORMAL (the sink's pragmas)"
    return results


def postgres_rates(tmp: Path) -> dict[str, Any]:
    """The same on PostgreSQL (INSERT-only writer role), when a server answers."""
    import uuid

    import psycopg
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    admin = os.environ.get(PG_ENV) or "postgresql://postgres@127.0.0.1:5432/postgres"
    try:
        psycopg.connect(admin, connect_timeout=3).close()
    except psycopg.Error as error:
        return {"skipped": f"no PostgreSQL at {admin}: {error}"}
    name = f"crimeassist_bench_{uuid.uuid4().hex[:8]}"
    schema = Path(__file__).resolve().parent.parent / "deploy" / "postgres" / "audit_schema.sql"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')
        row = db.execute("SHOW synchronous_commit").fetchone()
    try:
        owner = make_conninfo(**(conninfo_to_dict(admin) | {"dbname": name}))
        with psycopg.connect(owner, autocommit=True) as db:
            db.execute(schema.read_text())
        writer = make_conninfo(**(conninfo_to_dict(owner) | {"user": "crimeassist_audit_writer"}))
        reader = make_conninfo(**(conninfo_to_dict(owner) | {"user": "crimeassist_audit_reader"}))
        base = AuditConfig(home=tmp, backend="postgres", pg_dsn=writer, checkpoint_interval_s=1)
        per_request = replace(base, home=tmp / "pa", witness_file=tmp / "pa" / "audit.witness")
        grouped = replace(base, home=tmp / "pb", witness_file=tmp / "pb" / "audit.witness")
        return {
            "per_request_transactions": measure(replace(per_request, group_commit=False), reader),
            "group_commit": measure(grouped, reader),
            "durability": f"synchronous_commit={row[0] if row else '?'} (the server's)",
        }
    finally:
        with psycopg.connect(admin, autocommit=True) as db:
            db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def run() -> dict[str, Any]:
    """Side by side: per-request transactions and group commit, SQLite and PostgreSQL."""
    events = sample_events(24_000)
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = sqlite_rates(Path(tmp))
        postgres = postgres_rates(Path(tmp))
    started = time.perf_counter()
    sealed = seal(events, 0, "0" * 64)
    chain_only = len(events) / (time.perf_counter() - started)
    started = time.perf_counter()
    verify_chain(sealed)
    verify_rate = len(events) / (time.perf_counter() - started)
    return {
        "workload": (
            f"{REQUESTS} requests x {EVENTS_PER_REQUEST} events, {CONCURRENCY} concurrent, "
            "RequestAudit.flush as the service calls it; signed anchor after every commit"
        ),
        "sqlite": sqlite,
        "postgres": postgres,
        "hash_chain_only_events_per_s": round(chain_only),
        "verify_events_per_s": round(verify_rate),
        "goal": "at least 20,000 events/s with group commit, durability unchanged",
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
