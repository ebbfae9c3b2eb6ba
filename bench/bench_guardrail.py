"""Guardrail benchmark: precision/recall on the labelled set, and cost per 2,000-char answer.

Precision and recall: `python -m validators.guardrail.evaluation` (the same report).
Cost: a request's guard is built once (deny-list automata over ~300 withheld values, the
allow-list of public words and shown rows) and then redacts 2,000-character officer
answers. The automata are kept per distinct deny-list and allow-list, so the build is
reported twice: for the first request with a deny-list, and for a later one with the same.
Beside it, in the same run and on the same answers, the floor: a plain `str.find` loop of
every withheld value over the answer (what any deny-list check must at least do).
Wall-clock and CPU time are both reported, since other jobs may share the machine, and each
answer's best of five redactions (what the answer costs when nothing else runs).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bench.stats import percentile
from graph.nodes.aggregator import public_vocabulary
from schemas.officer import Officer
from tools.domain import seed_names as nm
from tools.domain.crimes import all_heads
from tools.domain.places import LOCALITIES, STATIONS
from validators.guardrail.denylist import DenyList
from validators.guardrail.engine import Guardrail
from validators.guardrail.evaluation import evaluate, load_examples

OFFICER = Officer(
    badge_id="B-1", name="Bench", rank="PC", clearance=1, precincts=frozenset({"BLR-E-KRP"})
)
CHARS = 2000
SAMPLES = 400
REPEATS = 5  # best of: each answer's cost without the scheduler's share of a busy machine
LEAK_SHARE = 0.2  # answers carrying one withheld value or identifier, written some odd way


def deny_values(rng: random.Random) -> list[str]:
    """~300 values a clearance tier withholds: names, addresses, places, phones."""
    names = [
        f"{rng.choice(nm.FEMALE_FIRST + nm.MALE_FIRST)} {rng.choice(nm.SURNAMES)}"
        for _ in range(150)
    ]
    localities = [place for places in LOCALITIES.values() for place in places]
    addresses = [
        f"{rng.randint(1, 400)}, {rng.randint(4, 12)}th Cross, {rng.choice(localities)}, "
        f"Bengaluru 5600{rng.randint(10, 99)}"
        for _ in range(50)
    ]
    places = [
        f"Near {rng.choice(nm.LANDMARKS).title()}, {rng.choice(localities)}" for _ in range(45)
    ]
    phones = [f"{rng.choice('6789')}{rng.randint(0, 999_999_999):09d}" for _ in range(50)]
    return names + addresses + places + ["Online"] * 5 + phones


def sentence(rng: random.Random) -> str:
    """One sentence of an ordinary records or law answer."""
    station, head = rng.choice(STATIONS), rng.choice(all_heads())
    month = f"2026-{rng.randint(1, 11):02d}"
    return rng.choice(
        (
            f"{station.station_name} registered {rng.randint(0, 300)} {head.crime_head} cases.",
            f"- fir id FIR-2026-{rng.randint(1, 99999):05d}, crime head {head.crime_head}, "
            f"status Under investigation, registered at {month}-{rng.randint(1, 28):02d} "
            f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00, io name D. Shankar (PSI).",
            f"Month by month: {month}: {rng.randint(0, 40)}, 2026-12: {rng.randint(0, 40)}.",
            f"{head.crime_head.title()} falls under {', '.join(head.bns)} (before the cut-over "
            f"{', '.join(head.ipc)}).",
            f"Loss of Rs {rng.randint(1, 9)},{rng.randint(10, 99)},000 was reported near the "
            f"{rng.choice(nm.LANDMARKS)}; vehicle "
            f"KA{rng.randint(1, 70):02d}MN{rng.randint(1000, 9999)}.",
            f"SELECT COUNT(fir_id) FROM firs WHERE crime_head = '{head.crime_head}' AND "
            f"precinct_id IN ('{station.precinct_id}') AND place_of_occurrence = 'Online'",
        )
    )


def leak(rng: random.Random, deny: list[str]) -> str:
    """A withheld value or an identifier as a careless or hostile answer might write it."""
    phone = rng.choice([v for v in deny if v.isdigit()])
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    return rng.choice(
        (
            f"Victim {rng.choice(deny[:150]).split()[0]} was present.",
            f"Call {','.join(phone)} now.",
            f"Call {' '.join(words[int(d)] for d in phone)} now.",
            "Aadhaar 2345_6789_0124 on file.",
        )
    )


def answer(rng: random.Random, deny: list[str]) -> str:
    """A 2,000-character answer; a share of them carries one leak."""
    parts = [leak(rng, deny)] if rng.random() < LEAK_SHARE else []
    while sum(len(p) + 1 for p in parts) < CHARS:
        parts.insert(rng.randrange(len(parts) + 1), sentence(rng))
    return " ".join(parts)[:CHARS]


def find_all(text: str, values: list[str]) -> list[int]:
    """The floor: where each withheld value first occurs, by plain `str.find`."""
    return [text.find(value) for value in values]


def timed(function: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU milliseconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    function()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def summary(samples: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(percentile(samples, 0.5), 3),
        "p95_ms": round(percentile(samples, 0.95), 3),
    }


def cost(samples: int = SAMPLES) -> dict[str, Any]:
    """Build and redact cost beside the `str.find` floor, interleaved on the same answers."""
    rng = random.Random(7)
    deny = deny_values(rng)
    shown = [f"{rng.choice(nm.MALE_FIRST)} {rng.choice(nm.SURNAMES)}" for _ in range(60)]
    allow = [*public_vocabulary(), *shown]
    guardrail = Guardrail.load()
    texts = [answer(rng, deny) for _ in range(samples)]
    guardrail.for_request(OFFICER, deny, allow).redact(texts[0])  # warm caches once
    builds: list[tuple[float, float]] = []
    first_builds: list[tuple[float, float]] = []
    guard = guardrail.for_request(OFFICER, deny, allow)
    runs: dict[str, list[tuple[float, float]]] = {"redact": [], "find_floor": []}
    for text in texts:
        builds.append(timed(partial(guardrail.for_request, OFFICER, deny, allow)))
        first_builds.append(timed(partial(DenyList, deny, allow)))
        runs["redact"].append(timed(partial(guard.redact, text)))
        runs["find_floor"].append(timed(partial(find_all, text, deny)))
    wall = {name: summary([w for w, _ in values]) for name, values in runs.items()}
    cpu = {name: summary([c for _, c in values]) for name, values in runs.items()}
    # a fresh request guard per repeat: a guard remembers the texts it has redacted
    fresh = [guardrail.for_request(OFFICER, deny, allow) for _ in range(REPEATS)]
    best = [min(timed(partial(g.redact, text))[0] for g in fresh) for text in texts]
    return {
        "answer_chars": CHARS,
        "answers": samples,
        "answers_with_a_leak": round(LEAK_SHARE, 2),
        "deny_values": len(deny),
        "allow_values": len(allow),
        "wall": wall,
        "cpu": cpu,
        "redact_best_of_repeats": {"repeats": REPEATS, **summary(best)},
        "build_per_request": {
            "wall": summary([w for w, _ in builds]),
            "cpu": summary([c for _, c in builds]),
        },
        "build_first_request_with_a_deny_list": {
            "wall": summary([w for w, _ in first_builds]),
            "cpu": summary([c for _, c in first_builds]),
        },
        "redact_p95_over_find_floor_p95": {
            "wall": round(wall["redact"]["p95_ms"] / wall["find_floor"]["p95_ms"], 2),
            "cpu": round(cpu["redact"]["p95_ms"] / cpu["find_floor"]["p95_ms"], 2),
        },
        "goal": "redact p95 < 2 ms per 2,000-character answer",
    }


def run() -> dict[str, Any]:
    """Precision/recall on the labelled set and the per-answer cost."""
    report = evaluate(load_examples())
    return {
        "labelled": {k: v for k, v in report.items() if k not in ("leaked", "false_alarms")}
        | {"leaked": len(report["leaked"]), "false_alarms": len(report["false_alarms"])},
        "evaluation_command": "python -m validators.guardrail.evaluation",
        "cost": cost(),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
