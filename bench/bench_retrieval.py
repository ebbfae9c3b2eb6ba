"""Knowledge-base retrieval benchmark: quality on the labelled questions, and latency at scale.

Run: `uv run python bench/bench_retrieval.py` (prints JSON; `run()` returns the dict).

- Quality: the real `kb/` in Qdrant local mode on disk (a temp folder); recall@5 and MRR on
  `data/kb_eval/questions.jsonl` for a clearance-5 and a clearance-1 officer. Lexical (BM25
  sparse) is the shipped configuration; "fusion_hashing_test_embedder" adds the hashed
  bag-of-words test embedder through RRF, which is NOT a semantic model and only shows the
  fusion path working.
- Latency: `search()` end to end (analysis, the filtered query, the id-only audit query and
  the count), p50/p95 over the question texts, at ~1,000 chunks (local mode on disk) and at
  ~50,000 chunks. The extra chunks are kb documents copied under new ids with their
  paragraphs shuffled, thinned and mixed with lines of other documents, and random clearance
  and precinct scopes. Local mode on disk commits every point separately, so the 50,000
  build runs in local mode in memory; the on-disk write cost is measured at 1,000 chunks
  and reported per chunk.
"""

from __future__ import annotations

import gc
import json
import random
import re
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from schemas.officer import Officer
from tools.knowledge.documents import KbDocument, markdown_files, parse_document
from tools.knowledge.embedders import HashingEmbedder
from tools.knowledge.evaluate import EvalQuestion, evaluate, load_questions
from tools.knowledge.index import KnowledgeIndex

ROOT = Path(__file__).resolve().parents[1]
KB = ROOT / "kb"
QUESTIONS = ROOT / "data" / "kb_eval" / "questions.jsonl"
PRECINCTS = ("BLR-E-KRP", "BLR-E-WFD", "MYS-C-DVR", "HBL-T-OLD", "MNG-S-PAN")
LARGE_QUERIES = 12
BATCH_DOCS = 800


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


def synthetic_documents(docs: list[KbDocument], copies: int, seed: int = 7) -> list[KbDocument]:
    """`copies` perturbed copies of each document, under new ids and random access scopes."""
    rng = random.Random(seed)
    pool = [ln for d in docs for _, lines in _sections(d.body) for ln in lines]
    out: list[KbDocument] = []
    for i in range(copies):
        for doc in docs:
            parts = []
            for heading, lines in _sections(doc.body):
                kept = [ln for ln in lines if ln.startswith("|") or rng.random() > 0.2] or lines
                prose = [ln for ln in kept if not ln.startswith("|")]
                rng.shuffle(prose)
                table = [ln for ln in kept if ln.startswith("|")]
                parts.append("\n".join([heading, *prose, rng.choice(pool), *table]))
            restricted = rng.random() < 0.4
            out.append(
                replace(
                    doc,
                    id=f"{doc.id}~{i}",
                    title=f"{doc.title} (copy {i})",
                    clearance=rng.randint(2, 5) if restricted else 1,
                    precincts=(rng.choice(PRECINCTS),) if rng.random() < 0.3 else (),
                    body="\n\n".join(parts) + "\n",
                )
            )
    return out


def _ingest(index: KnowledgeIndex, docs: list[KbDocument]) -> float:
    started = time.perf_counter()
    for start in range(0, len(docs), BATCH_DOCS):
        index.ingest_documents(docs[start : start + BATCH_DOCS])
    return time.perf_counter() - started


def _latency(index: KnowledgeIndex, queries: list[str], officer: Officer) -> dict[str, float]:
    index.search(queries[0], officer)  # warm-up
    samples: list[float] = []
    gc.disable()
    try:
        for query in queries:
            started = time.perf_counter()
            index.search(query, officer, k=5)
            samples.append((time.perf_counter() - started) * 1000)
    finally:
        gc.enable()
    return {
        "queries": len(samples),
        "p50_ms": round(statistics.median(samples), 1),
        "p95_ms": round(_percentile(samples, 0.95), 1),
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


def run(kb_dir: Path = KB, large_chunks: int = 50_000) -> dict[str, Any]:
    """Build the indexes, measure and return quality and latency numbers."""
    docs = [parse_document(p) for p in markdown_files([kb_dir])]
    questions = load_questions(QUESTIONS)
    texts = [q.question for q in questions]
    officer = _officer(3, PRECINCTS[:2])
    result: dict[str, Any] = {"documents": len(docs), "questions": len(questions)}
    with tempfile.TemporaryDirectory() as tmp:
        index = KnowledgeIndex.open(path=Path(tmp) / "qdrant")
        build_s = _ingest(index, docs)
        base_chunks = index.count()
        result["kb_chunks"] = base_chunks
        result["lexical"] = _quality(index, questions)
        copies = max(1, round(1_000 / base_chunks) - 1)
        build_s += _ingest(index, synthetic_documents(docs, copies))
        small = index.count()
        result["at_1k_local_disk"] = {
            "chunks": small,
            "build_s": round(build_s, 1),
            "write_ms_per_chunk": round(build_s * 1000 / small, 2),
            **_latency(index, texts, officer),
        }
        index.close()

    fused = KnowledgeIndex.open(embedder=HashingEmbedder(64))
    _ingest(fused, docs)
    result["fusion_hashing_test_embedder"] = _quality(fused, questions)
    fused.close()

    large = KnowledgeIndex.open()
    copies = max(1, round(large_chunks / base_chunks) - 1)
    synthetic = synthetic_documents(docs, copies, seed=11)
    build_s = _ingest(large, docs) + _ingest(large, synthetic)
    chunks = large.count()
    result["at_50k_local_memory"] = {
        "chunks": chunks,
        "build_s": round(build_s, 1),
        "extrapolated_disk_build_s": round(
            chunks * result["at_1k_local_disk"]["write_ms_per_chunk"] / 1000
        ),
        **_latency(large, texts[:LARGE_QUERIES], officer),
    }
    large.close()
    return result


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
