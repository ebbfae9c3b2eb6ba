"""Knowledge-base retrieval benchmark: quality on the labelled questions, latency at scale.

Run: `uv run python -m bench bench_retrieval` (or this file directly; `run()` returns the dict).

- Quality: the real `kb/` in the embedded engine (qdrant-edge-py, a temp folder); recall@5
  and MRR on `data/kb_eval/questions.jsonl` for a clearance-5 and a clearance-1 officer.
  Lexical (BM25 sparse, IDF in the engine) is the shipped configuration;
  "fusion_hashing_test_embedder" adds the hashed bag-of-words test embedder through RRF,
  which is NOT a semantic model and only shows the fusion path working.
- Latency: the knowledge service's `retrieve` end to end (analysis, the filtered query,
  the id-only audit query and count, the clearance re-check), p50/p95 over the question
  texts as a clearance-3 officer of two precincts, at 1,000, 50,000 and 200,000 chunks of
  one growing on-disk index. The extra chunks are generated documents: kb documents
  copied under new ids with their paragraphs shuffled, thinned and mixed with lines of
  other documents, and random clearance and precinct scopes. Goal: p95 <= 20 ms at 200k.
- Beside it at 1,000 chunks: the engine it replaced (qdrant-client local mode, which
  scores every point in Python), same points, same questions. Larger sizes are not built
  for it: its p50 was 4.8 s at 50,000 chunks.
"""

from __future__ import annotations

import gc
import json
import random
import re
import statistics
import tempfile
import time
import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from schemas.officer import Officer
from tools.knowledge.documents import KbDocument, markdown_files, parse_document
from tools.knowledge.embedders import HashingEmbedder
from tools.knowledge.evaluate import EvalQuestion, evaluate, load_questions
from tools.knowledge.index import KnowledgeIndex
from tools.knowledge.service import KnowledgeService

ROOT = Path(__file__).resolve().parents[1]
KB = ROOT / "kb"
QUESTIONS = ROOT / "data" / "kb_eval" / "questions.jsonl"
PRECINCTS = ("BLR-E-KRP", "BLR-E-WFD", "MYS-C-DVR", "HBL-T-OLD", "MNG-S-PAN")
SIZES = (1_000, 50_000, 200_000)
BATCH_DOCS = 4_000
GOAL_P95_MS = 20.0


def _officer(clearance: int, precincts: tuple[str, ...]) -> Officer:
    return Officer(
        badge_id=f"BENCH-{clearance}",
        name="Bench",
        rank="PI",
        clearance=clearance,
        precincts=frozenset(precincts),
    )


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _sections(body: str) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for block in re.split(r"(?m)^(?=## )", body):
        lines = [ln for ln in block.splitlines() if ln.strip() and not ln.startswith("# ")]
        if lines and lines[0].startswith("## "):
            out.append((lines[0], lines[1:]))
    return out


def synthetic_documents(docs: list[KbDocument], seed: int = 7) -> Iterator[KbDocument]:
    """Endless perturbed copies of the documents, under new ids and random access scopes
    (titles kept: the analyser caches repeated lines, so building measures the engine)."""
    rng = random.Random(seed)
    pool = [ln for d in docs for _, lines in _sections(d.body) for ln in lines]
    i = 0
    while True:
        for doc in docs:
            parts = []
            for heading, lines in _sections(doc.body):
                kept = [ln for ln in lines if ln.startswith("|") or rng.random() > 0.2] or lines
                prose = [ln for ln in kept if not ln.startswith("|")]
                rng.shuffle(prose)
                table = [ln for ln in kept if ln.startswith("|")]
                parts.append("\n".join([heading, *prose, rng.choice(pool), *table]))
            restricted = rng.random() < 0.4
            yield replace(
                doc,
                id=f"{doc.id}~{i}",
                clearance=rng.randint(2, 5) if restricted else 1,
                precincts=(rng.choice(PRECINCTS),) if rng.random() < 0.3 else (),
                body="\n\n".join(parts) + "\n",
            )
        i += 1


def _grow(
    index: KnowledgeIndex, source: Iterator[KbDocument], target: int, per_doc: float
) -> tuple[float, int]:
    """Ingest generated documents until the index holds about `target` chunks;
    returns the seconds taken and the documents ingested."""
    started = time.perf_counter()
    used = 0
    while (have := index.count()) < target:
        want = max(1, min(BATCH_DOCS, round((target - have) / per_doc)))
        index.ingest_documents([next(source) for _ in range(want)])
        used += want
        print(
            f"  built {index.count():,} / {target:,} chunks, {time.perf_counter() - started:.0f} s",
            flush=True,
        )
    return time.perf_counter() - started, used


def _latency(service: KnowledgeService, queries: list[str], officer: Officer) -> dict[str, Any]:
    started = time.perf_counter()
    service.retrieve(queries[0], officer)  # the first after a change reads the statistics
    first_ms = (time.perf_counter() - started) * 1000
    samples: list[float] = []
    gc.disable()
    try:
        for query in queries:
            started = time.perf_counter()
            service.retrieve(query, officer, k=5)
            samples.append((time.perf_counter() - started) * 1000)
    finally:
        gc.enable()
    return {
        "first_query_ms": round(first_ms, 2),
        "queries": len(samples),
        "p50_ms": round(statistics.median(samples), 2),
        "p95_ms": round(_percentile(samples, 0.95), 2),
    }


def _quality(index: KnowledgeIndex, questions: list[EvalQuestion]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, officer in (
        ("clearance_5_statewide", _officer(5, PRECINCTS)),
        ("clearance_1_one_precinct", _officer(1, PRECINCTS[:1])),
    ):
        report = evaluate(index, questions, officer, k=5)
        out[name] = {key: report[key] for key in ("recall_at_5", "mrr", "misses")}
    return out


def _old_engine(docs: list[KbDocument], texts: list[str], officer: Officer) -> dict[str, Any]:
    """The replaced engine (qdrant-client local mode, in memory) at the same 1,000 chunks."""
    from qdrant_client import QdrantClient

    from tools.knowledge.server import ServerEngine

    with warnings.catch_warnings():  # "payload indexes have no effect" in local mode
        warnings.simplefilter("ignore", UserWarning)
        index = KnowledgeIndex(ServerEngine(QdrantClient(location=":memory:"), "kb", None))
    try:
        started = time.perf_counter()
        index.ingest_documents(docs)
        build_s = time.perf_counter() - started
        return {
            "engine": "qdrant-client local mode (in memory)",
            "chunks": index.count(),
            "build_s": round(build_s, 1),
            **_latency(KnowledgeService(index), texts, officer),
        }
    finally:
        index.close()


def run(kb_dir: Path = KB, sizes: tuple[int, ...] = SIZES) -> dict[str, Any]:
    """Build the indexes, measure and return quality and latency numbers."""
    import qdrant_edge

    docs = [parse_document(p) for p in markdown_files([kb_dir])]
    questions = load_questions(QUESTIONS)
    texts = [q.question for q in questions]
    officer = _officer(3, PRECINCTS[:2])
    result: dict[str, Any] = {
        "engine": "qdrant-edge-py (embedded, on disk, write-ahead log off)",
        "documents": len(docs),
        "questions": len(questions),
        "latency_officer": "clearance 3, two precincts",
        "goal": f"p95 <= {GOAL_P95_MS:g} ms at {max(sizes):,} chunks",
    }
    fused = KnowledgeIndex.open(embedder=HashingEmbedder(64))
    fused.ingest_documents(docs)
    result["fusion_hashing_test_embedder"] = _quality(fused, questions)
    fused.close()

    with tempfile.TemporaryDirectory() as tmp:
        index = KnowledgeIndex.open(path=Path(tmp))
        service = KnowledgeService(index)
        started = time.perf_counter()
        index.ingest_documents(docs)
        build_s = time.perf_counter() - started
        base_chunks = index.count()
        result["kb_chunks"] = base_chunks
        result["lexical"] = _quality(index, questions)
        source = synthetic_documents(docs)
        per_doc = base_chunks / len(docs)
        steps: list[dict[str, Any]] = []
        for size in sizes:
            print(f"growing the index to {size:,} chunks", flush=True)
            seconds, used = _grow(index, source, size, per_doc)
            build_s += seconds
            steps.append(
                {
                    "chunks": index.count(),
                    "build_s_total": round(build_s, 1),
                    "segments": index_segments(Path(tmp)),
                    "statistics_mib": statistics_mib(Path(tmp)),
                    **_latency(service, texts, officer),
                }
            )
            if len(steps) == 1:  # the same documents, in the engine this one replaced
                again = synthetic_documents(docs)
                same = docs + [next(again) for _ in range(used)]
                result["old_engine_at_1k"] = _old_engine(same, texts, officer)
        index.close()
    result["by_size"] = steps
    result["goal_met"] = steps[-1]["p95_ms"] <= GOAL_P95_MS
    result["qdrant_edge_version"] = getattr(qdrant_edge, "__version__", "0.9.0")
    return result


def index_segments(folder: Path) -> int:
    """Segments in the embedded shard (optimised after every ingest)."""
    return len(list((folder / "sop_kb" / "shard" / "segments").glob("*")))


def statistics_mib(folder: Path) -> float:
    """Size of the per-document term statistics (meta.json here; a server collection keeps
    the same JSON in its metadata), in MiB."""
    return round((folder / "sop_kb" / "meta.json").stat().st_size / 2**20, 2)


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
