"""End-to-end `ask` latency for record questions, offline, at 20,000 and 1,000,000 FIRs."""

from __future__ import annotations

import asyncio
import os
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from app.settings import Settings
from app.wiring import open_assistant
from bench.stats import summary_ms
from schemas.request import ChatRequest
from tools.records.seed import build_records_db
from tools.roster import officer_by_badge

QUESTIONS = (
    "how many vehicle thefts in KR Puram this year",
    "status of FIR-2026-04829",
    "list cheating cases in Whitefield last month",
    "FIRs by crime group in KR Puram in 2025",
    "is KA05MN4321 stolen?",
)
ROUNDS = 8


async def latencies(home: Path) -> dict[str, Any]:
    async with open_assistant(Settings(home=home)) as assistant:
        officer = officer_by_badge("KA-3003")
        for question in QUESTIONS:
            await assistant.ask(officer, ChatRequest(message=question))
        totals = []
        for _ in range(ROUNDS):
            for question in QUESTIONS:
                response = await assistant.ask(officer, ChatRequest(message=question))
                totals.append(response.timings_ms["total"])
    return summary_ms(totals)


def run(sizes: tuple[int, ...] = (20_000, 1_000_000)) -> dict[str, Any]:
    """Seed each size in a temp home (a KB-less index), then time the records questions."""
    out: dict[str, Any] = {"questions": list(QUESTIONS), "officer": "KA-3003 (4 precincts)"}
    for size in sizes:
        with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP")) as tmp:
            stats = build_records_db(
                Path(tmp) / "records.db", n_firs=size, seed=7, today=date(2026, 12, 2)
            )
            out[f"firs_{size}"] = {
                "seed_seconds": round(stats.seconds, 1),
                **asyncio.run(latencies(Path(tmp))),
            }
    out["goal"] = "p95 at most 50 ms offline at 1,000,000 FIRs"
    return out


if __name__ == "__main__":
    print(run())
