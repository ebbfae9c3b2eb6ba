"""Streaming latency: time to the first progress event and to the final event over the ASGI app.

Run: `uv run python -m bench.bench_stream [--runs N] [--firs N]` (prints JSON). An offline
records question ("how many vehicle thefts in KR Puram this year") is streamed N times from a
uvicorn server on 127.0.0.1 (httpx's ASGITransport buffers whole responses, so it cannot time
a first event), on a freshly seeded demo home. Goal: first progress event p95 under 50 ms.
The first run (warm-up: lazy model loads) is reported separately.
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI

from app.api.service import create_app
from app.auth import TokenService
from app.settings import Settings

QUESTION = "how many vehicle thefts in KR Puram this year"
BADGE = "KA-3003"
REPO = Path(__file__).resolve().parent.parent


def percentiles(samples: list[float]) -> dict[str, float]:
    """p50, p95 and max in milliseconds."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {
        "p50_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(p95, 2),
        "max_ms": round(ordered[-1], 2),
    }


def seed(home: Path, n_firs: int) -> None:
    """Demo records and the knowledge-base index under `home`."""
    from tools.knowledge.index import KnowledgeIndex
    from tools.records.seed import build_records_db

    build_records_db(home / "records.db", n_firs=n_firs, seed=7, today=date(2026, 12, 2))
    index = KnowledgeIndex.open(path=home / "qdrant", collection="sop_kb")
    try:
        index.ingest([REPO / "kb"])
    finally:
        index.close()


@contextmanager
def served(app: FastAPI) -> Iterator[str]:
    """The app under uvicorn on a free loopback port, in a thread; yields its base URL."""
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            thread.join(0.02)
        yield f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)


def one_run(client: httpx.Client, headers: dict[str, str]) -> tuple[float, float]:
    """Milliseconds to the first progress event and to the final event of one request."""
    started = time.perf_counter()
    first = final = 0.0
    with client.stream(
        "POST", "/v1/chat/stream", headers=headers, json={"message": QUESTION}
    ) as response:
        response.raise_for_status()
        for line in response.iter_lines():
            if line == "event: progress" and not first:
                first = (time.perf_counter() - started) * 1000
            elif line == "event: final":
                final = (time.perf_counter() - started) * 1000
            elif line == "event: error":
                raise RuntimeError("the stream ended with an error event")
    return first, final


def measure(home: Path, runs: int) -> dict[str, Any]:
    """Warm-up plus `runs` timed requests to one server."""
    settings = Settings(home=home)
    headers = {"Authorization": f"Bearer {TokenService.from_settings(settings).mint(BADGE)}"}
    with (
        served(create_app(settings)) as base,
        httpx.Client(base_url=base, timeout=60) as client,
    ):
        warm_first, warm_final = one_run(client, headers)
        samples = [one_run(client, headers) for _ in range(runs)]
    return {
        "warmup_ms": {"first_progress": round(warm_first, 2), "final": round(warm_final, 2)},
        "first_progress": percentiles([first for first, _ in samples]),
        "final": percentiles([final for _, final in samples]),
    }


def run(runs: int = 30, n_firs: int = 2000) -> dict[str, Any]:
    """The benchmark on a scratch demo home; returns the report."""
    with tempfile.TemporaryDirectory(prefix="bench-stream-") as scratch:
        home = Path(scratch)
        seed(home, n_firs)
        report = measure(home, runs)
    first_p95 = report["first_progress"]["p95_ms"]
    return {
        "question": QUESTION,
        "runs": runs,
        "firs": n_firs,
        "transport": "uvicorn on 127.0.0.1, httpx streaming client",
        **report,
        "goal_first_progress_p95_ms": 50.0,
        "goal_met": first_p95 < 50.0,
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--firs", type=int, default=2000)
    args = parser.parse_args()
    logging.getLogger("httpx").setLevel(logging.WARNING)
    print(json.dumps(run(args.runs, args.firs), indent=2))
