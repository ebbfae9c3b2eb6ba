"""The one collection design both engines share: vector names, payload and its indexes.

Each chunk is a point with a BM25 sparse vector `bm25` (weights from `sparse.py`; no
engine-side IDF modifier: the query carries the IDF over what the officer may read, from
the per-document frequencies in the statistics, `termstats.py`), an optional dense
vector `dense`, and a payload whose access fields carry payload indexes so the
clearance filter is an index look-up, not a scan.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from tools.knowledge.chunking import Chunk
from tools.knowledge.qfilter import AllOf
from tools.knowledge.sparse import SparseVec
from tools.knowledge.termstats import LAYOUT_VERSION
from tools.knowledge.text import sentences

SPARSE = "bm25"
DENSE = "dense"
IndexKind = Literal["integer", "keyword"]
#: Payload indexes: the clearance filter's fields and the re-ingest look-up.
PAYLOAD_INDEXES: tuple[tuple[str, IndexKind], ...] = (
    ("clearance", "integer"),
    ("precincts", "keyword"),
    ("all_precincts", "integer"),
    ("doc_id", "keyword"),
)
#: Statistics kept with the collection: the layout version, a revision bumped by every
#: ingest, and per document its visibility and term frequencies (`termstats.document_entry`).
EMPTY_STATS: dict[str, Any] = {"layout": LAYOUT_VERSION, "revision": 0, "docs": {}}


@dataclass(frozen=True)
class StoredPoint:
    """One chunk as both engines store it."""

    id: str
    sparse: SparseVec
    dense: list[float] | None
    payload: dict[str, Any]


@dataclass(frozen=True)
class Hit:
    """One point an engine returned: id, score and (when asked for) payload."""

    id: str
    score: float
    payload: dict[str, Any]


class Engine(Protocol):
    """What the index needs from a Qdrant engine (embedded shard or server)."""

    def read_stats(self) -> dict[str, Any]: ...

    def write_stats(self, stats: dict[str, Any]) -> None: ...

    def dense_dim(self) -> int | None: ...

    def lengths(self, doc_ids: list[str]) -> dict[str, int]: ...

    def upsert(self, points: list[StoredPoint]) -> None: ...

    def delete(self, ids: list[str]) -> None: ...

    def query(
        self,
        sparse: SparseVec,
        dense: list[float] | None,
        allowed: AllOf | None,
        limit: int,
        with_payload: bool,
    ) -> list[Hit]: ...

    def count_hidden(self, ids: list[str], allowed: AllOf) -> int: ...

    def count(self) -> int: ...

    def writing(self) -> AbstractContextManager[None]:
        """An exclusive write: entered before an ingest, durable and visible on exit."""
        ...

    def close(self) -> None: ...


def index_text(chunk: Chunk) -> str:
    """What the sparse and dense vectors see: heading path, tags and the passage."""
    return "\n".join([chunk.heading_path, ", ".join(chunk.doc.tags), *sentences(chunk.text)])


def payload(chunk: Chunk, length: int) -> dict[str, Any]:
    """The stored payload; `all_precincts` is the explicit force-wide flag the filter needs,
    stored as 1/0 because the embedded engine's binding matches a Python bool as 1."""
    doc = chunk.doc
    return {
        "doc_id": doc.id,
        "title": doc.title,
        "section": chunk.section,
        "n": chunk.n,
        "text": chunk.text,
        "clearance": doc.clearance,
        "precincts": list(doc.precincts),
        "all_precincts": int(not doc.precincts),
        "source": doc.source,
        "tags": list(doc.tags),
        "path": str(doc.path),
        "length": length,
    }
