"""Document frequencies kept per document with its visibility, so IDF is per reader.

An engine-wide IDF (Qdrant's `Modifier.IDF`) counts every chunk in the collection, including
chunks the asking officer may not read, so the order of the passages they get back would
depend on documents they cannot see. Instead each ingested document records its clearance,
precinct tags, chunk count and, per term id, how many of its chunks hold the term; a query
sums these over the documents the officer may read (`may_read_document`) and puts the IDF in
the query vector's weights. Since that rule looks only at a document's clearance and precinct
tags, the frequencies are also kept summed per visibility class (one clearance and tag set):
a query adds up the few classes the officer may read, not every document. Aggregates are
cached per (revision, visibility).
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from schemas.officer import Officer
from tools.knowledge.sparse import token_id
from validators.clearance.knowledge import may_read_document

#: The collection design's version: 2 = per-document frequencies, no engine-side IDF,
#: fixed BM25 length constant. An index without it was built with corpus-wide statistics.
LAYOUT_VERSION = 2
_CACHE = 64


def document_entry(
    clearance: int, precincts: Iterable[str], chunk_tokens: Iterable[Iterable[str]]
) -> dict[str, Any]:
    """The stored record of one document: its visibility, chunk count and term frequencies."""
    df: Counter[int] = Counter()
    chunks = 0
    for tokens in chunk_tokens:
        chunks += 1
        df.update({token_id(t) for t in tokens})
    return {
        "clearance": clearance,
        "precincts": sorted(precincts),
        "chunks": chunks,
        "df": {str(k): v for k, v in df.items()},
    }


@dataclass(frozen=True)
class ReadableStats:
    """Chunk count and document frequencies over the documents one officer may read."""

    chunks: int
    df: Mapping[int, int]

    def idf(self, term_id: int) -> float:
        """BM25 IDF, the formula Qdrant's modifier uses, over the readable chunks only."""
        n = self.df.get(term_id, 0)
        return math.log(1.0 + (self.chunks - n + 0.5) / (n + 0.5))


def visibility_key(officer: Officer) -> tuple[int, tuple[str, ...]]:
    """Everything `may_read_document` looks at: officers with equal keys read the same."""
    return officer.clearance, tuple(sorted(officer.precincts))


def visibility_classes(docs: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """The documents' entries summed per visibility class ("clearance|tag,tag")."""
    classes: dict[str, dict[str, Any]] = {}
    for entry in docs.values():
        tags = sorted(entry["precincts"])
        key = f"{int(entry['clearance'])}|{','.join(tags)}"
        found = classes.setdefault(
            key, {"clearance": int(entry["clearance"]), "precincts": tags, "chunks": 0, "df": {}}
        )
        found["chunks"] += int(entry["chunks"])
        df = found["df"]
        for term, n in entry["df"].items():
            df[term] = df.get(term, 0) + int(n)
    return classes


def readable_stats(stats: Mapping[str, Any], officer: Officer) -> ReadableStats:
    """Sum of the stored classes (derived from the documents when an index predates them)
    that the officer may read."""
    classes = stats.get("classes")
    if classes is None:
        classes = visibility_classes(stats.get("docs") or {})
    df: Counter[int] = Counter()
    chunks = 0
    for entry in classes.values():
        if may_read_document(officer, int(entry["clearance"]), entry["precincts"]):
            chunks += int(entry["chunks"])
            df.update({int(k): int(v) for k, v in entry["df"].items()})
    return ReadableStats(chunks, df)


class StatsCache:
    """`readable_stats` per (index revision, visibility key), a few dozen kept."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: dict[tuple[int, tuple[int, tuple[str, ...]]], ReadableStats] = {}

    def get(self, revision: int, stats: Mapping[str, Any], officer: Officer) -> ReadableStats:
        key = (revision, visibility_key(officer))
        with self._lock:
            found = self._items.get(key)
        if found is None:
            found = readable_stats(stats, officer)
            with self._lock:
                if len(self._items) >= _CACHE:
                    self._items.clear()
                self._items[key] = found
        return found
