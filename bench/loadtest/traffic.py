"""Simulated officers: a realistic question mix sent at a fixed concurrency, bounded in
requests and time; every response's status, error code, request id and latency is kept."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

import httpx

QUESTIONS = (
    "Good morning",
    "how many FIRs in my precincts this year",
    "how many vehicle thefts this month",
    "show the pending cases under investigation",
    "what is a zero FIR",
    "steps to follow when a POCSO complaint is received",
    "how many thefts this year and what is the procedure for a stolen vehicle report",
    "/help",
    "which crime head has the most cases this year",
    "thanks",
)


@dataclass
class Outcome:
    """One request as the client saw it."""

    status: int
    seconds: float
    request_id: str | None
    error: str | None = None
    partial: bool = False
    warnings: list[str] = field(default_factory=list)


async def _one(
    client: httpx.AsyncClient, path: str, headers: dict[str, str], body: dict[str, object] | None
) -> Outcome:
    started = time.perf_counter()
    try:
        if body is None:
            reply = await client.get(path, headers=headers)
        else:
            reply = await client.post(path, json=body, headers=headers)
    except httpx.HTTPError as error:
        return Outcome(0, time.perf_counter() - started, None, error=type(error).__name__)
    elapsed = time.perf_counter() - started
    payload = (
        reply.json() if reply.headers.get("content-type", "").startswith("application/json") else {}
    )
    return Outcome(
        reply.status_code,
        elapsed,
        reply.headers.get("x-request-id") or payload.get("request_id"),
        error=payload.get("error"),
        partial=bool(payload.get("partial")),
        warnings=list(payload.get("warnings") or []),
    )


async def drive(
    base_url: str,
    tokens: list[str],
    *,
    requests: int,
    concurrency: int,
    seconds: float,
    chat: bool = True,
    seed: int = 7,
) -> list[Outcome]:
    """Send `requests` requests (chat or /healthz), `concurrency` in flight, within `seconds`."""
    rng = random.Random(seed)
    plan = [(rng.choice(tokens), rng.choice(QUESTIONS)) for _ in range(requests)]
    queue: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
    for item in plan:
        queue.put_nowait(item)
    outcomes: list[Outcome] = []
    deadline = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base_url, timeout=60, limits=limits) as client:

        async def officer() -> None:
            while not queue.empty() and time.monotonic() < deadline:
                token, question = queue.get_nowait()
                if chat:
                    headers = {"Authorization": f"Bearer {token}"}
                    outcomes.append(await _one(client, "/v1/chat", headers, {"message": question}))
                else:
                    outcomes.append(await _one(client, "/healthz", {}, None))

        await asyncio.gather(*(officer() for _ in range(concurrency)))
    return outcomes


def summary(outcomes: list[Outcome], wall_s: float) -> dict[str, object]:
    """Throughput, latency percentiles and outcome counts."""
    times = sorted(o.seconds * 1000 for o in outcomes)

    def pct(p: float) -> float:
        return round(times[min(len(times) - 1, int(p * len(times)))], 1) if times else 0.0

    codes: dict[str, int] = {}
    for o in outcomes:
        key = str(o.status) + (f" {o.error}" if o.error else "")
        codes[key] = codes.get(key, 0) + 1
    return {
        "requests": len(outcomes),
        "throughput_rps": round(len(outcomes) / wall_s, 1) if wall_s else 0.0,
        "p50_ms": pct(0.50),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "outcomes": codes,
        "partial": sum(o.partial for o in outcomes),
    }
