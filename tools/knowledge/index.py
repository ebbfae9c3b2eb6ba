"""The knowledge-base index: SOP chunks with BM25 sparse vectors in a Qdrant engine.

The engine is Qdrant's embedded one (`edge.py`, a shard on disk) by default, or a Qdrant
server (`server.py`) when a URL is given; both share one collection design
(`layout.py`). The officer's clearance and precinct scope are part of the query filter,
so a chunk the officer may not read never leaves the engine. Re-checking what comes
back is the knowledge service's job (`service.py`), done once there.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from schemas.errors import BadInput
from schemas.officer import Officer
from tools.knowledge.chunking import Chunk, chunk_document
from tools.knowledge.documents import KbDocument, markdown_files, parse_document
from tools.knowledge.layout import Engine, Hit, StoredPoint, index_text, payload
from tools.knowledge.qfilter import to_filter
from tools.knowledge.sparse import (
    Bm25Params,
    analyse,
    analyse_passage,
    document_vector,
    query_vector,
)
from tools.knowledge.termstats import (
    LAYOUT_VERSION,
    StatsCache,
    document_entry,
    visibility_classes,
)
from validators.clearance.knowledge import qdrant_filter_spec


class OldIndexLayout(BadInput):
    """The index on disk was built by an earlier layout; it must be rebuilt, not read."""


class Embedder(Protocol):
    """Optional dense signal: `embed` returns one `dim`-long vector per text."""

    @property
    def dim(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


@dataclass(frozen=True)
class Passage:
    """A retrieved chunk; `force_wide` is the stored flag for a chunk with no precincts."""

    chunk_id: str
    doc_id: str
    title: str
    section: str
    text: str
    clearance: int
    precincts: tuple[str, ...]
    score: float
    force_wide: bool = False


@dataclass(frozen=True)
class SearchResult:
    """Passages best first, as the filtered query returned them (not yet re-checked);
    `filtered_out`: how many of the k best lexical matches the officer may not read."""

    passages: list[Passage]
    filtered_out: int = 0


@dataclass(frozen=True)
class IngestReport:
    """What an ingest wrote: documents, chunks, and stale chunks removed on re-ingest."""

    doc_ids: tuple[str, ...]
    chunks: int
    removed: int

    @property
    def documents(self) -> int:
        return len(self.doc_ids)


class KnowledgeIndex:
    """Chunks of SOP documents with BM25 sparse vectors (and optional dense vectors)."""

    def __init__(
        self, engine: Engine, embedder: Embedder | None = None, scratch: Path | None = None
    ) -> None:
        self._engine = engine
        self._embedder = embedder
        self._scratch = scratch
        self._closed = False
        self._readable = StatsCache()

    @classmethod
    def open(
        cls,
        path: Path | None = None,
        url: str | None = None,
        collection: str = "sop_kb",
        embedder: Embedder | None = None,
    ) -> KnowledgeIndex:
        """A server when `url` is given, else the embedded engine in `path/collection`
        (in a temporary folder, removed on close, if neither)."""
        dim = embedder.dim if embedder is not None else None
        scratch = None
        engine: Engine
        if url:
            from tools.knowledge.server import ServerEngine

            engine = ServerEngine.connect(url, collection, dim)
        else:
            from tools.knowledge.edge import EdgeEngine

            if path is None:
                path = scratch = Path(tempfile.mkdtemp(prefix="kb-"))
            engine = EdgeEngine(path / collection, dim)
        index = cls(engine, embedder, scratch)
        try:
            index._check_layout(path / collection if path is not None else collection)
            index._check_dense(dim)
        except BaseException:
            index.close()
            raise
        return index

    def _check_layout(self, where: Path | str) -> None:
        layout = self._engine.read_stats().get("layout")
        if layout != LAYOUT_VERSION:
            raise OldIndexLayout(
                f"the knowledge index {where} has layout {layout or 1}, built with corpus-wide "
                f"term statistics; this version needs layout {LAYOUT_VERSION}: delete that "
                "folder and ingest the knowledge base again (`crimeassist seed-demo` does both "
                "for the demo home; `crimeassist kb ingest <folder>` otherwise)"
            )

    def _check_dense(self, dim: int | None) -> None:
        if dim is not None and self._engine.dense_dim() != dim:
            raise BadInput(
                f"the collection has no {dim}-d dense vectors; rebuild it with this "
                "embedder or open it without one"
            )

    def ingest(self, paths: Iterable[Path]) -> IngestReport:
        """Parse every file first (a bad one raises `BadInput` and nothing is written),
        then upsert; a document ingested again replaces all its earlier chunks."""
        return self.ingest_documents([parse_document(p) for p in markdown_files(paths)])

    def ingest_documents(self, docs_in: Sequence[KbDocument]) -> IngestReport:
        """Upsert already-parsed documents (see `ingest`); each document's visibility and
        term frequencies are recorded with the statistics (`termstats.document_entry`)."""
        ids = [d.id for d in docs_in]
        if len(set(ids)) != len(ids):
            dup = sorted({i for i in ids if ids.count(i) > 1})
            raise BadInput(f"duplicate document ids in one ingest: {', '.join(dup)}")
        chunks = [c for d in docs_in for c in chunk_document(d)]
        tokens = [analyse_passage(index_text(c)) for c in chunks]
        params = Bm25Params()
        with self._engine.writing():
            old = self._engine.lengths(ids) if ids else {}
            self._engine.upsert(self._points(chunks, tokens, params))
            stale = sorted(set(old) - {c.chunk_id for c in chunks})
            if stale:
                self._engine.delete(stale)
            stats = self._engine.read_stats()
            own: dict[str, list[list[str]]] = {d.id: [] for d in docs_in}
            for chunk, terms in zip(chunks, tokens, strict=True):
                own[chunk.doc.id].append(terms)
            docs = dict(stats.get("docs") or {})
            docs.update(
                {d.id: document_entry(d.clearance, d.precincts, own[d.id]) for d in docs_in}
            )
            stats.update(
                docs=docs,
                classes=visibility_classes(docs),
                revision=int(stats.get("revision", 0)) + 1,
            )
            self._engine.write_stats(stats)
        return IngestReport(doc_ids=tuple(ids), chunks=len(chunks), removed=len(stale))

    def _points(
        self, chunks: list[Chunk], tokens: list[list[str]], params: Bm25Params
    ) -> list[StoredPoint]:
        dense: list[list[float]] | list[None] = [None] * len(chunks)
        if self._embedder is not None:
            dense = self._embedder.embed([index_text(c) for c in chunks])
        return [
            StoredPoint(c.chunk_id, document_vector(t, params), d, payload(c, len(t)))
            for c, t, d in zip(chunks, tokens, dense, strict=True)
        ]

    def search(self, query: str, officer: Officer, k: int = 5) -> SearchResult:
        """The k best passages under the officer's filter (applied inside the engine)."""
        tokens = analyse(query)
        if not tokens or k < 1:
            return SearchResult(passages=[])
        allowed = to_filter(qdrant_filter_spec(officer))
        stats = self._engine.read_stats()
        revision = int(stats.get("revision", 0))
        readable = self._readable.get(revision, stats, officer)
        sparse = query_vector(tokens, readable.idf)
        dense = self._embedder.embed([query])[0] if self._embedder is not None else None
        hits = self._engine.query(sparse, dense, allowed, k, with_payload=True)
        top = self._engine.query(sparse, None, None, k, with_payload=False)
        hidden = self._engine.count_hidden([h.id for h in top], allowed) if top else 0
        return SearchResult([_passage(h) for h in hits], hidden)

    def count(self) -> int:
        """Number of chunks in the collection."""
        return self._engine.count()

    def close(self) -> None:
        """Release the engine (and remove a temporary folder)."""
        if not self._closed:
            self._closed = True
            self._engine.close()
            if self._scratch is not None:
                shutil.rmtree(self._scratch, ignore_errors=True)


def _passage(hit: Hit) -> Passage:
    data: dict[str, Any] = hit.payload
    return Passage(
        chunk_id=hit.id,
        doc_id=str(data.get("doc_id", "")),
        title=str(data.get("title", "")),
        section=str(data.get("section", "")),
        text=str(data.get("text", "")),
        clearance=int(data.get("clearance", 5)),
        precincts=tuple(data.get("precincts") or ()),
        score=hit.score,
        force_wide=data.get("all_precincts") == 1,
    )
