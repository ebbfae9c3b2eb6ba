"""`make loadtest`: N simulated officers against the real service on PostgreSQL backends
(records, audit and conversations in a private instance the harness starts), with
faults injected, bounded in requests and time, loopback only.

Phases: /healthz at the same concurrency (the ceiling), steady chat load, a PostgreSQL outage
(the private instance stopped and restarted during load), the audit sink made unwritable
(INSERT revoked, then granted), the knowledge index taken away (its shard moved out of the
folder, then back; `knowledge_fault.py`), and a Groq 429/503 storm (a second service
pointed at a loopback storm server). Each fault must give the documented behaviour and recover
without a restart; afterwards the audit trail must account for every request and verify as
one chain.

The ratio's two sides are measured alike: one load generator (`traffic.drive`, one httpx
client, the same concurrency and connection limits) sends /healthz and then chat to the same
service. It shares the machine's cores with the service and PostgreSQL, so each phase also
reports the CPU each of the three used per request and the cores each kept busy
(`*_cores`): /healthz costs the service a fraction of what it costs the client, so there the
client's one core (client_cores near 1.0) sets the ceiling; chat is set by the service
(service_cores near its worker count).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psycopg

from app.auth import TokenService
from app.settings import Settings
from bench.__main__ import write_sections
from bench.loadtest.accounting import account
from bench.loadtest.groq_storm import GroqStorm
from bench.loadtest.knowledge_fault import knowledge_unavailable
from bench.loadtest.private_pg import PrivatePostgres
from bench.loadtest.service import ROOT, ServiceProcess
from bench.loadtest.traffic import Outcome, drive, summary
from tools.audit.postgres_sink import PostgresAuditSink

OFFICERS = ("KA-1001", "KA-2002", "KA-3003", "KA-4004", "KA-5005")
AUDIT_SQL = ROOT / "deploy" / "postgres" / "audit_schema.sql"
TITLE = "Load and fault harness"


def say(message: str) -> None:
    """Progress on stderr."""
    print(f"[loadtest {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def seed(home: Path, firs: int, records_dsn: str) -> None:
    """The demo records (into the private PostgreSQL, by COPY) and the knowledge base, through
    the command line (prints progress)."""
    env = {**os.environ, "CRIMEASSIST_HOME": str(home)}
    subprocess.run(
        [
            *(sys.executable, "-m", "app", "seed-demo", "--firs", str(firs)),
            *("--backend", "postgres", "--pg-dsn", records_dsn),
        ],
        cwd=ROOT,
        env=env,
        check=True,
    )


def prepare_postgres(pg: PrivatePostgres) -> None:
    """The audit database (INSERT-only writer) and the checkpoint database."""
    with psycopg.connect(pg.dsn(), autocommit=True) as admin:
        admin.execute("CREATE DATABASE records")
        admin.execute("CREATE DATABASE audit")
        admin.execute("CREATE DATABASE checkpoints")
    with psycopg.connect(pg.dsn("audit"), autocommit=True) as db:
        db.execute(AUDIT_SQL.read_text(encoding="utf-8"))


def service_env(home: Path, pg: PrivatePostgres) -> dict[str, str]:
    """The service on the PostgreSQL backends."""
    return {
        "CRIMEASSIST_HOME": str(home),
        "CRIMEASSIST_RECORDS_BACKEND": "postgres",
        "CRIMEASSIST_RECORDS_PG_DSN": pg.dsn("records", "crimeassist_reader"),
        "CRIMEASSIST_AUDIT_BACKEND": "postgres",
        "CRIMEASSIST_AUDIT_PG_DSN": pg.dsn("audit", "crimeassist_audit_writer"),
        "CRIMEASSIST_CHECKPOINT_BACKEND": "postgres",
        "CRIMEASSIST_CHECKPOINT_PG_DSN": pg.dsn("checkpoints"),
        "CRIMEASSIST_LOG_LEVEL": "WARNING",
    }


async def phase(
    name: str,
    service: ServiceProcess,
    pg: PrivatePostgres,
    tokens: list[str],
    args: argparse.Namespace,
    **options: Any,
) -> tuple[dict[str, Any], list[Outcome]]:
    """One bounded burst of traffic, its summary, and the CPU it cost per request: the service
    (every worker), PostgreSQL and this load generator, beside the machine's load average.
    The three share the machine's cores, so their sum bounds the throughput."""
    requests = options.pop("requests", args.requests)
    say(f"{name}: {requests} requests at concurrency {args.concurrency}")
    started = time.perf_counter()
    cpu = service.cpu_seconds(), pg.cpu_seconds(), time.process_time()
    outcomes = await drive(
        service.url,
        tokens,
        requests=requests,
        concurrency=args.concurrency,
        seconds=args.seconds,
        **options,
    )
    wall_s = time.perf_counter() - started
    result = summary(outcomes, wall_s)
    per_request = 1000 / max(1, len(outcomes))
    spent = service.cpu_seconds(), pg.cpu_seconds(), time.process_time()
    for key, before, now in zip(("service", "postgres", "client"), cpu, spent, strict=True):
        # max(0, ...): an outage restarts PostgreSQL, whose counters start again
        used = max(0.0, now - before)
        result[f"{key}_cpu_ms_per_request"] = round(used * per_request, 2)
        # cores in use over the phase: near 1.0 for the one-threaded load generator (or one
        # service worker) means that process, not the others, set the throughput
        result[f"{key}_cores"] = round(used / wall_s, 2) if wall_s else 0.0
    result["load_average_1m"] = round(os.getloadavg()[0], 2)
    say(f"{name}: {json.dumps(result)}")
    return result, outcomes


async def during(fault: Any, delay_s: float, load: Any) -> Any:
    """Run `load` and, `delay_s` into it, the (blocking) `fault` in a thread."""
    task = asyncio.create_task(load)
    await asyncio.sleep(delay_s)
    await asyncio.to_thread(fault)
    return await task


def set_audit_insert(pg: PrivatePostgres, allowed: bool) -> None:
    """Grant or revoke the writer's INSERT: the audit sink made unwritable and writable again."""
    verb = "GRANT INSERT ON audit_events TO" if allowed else "REVOKE INSERT ON audit_events FROM"
    with psycopg.connect(pg.dsn("audit"), autocommit=True) as db:
        db.execute(f"{verb} crimeassist_audit_writer")


async def service_faults(
    service: ServiceProcess, pg: PrivatePostgres, home: Path, tokens: list[str], args: Any
) -> tuple[dict[str, Any], list[Outcome]]:
    """PostgreSQL outage, audit sink unwritable, knowledge index unavailable: each under load,
    each followed by a recovery burst on the same (not restarted) service."""
    results: dict[str, Any] = {}
    load = phase("postgres_outage", service, pg, tokens, args)
    results["postgres_outage"], hit = await during(lambda: pg.outage(args.outage_s), 1.0, load)
    results["postgres_outage_recovery"], after = await phase(
        "postgres_outage_recovery", service, pg, tokens, args, requests=50
    )
    outcomes = hit + after

    set_audit_insert(pg, False)
    results["audit_unwritable"], hit = await phase(
        "audit_unwritable", service, pg, tokens, args, requests=50
    )
    set_audit_insert(pg, True)
    results["audit_unwritable_recovery"], after = await phase(
        "audit_unwritable_recovery", service, pg, tokens, args, requests=50
    )
    outcomes += hit + after

    with knowledge_unavailable(home / "qdrant" / Settings().kb_collection):
        results["knowledge_unavailable"], hit = await phase(
            "knowledge_unavailable", service, pg, tokens, args, requests=50
        )
    results["knowledge_unavailable_recovery"], after = await phase(
        "knowledge_unavailable_recovery", service, pg, tokens, args, requests=50
    )
    return results, outcomes + hit + after


async def groq_storm(
    work: Path, home: Path, pg: PrivatePostgres, tokens: list[str], args: Any
) -> tuple[dict[str, Any], list[Outcome]]:
    """A second service pointed at a loopback Groq that answers 429 and 503."""
    with GroqStorm() as storm:
        storm_env = {
            **service_env(home, pg),
            "GROQ_API_KEY": "gsk_load_harness_storm",
            "CRIMEASSIST_GROQ_BASE_URL": storm.url,
            "CRIMEASSIST_GROQ_TIMEOUT_S": "2",
        }
        stormy = ServiceProcess(storm_env, work / "service-storm.log", args.workers).start()
        try:
            result, hit = await phase("groq_storm", stormy, pg, tokens, args, requests=60)
            result["model_calls_refused"] = storm.calls
            return result, hit
        finally:
            stormy.stop()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Every phase against one private PostgreSQL and the real service; then the accounting."""
    work = Path(tempfile.mkdtemp(prefix="crimeassist-load-"))
    home = work / "home"
    pg = PrivatePostgres().init()
    say(f"private PostgreSQL on 127.0.0.1:{pg.port}")
    results: dict[str, Any] = {
        "firs": args.firs,
        "concurrency": args.concurrency,
        "service_workers": args.workers,
    }
    outcomes: list[Outcome] = []
    tokens_service = TokenService.from_settings(Settings())
    tokens = [tokens_service.mint(badge) for badge in OFFICERS]
    try:
        prepare_postgres(pg)
        say(f"seeding {args.firs} FIRs into its records database; knowledge base under {home}")
        seed(home, args.firs, pg.dsn("records"))
        env = service_env(home, pg)
        service = ServiceProcess(env, work / "service.log", args.workers).start()
        try:
            results["healthz"], _ = await phase("healthz", service, pg, tokens, args, chat=False)
            results["chat"], steady = await phase("chat", service, pg, tokens, args)
            outcomes += steady
            ceiling = results["healthz"]["throughput_rps"] or 1
            results["chat_vs_healthz"] = round(results["chat"]["throughput_rps"] / ceiling, 3)
            if not args.steady_only:
                faults, hit = await service_faults(service, pg, home, tokens, args)
                results.update(faults)
                outcomes += hit
        finally:
            service.stop()
        if not args.steady_only:
            results["groq_storm"], hit = await groq_storm(work, home, pg, tokens, args)
            outcomes += hit

        sink = PostgresAuditSink(pg.dsn("audit"))
        try:
            events = list(sink.events())
        finally:
            sink.close()
        results["accounting"] = account(events, outcomes)
    finally:
        pg.destroy()
    goals = results["chat"]
    results["goals"] = {
        "chat_vs_healthz >= 0.3": results["chat_vs_healthz"] >= 0.3,
        "chat p95 <= 200 ms": goals["p95_ms"] <= 200,
        "0 unexplained errors": results["accounting"]["unexplained_errors"] == 0,
        "0 lost or duplicated audit events": results["accounting"]["lost_or_duplicated"] == 0
        and results["accounting"]["duplicate_seq"] == 0,
        "chain verifies": results["accounting"]["chain_ok"],
    }
    return results


def main() -> int:
    """Parse the bounds, run, write the section of docs/benchmarks.md."""
    parser = argparse.ArgumentParser(prog="python -m bench.loadtest", description=__doc__)
    parser.add_argument("--firs", type=int, default=20000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--requests", type=int, default=300, help="per phase")
    parser.add_argument("--seconds", type=float, default=90, help="cap per phase")
    parser.add_argument("--outage-s", type=float, default=3.0)
    parser.add_argument("--workers", type=int, default=1, help="service worker processes")
    parser.add_argument(
        "--steady-only",
        action="store_true",
        help="only /healthz and steady chat (no faults); implies --no-write",
    )
    parser.add_argument("--no-write", action="store_true", help="do not touch docs/benchmarks.md")
    args = parser.parse_args()
    started = time.perf_counter()
    results = asyncio.run(run(args))
    print(json.dumps(results, indent=2))
    if not (args.no_write or args.steady_only):
        write_sections([(TITLE, "bench.loadtest", time.perf_counter() - started, results)])
    return 0 if all(results["goals"].values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
