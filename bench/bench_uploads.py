"""`/healthz` latency while worst-case image uploads are processed (issue 13, finding 5).

Run: `uv run python -m bench.bench_uploads [--rounds N]` (prints JSON). The service runs under
uvicorn on 127.0.0.1 over a freshly seeded demo home. One thread polls `/healthz` back to
back while four clients each upload the heaviest message the limits accept: one 8000x5000 RGB
PNG (40 MP, about 120 KB) through `/v1/chat`. The same load is measured twice, side by side:
with validation on the bounded upload workers (the service as shipped) and with it inline on
the event loop (the path before the fix, though with today's early downscaling). The red
team's message, four 38 KB 8000x5000 PNGs, is also sent: the pixel budget refuses it from
the headers. Loopback only, bounded in count.
"""

from __future__ import annotations

import argparse
import json
import logging
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import httpx
from PIL import Image

from app.api.service import create_app
from app.assistant import Assistant
from app.auth import TokenService
from app.settings import Settings
from app.upload_pool import UploadPool
from app.wiring import open_assistant
from bench.bench_stream import seed, served
from bench.stats import summary_ms
from tests.support import images

T = TypeVar("T")
CLIENTS = 4
BADGE = "KA-3003"
QUESTION = "read the number plate in this photo"


class InlinePool(UploadPool):
    """Validation on the event loop, as before the fix (for comparison only)."""

    async def run(self, function: Callable[..., T], *args: object) -> T:
        return function(*args)


def worst_images() -> dict[str, bytes]:
    """The heaviest accepted image and the red team's image."""
    return {
        "rgb_png_40mp": images.encode(Image.new("RGB", (8000, 5000), (40, 40, 40)), "PNG"),
        "grey_png_40mp": images.encode(Image.new("L", (8000, 5000), 0), "PNG"),
    }


def upload(base: str, headers: dict[str, str], files: list[tuple[str, bytes]]) -> dict[str, Any]:
    """One multipart chat request; status and wall time."""
    started = time.perf_counter()
    with httpx.Client(base_url=base, timeout=120) as client:
        reply = client.post(
            "/v1/chat",
            headers=headers,
            data={"request": json.dumps({"message": QUESTION})},
            files=[("attachments", (name, data, "image/png")) for name, data in files],
        )
    return {"status": reply.status_code, "ms": (time.perf_counter() - started) * 1000}


def poll_health(base: str, stop: threading.Event, samples: list[float], cap: int) -> None:
    """`/healthz` back to back until stopped (at most `cap` requests)."""
    with httpx.Client(base_url=base, timeout=60) as client:
        while not stop.is_set() and len(samples) < cap:
            started = time.perf_counter()
            client.get("/healthz").raise_for_status()
            samples.append((time.perf_counter() - started) * 1000)


def under_load(
    base: str, headers: dict[str, str], png: bytes, rounds: int
) -> tuple[list[float], list[dict[str, Any]]]:
    """Health samples while `rounds` x CLIENTS uploads run, and the uploads' outcomes."""
    samples: list[float] = []
    stop = threading.Event()
    poller = threading.Thread(target=poll_health, args=(base, stop, samples, 20_000))
    poller.start()
    outcomes: list[dict[str, Any]] = []
    try:
        with ThreadPoolExecutor(CLIENTS) as pool:
            for _ in range(rounds):
                jobs = [
                    pool.submit(upload, base, headers, [(f"wall{i}.png", png)])
                    for i in range(CLIENTS)
                ]
                outcomes += [job.result() for job in jobs]
    finally:
        stop.set()
        poller.join(60)
    return samples, outcomes


def health_summary(samples: list[float]) -> dict[str, float]:
    """Percentiles, the worst sample and how many took over 250 ms (a stalled loop)."""
    return {
        **summary_ms(samples),
        "max_ms": round(max(samples), 3),
        "over_250ms": sum(1 for sample in samples if sample > 250),
    }


def measure(home: Path, inline: bool, imgs: dict[str, bytes], rounds: int) -> dict[str, Any]:
    """Idle and loaded `/healthz` latency for one way of running validation."""
    settings = Settings(home=home)
    headers = {"Authorization": f"Bearer {TokenService.from_settings(settings).mint(BADGE)}"}

    @asynccontextmanager
    async def factory(s: Settings) -> AsyncIterator[Assistant]:
        async with open_assistant(s) as assistant:
            if inline:
                assistant.uploads = InlinePool()
            yield assistant

    app = create_app(settings, assistant_factory=factory)
    with served(app) as base:
        upload(base, headers, [("warm.png", images.encode(Image.new("RGB", (64, 64)), "PNG"))])
        idle: list[float] = []
        done = threading.Event()
        poll_health(base, done, idle, 200)
        loaded, outcomes = under_load(base, headers, imgs["rgb_png_40mp"], rounds)
        red_team = upload(
            base, headers, [(f"wall{i}.png", imgs["grey_png_40mp"]) for i in range(4)]
        )
    return {
        "healthz_idle": health_summary(idle),
        "healthz_under_upload_load": health_summary(loaded),
        "uploads": {
            "requests": len(outcomes),
            "statuses": sorted({o["status"] for o in outcomes}),
            "latency": summary_ms([o["ms"] for o in outcomes]),
        },
        "red_team_4x_38kb_png": {
            "status": red_team["status"],
            "ms": round(red_team["ms"], 1),
        },
    }


def run(rounds: int = 1, n_firs: int = 2000) -> dict[str, Any]:
    """Both variants on one scratch demo home; returns the report."""
    logging.getLogger("httpx").setLevel(logging.WARNING)
    imgs = worst_images()
    with tempfile.TemporaryDirectory(prefix="bench-uploads-") as scratch:
        home = Path(scratch)
        seed(home, n_firs)
        pooled = measure(home, inline=False, imgs=imgs, rounds=rounds)
        inline = measure(home, inline=True, imgs=imgs, rounds=rounds)
    return {
        "load": f"{CLIENTS} concurrent clients x {rounds} rounds, one 8000x5000 RGB PNG "
        f"({len(imgs['rgb_png_40mp']) // 1024} KB) per message, /v1/chat multipart",
        "red_team_image_kb": len(imgs["grey_png_40mp"]) // 1024,
        "upload_workers": Settings().upload_workers,
        "request_pixel_budget": Settings().request_pixel_budget,
        "transport": "uvicorn on 127.0.0.1, httpx clients in threads",
        "worker_pool": pooled,
        "inline_on_event_loop_for_comparison": inline,
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--firs", type=int, default=2000)
    args = parser.parse_args()
    print(json.dumps(run(args.rounds, args.firs), indent=2))
