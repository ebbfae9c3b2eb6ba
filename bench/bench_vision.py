"""Vision pre-parser benchmark on generated images: accuracy, latency per kind, memory.

Run: `uv run python -m bench.bench_vision [--plates N] [--codes N] [--cards N]` (prints JSON).
Goals: plates >= 95% exact after normalisation, codes 100%, barcode p95 < 20 ms,
plate p95 < 500 ms on the development machine. Latency is of `parse` alone (validation of
the upload is timed separately). The machine's load average is reported with the numbers,
since latency on a shared 2-core machine depends on what else is running.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from tests.support import images
from tools.vision.ocr import DEFAULT_THREADS
from tools.vision.preparser import VisionPreparser
from validators.attachments import ValidatedImage, validate_image


def _rss_mb() -> float:
    """Current resident set size (Linux /proc), in MiB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return round(pages * resource.getpagesize() / 2**20, 1)


def _peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    if not ordered:
        return {}

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {
        "p50_ms": round(statistics.median(ordered), 2),
        "p95_ms": pick(0.95),
        "max_ms": round(ordered[-1], 2),
    }


def _validated(img: Image.Image, timings: list[float]) -> ValidatedImage:
    data = images.encode(img, "PNG")
    start = time.perf_counter()
    validated = validate_image(data, "bench.png", "image/png")
    timings.append((time.perf_counter() - start) * 1000)
    return validated


def _timed_parse(
    preparser: VisionPreparser, image: ValidatedImage, hint: str = ""
) -> tuple[Any, float]:
    start = time.perf_counter()
    findings = preparser.parse(image, hint)
    return findings, (time.perf_counter() - start) * 1000


def bench_plates(preparser: VisionPreparser, count: int, seed: int) -> dict[str, Any]:
    """Exact-match plate accuracy on generated plates of varied font, size, blur, tilt, noise."""
    rng = random.Random(seed)
    latencies: list[float] = []
    validation: list[float] = []
    misses: list[dict[str, Any]] = []
    paths: Counter[str] = Counter()
    correct = 0
    for _ in range(count):
        plate = images.random_plate(rng)
        style = images.random_plate_style(rng)
        image = _validated(images.render_plate(plate, style, rng), validation)
        findings, elapsed = _timed_parse(preparser, image)
        latencies.append(elapsed)
        paths["full_ocr" if "ocr" in findings.timings_ms else "plate_crops"] += 1
        best = findings.of_kind("plate")
        got = best[0].value if best else None
        if got == plate:
            correct += 1
        else:
            misses.append({"expected": plate, "got": got, "style": style.__dict__})
    return {
        "images": count,
        "exact": correct,
        "accuracy": round(correct / count, 4),
        "latency": _percentiles(latencies),
        "validation_latency": _percentiles(validation),
        "paths": dict(paths),
        "misses": misses[:10],
    }


_CODE_CONTENTS: tuple[Callable[[random.Random], str], ...] = (
    lambda r: f"FIR-{r.randint(2016, 2026)}-{r.randint(0, 99999):05d}",
    lambda r: f"EVID-{r.randint(0, 999999):06d}",
    lambda r: f"https://ksp.example/verify?id={r.getrandbits(40):x}",
    lambda r: "".join(r.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(12)),
)


def bench_codes(preparser: VisionPreparser, count: int, seed: int) -> dict[str, Any]:
    """QR and Code 128 accuracy and fast-path latency (half of each, varied size and margin)."""
    rng = random.Random(seed)
    results: dict[str, dict[str, Any]] = {}
    validation: list[float] = []
    for kind in ("qr", "barcode"):
        latencies: list[float] = []
        correct = 0
        for _ in range(count // 2):
            content = rng.choice(_CODE_CONTENTS)(rng)
            if kind == "qr":
                img = images.qr_image(content, scale=rng.choice((3, 4, 6, 8)))
            else:
                img = images.code128_image(content, scale=rng.choice((2, 3, 4)))
            img = images.on_canvas(img, margin=rng.choice((20, 40, 120)))
            findings, elapsed = _timed_parse(preparser, _validated(img, validation))
            latencies.append(elapsed)
            correct += any(e.kind == kind and e.value == content for e in findings.extractions)
        results[kind] = {
            "images": count // 2,
            "exact": correct,
            "accuracy": round(correct / (count // 2), 4),
            "latency": _percentiles(latencies),
        }
    results["validation_latency"] = _percentiles(validation)
    return results


def _card(kind: str, rng: random.Random) -> tuple[Image.Image, str]:
    """A generated card of `kind` and the display value the pre-parser should return."""
    if kind == "pan":
        pan = images.pan_number(rng)
        return images.pan_card(pan), pan
    if kind == "aadhaar":
        number = images.aadhaar_number(rng)
        return images.aadhaar_card(number), f"XXXX XXXX {number[-4:]}"
    if kind == "voter_id":
        epic = images.epic_number(rng)
        return images.voter_card(epic), epic
    dl = images.dl_number(rng)
    return images.dl_card(dl), dl


def bench_cards(preparser: VisionPreparser, per_kind: int, seed: int) -> dict[str, Any]:
    """Identity cards (full OCR path): number read correctly, and latency, per card kind."""
    rng = random.Random(seed)
    results: dict[str, Any] = {}
    validation: list[float] = []
    for kind in ("pan", "aadhaar", "voter_id", "driving_licence"):
        latencies: list[float] = []
        misses: list[list[str]] = []
        correct = 0
        for _ in range(per_kind):
            img, expected = _card(kind, rng)
            findings, elapsed = _timed_parse(preparser, _validated(img, validation))
            latencies.append(elapsed)
            if any(e.kind == kind and e.value == expected for e in findings.extractions):
                correct += 1
            else:
                misses.append([e.describe() for e in findings.extractions])
        results[kind] = {
            "images": per_kind,
            "exact": correct,
            "latency": _percentiles(latencies),
            "misses": misses,
        }
    return results


def run(
    plates: int = 120,
    codes: int = 60,
    cards_per_kind: int = 5,
    seed: int = 2026,
    threads: int = DEFAULT_THREADS,
) -> dict[str, Any]:
    """Run every section and return the measurements."""
    rss_before = _rss_mb()
    start = time.perf_counter()
    preparser = VisionPreparser.load(threads=threads)
    load_s = time.perf_counter() - start
    warm = images.render_plate("KA01AB1234", images.PlateStyle())
    preparser.parse(validate_image(images.encode(warm, "PNG"), "warm.png", None))
    report: dict[str, Any] = {
        "model_load_s": round(load_s, 3),
        "ocr_threads": threads,
        "plates": bench_plates(preparser, plates, seed),
        "codes": bench_codes(preparser, codes, seed + 1),
        "cards": bench_cards(preparser, cards_per_kind, seed + 2),
    }
    report["machine"] = {
        "cpus": os.cpu_count(),
        "load_average_1_5_15": [round(value, 2) for value in os.getloadavg()],
    }
    report["memory"] = {
        "rss_before_load_mb": rss_before,
        "rss_after_mb": _rss_mb(),
        "peak_rss_mb": _peak_rss_mb(),
    }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plates", type=int, default=120)
    parser.add_argument("--codes", type=int, default=60)
    parser.add_argument("--cards", type=int, default=5, help="cards per kind")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS, help="OCR threads")
    args = parser.parse_args()
    report = run(args.plates, args.codes, args.cards, args.seed, args.threads)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
