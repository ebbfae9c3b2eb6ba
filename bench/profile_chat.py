"""CPU per `POST /v1/chat` request on the load harness's own question mix, in-process.

Drives the real app (lifespan, middleware, routes, graph, audit, checkpointer) through httpx's
ASGI transport, so no socket or client parsing is counted. Reports process CPU time per request
(every thread: token checks and upload parsing run on worker threads) and a cProfile of every
thread, merged, sorted by cumulative and by own time. Wall time on a shared machine is noise;
CPU time and profile proportions are the evidence.

    python -m bench.profile_chat --home var --requests 200
    python -m bench.profile_chat --home var --conversation   # each officer in one conversation
    python -m bench.profile_chat --home var --records-pg DSN --audit-pg DSN --checkpoint-pg DSN
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import sys
import threading
import time
from typing import Any

import httpx

from bench.loadtest.traffic import QUESTIONS

OFFICERS = ("KA-1001", "KA-2002", "KA-3003", "KA-4004", "KA-5005")


class ThreadProfiles:
    """One cProfile per thread, timed in that thread's CPU time (not wall time): the current
    one and every thread started after `install`."""

    def __init__(self) -> None:
        self.profiles: list[cProfile.Profile] = []
        self.lock = threading.Lock()

    def _start(self, *_: Any) -> None:
        profile = cProfile.Profile(time.thread_time)
        with self.lock:
            self.profiles.append(profile)
        profile.enable()

    def install(self) -> None:
        """Profile new threads from their first call."""
        threading.setprofile(self._start)

    def main(self) -> cProfile.Profile:
        """The profile of the calling (event loop) thread."""
        profile = cProfile.Profile(time.thread_time)
        self.profiles.append(profile)
        return profile

    def clear(self) -> None:
        """Forget what was measured so far (the warm-up)."""
        for profile in self.profiles:
            profile.clear()

    def stats(self) -> pstats.Stats:
        """Every thread's profile merged."""
        out = io.StringIO()
        stats = pstats.Stats(stream=out)
        for profile in self.profiles:
            profile.create_stats()
            if profile.stats:  # type: ignore[attr-defined]
                stats.add(profile)
        return stats


def configure(args: argparse.Namespace) -> None:
    """The service's settings, as environment variables (read by Settings())."""
    os.environ["CRIMEASSIST_HOME"] = args.home
    os.environ["CRIMEASSIST_LOG_LEVEL"] = "WARNING"
    for backend, dsn in (
        ("RECORDS", args.records_pg),
        ("AUDIT", args.audit_pg),
        ("CHECKPOINT", args.checkpoint_pg),
    ):
        if dsn:
            os.environ[f"CRIMEASSIST_{backend}_BACKEND"] = "postgres"
            os.environ[f"CRIMEASSIST_{backend}_PG_DSN"] = dsn


async def drive(args: argparse.Namespace, profiles: ThreadProfiles) -> dict[str, Any]:
    """Warm up, then send the question mix in order; CPU time and statuses of the measured part."""
    from app.api.service import create_app
    from app.auth import TokenService
    from app.settings import Settings

    settings = Settings()
    app = create_app(settings)
    minted = TokenService.from_settings(settings)
    tokens = [minted.mint(badge) for badge in OFFICERS]
    plan = [
        (tokens[i % len(tokens)], QUESTIONS[i % len(QUESTIONS)])
        for i in range(args.warmup + args.requests)
    ]
    statuses: dict[int, int] = {}
    main = profiles.main()
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://profile") as client,
    ):

        async def send(token: str, question: str) -> None:
            body = {"message": question}
            if args.conversation:  # one conversation per officer (per token)
                body["conversation_id"] = f"profile-{tokens.index(token)}"
            reply = await client.post(
                "/v1/chat",
                json=body,
                headers={"Authorization": f"Bearer {token}"},
            )
            statuses[reply.status_code] = statuses.get(reply.status_code, 0) + 1

        async def burst(items: list[tuple[str, str]]) -> None:
            queue = list(items)

            async def officer() -> None:
                while queue:
                    await send(*queue.pop(0))

            await asyncio.gather(*(officer() for _ in range(args.concurrency)))

        await burst(plan[: args.warmup])
        statuses.clear()
        profiles.clear()
        cpu0, wall0 = time.process_time(), time.perf_counter()
        if args.profile:
            main.enable()
        await burst(plan[args.warmup :])
        if args.profile:
            main.disable()
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {
        "requests": args.requests,
        "statuses": statuses,
        "cpu_ms_per_request": round(cpu * 1000 / args.requests, 1),
        "wall_s": round(wall, 1),
    }


def main() -> int:
    """Parse, run, print the CPU per request and the profile."""
    parser = argparse.ArgumentParser(prog="python -m bench.profile_chat", description=__doc__)
    parser.add_argument("--home", default="var", help="CRIMEASSIST_HOME (seeded)")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--records-pg", help="records on PostgreSQL (reader DSN)")
    parser.add_argument("--audit-pg", help="audit on PostgreSQL (writer DSN)")
    parser.add_argument("--checkpoint-pg", help="checkpoints on PostgreSQL")
    parser.add_argument("--no-profile", dest="profile", action="store_false")
    parser.add_argument(
        "--conversation", action="store_true", help="every request in its officer's conversation"
    )
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--dump", help="write the merged pstats here")
    args = parser.parse_args()
    configure(args)
    profiles = ThreadProfiles()
    if args.profile:
        profiles.install()
    result = asyncio.run(drive(args, profiles))
    threading.setprofile(None)  # type: ignore[arg-type]
    print(result)
    if args.profile:
        stats = profiles.stats()
        if args.dump:
            stats.dump_stats(args.dump)
        for key in ("cumulative", "tottime"):
            out = io.StringIO()
            stats.stream = out  # type: ignore[attr-defined]
            stats.sort_stats(key).print_stats(args.top)
            print(out.getvalue(), file=sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
