"""`make bench`: runs every benchmark in one process, one after another, and writes
docs/benchmarks.md (the measured numbers and the machine they came from); naming suites
(`python -m bench bench_guardrail`) reruns only those and keeps the other sections."""

from __future__ import annotations

import importlib
import json
import os
import platform
import sys
import time
import traceback
from datetime import UTC, datetime
from pathlib import Path

SUITES = (
    ("Audit trail append rate", "bench.bench_audit"),
    ("Graph overhead per request", "bench.bench_graph"),
    ("ZCQL validator versus bare sqlglot parse", "bench.bench_validator"),
    ("Offline Text-to-ZCQL execution accuracy", "bench.bench_text2zcql"),
    ("Router: held-out quality and decision latency", "bench.bench_router"),
    ("Knowledge retrieval: quality and latency", "bench.bench_retrieval"),
    ("Vision pre-parser: accuracy and latency", "bench.bench_vision"),
    ("Fallback engine: deadlines, cycles, planner accuracy", "bench.bench_fallback"),
    ("Guardrail: precision, recall and cost", "bench.bench_guardrail"),
    ("Streaming: first progress event and final answer", "bench.bench_stream"),
    ("Uploads: /healthz latency under worst-case images", "bench.bench_uploads"),
    ("End-to-end ask latency for record questions", "bench.bench_ask"),
    ("Records at scale: cleared questions beside the bare SQL floor", "bench.bench_records"),
)
DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


def previous_sections(text: str) -> dict[str, str]:
    """The document's sections by title, so a partial run keeps the others."""
    sections: dict[str, str] = {}
    for chunk in text.split("\n## ")[1:]:
        title = chunk.split("\n", 1)[0].strip()
        sections[title] = "## " + chunk.rstrip() + "\n"
    return sections


def main(selected: list[str]) -> int:
    """Run the chosen suites (all by default) and rewrite the results document."""
    sections = []
    for title, module in SUITES:
        if selected and module.rsplit(".", 1)[-1] not in selected:
            continue
        started = time.perf_counter()
        print(f"== {title} ({module})", flush=True)
        try:
            result = importlib.import_module(module).run()
        except Exception:
            result = {"error": traceback.format_exc(limit=3)}
        elapsed = time.perf_counter() - started
        print(json.dumps(result, default=str)[:2000], flush=True)
        sections.append((title, module, elapsed, result))
    write_sections(sections)
    return 0


def write_sections(sections: list[tuple[str, str, float, object]]) -> None:
    """Replace these sections of docs/benchmarks.md (title, module, seconds, result)."""
    load = os.getloadavg()
    header = (
        f"Measured on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {load[0]:.2f}."
    )
    kept = previous_sections(DOC.read_text(encoding="utf-8")) if DOC.exists() else {}
    for title, module, elapsed, result in sections:
        kept[title] = "\n".join(
            [
                f"## {title}",
                "",
                f"`{module}` ({elapsed:.1f} s). {header}",
                "",
                "```json",
                json.dumps(result, indent=2, default=str),
                "```",
                "",
            ]
        )
    lines = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`python -m bench [suite ...]` reruns some suites and keeps the",
        "other sections). Each section says when and on what it was measured; ratios within a",
        "section compare paths measured side by side in the same run.",
        "",
    ]
    order = [title for title, _ in SUITES]
    lines += [kept[t] for t in order if t in kept]
    lines += [body for t, body in kept.items() if t not in order]
    DOC.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {DOC}")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
