"""Router benchmark: single-message decision latency and held-out quality.

Run: `uv run python bench/bench_router.py` (prints a summary; `run()` returns a dict).
Latency covers classifier scoring + mixed-intent detection + threshold policy for one message,
measured after one warm-up pass, on the held-out messages repeated.
"""

from __future__ import annotations

import gc
import json
import statistics
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from graph.routing.classifier import RouterClassifier, load_examples
from graph.routing.evaluate import DEFAULT_EVAL_PATH, evaluate
from graph.routing.mixed import detect_mixed_intent
from graph.routing.policy import decide

REPEATS = 5


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _time_decisions(router: RouterClassifier, texts: list[str]) -> list[float]:
    """Milliseconds per message for scoring + mixed-intent detection + policy."""
    samples: list[float] = []
    for _ in range(REPEATS):
        for text in texts:
            t0 = time.perf_counter()
            scores = router.predict(text)
            decide(scores, detect_mixed_intent(text, scores.probabilities))
            samples.append((time.perf_counter() - t0) * 1000.0)
    return samples


def run(cache_dir: Path | None = None) -> dict[str, Any]:
    """Measure and return latency (ms) and quality numbers."""
    started = time.perf_counter()
    router = RouterClassifier.load(cache_dir)
    load_s = time.perf_counter() - started
    texts, _ = load_examples(DEFAULT_EVAL_PATH)
    for text in texts:
        router.predict(text)
    gc.disable()  # as timeit does: collector pauses are not decision latency
    try:
        samples = _time_decisions(router, texts)
    finally:
        gc.enable()
    report = evaluate(DEFAULT_EVAL_PATH, router)
    return {
        "router_version": router.version,
        "load_or_train_s": round(load_s, 3),
        "latency_ms": {
            "n": len(samples),
            "p50": round(_percentile(samples, 0.50), 4),
            "p99": round(_percentile(samples, 0.99), 4),
            "mean": round(statistics.fmean(samples), 4),
        },
        "eval": {
            "n": report.n,
            "accuracy": round(report.accuracy, 4),
            "ece": round(report.ece, 4),
            "decision_accuracy": round(report.decision_accuracy, 4),
            "fallback_rate": round(report.fallback_rate, 4),
            "misroute_rate": round(report.misroute_rate, 4),
            "per_route": {
                route: {k: round(v, 4) if isinstance(v, float) else v for k, v in asdict(m).items()}
                for route, m in report.per_route.items()
            },
        },
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
