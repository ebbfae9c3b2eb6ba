"""Guardrail benchmark: labelled-set precision/recall and cost per 2,000-character answer."""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from schemas.officer import Officer
from validators.guardrail.engine import Guardrail
from validators.guardrail.evaluation import evaluate, load_examples

OFFICER = Officer(badge_id="B-1", name="Bench", rank="PC", clearance=1, precincts=frozenset())
WORDS = [
    "the",
    "complainant",
    "reported",
    "theft",
    "of",
    "a",
    "two-wheeler",
    "near",
    "the",
    "bus",
    "stand",
    "FIR-2026-04829",
    "registered",
    "under",
    "BNS",
    "303(2)",
    "on",
    "2026-11-28",
    "19:40:00",
    "loss",
    "Rs",
    "2,35,000",
    "vehicle",
    "KA05MN4321",
    "investigating",
    "officer",
    "statement",
    "recorded",
    "CCTV",
    "footage",
    "collected",
    "witness",
]


def answer(rng: random.Random, chars: int = 2000) -> str:
    """A realistic answer with a few identifiers mixed into ordinary words."""
    parts: list[str] = []
    while sum(len(p) + 1 for p in parts) < chars:
        roll = rng.random()
        if roll < 0.02:
            parts.append(f"{rng.choice('6789')}{rng.randint(0, 999999999):09d}")
        elif roll < 0.03:
            parts.append(f"Name{rng.randint(0, 299)} Surname{rng.randint(0, 299)}")
        else:
            parts.append(rng.choice(WORDS))
    return " ".join(parts)[:chars]


def cost(samples: int = 300) -> dict[str, float]:
    """p50/p95 milliseconds of `redact` with a ~300-value deny-list."""
    rng = random.Random(7)
    deny = [f"Name{i} Surname{i}" for i in range(200)] + [
        f"9{rng.randint(0, 999999999):09d}" for _ in range(100)
    ]
    guardrail = Guardrail.load()
    texts = [answer(rng) for _ in range(samples)]
    timings = []
    for text in texts:
        started = time.perf_counter()
        guardrail.for_request(OFFICER, deny).redact(text)
        timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    return {
        "p50_ms": round(statistics.median(timings), 3),
        "p95_ms": round(timings[int(0.95 * len(timings)) - 1], 3),
        "deny_values": len(deny),
        "answer_chars": 2000,
    }


def run() -> dict[str, Any]:
    """Precision/recall on the labelled set and the per-response cost."""
    report = evaluate(load_examples())
    return {
        "labelled": {k: v for k, v in report.items() if k not in ("leaked", "false_alarms")}
        | {"leaked": len(report["leaked"]), "false_alarms": len(report["false_alarms"])},
        "cost": cost(),
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
