"""The knowledge-base index over Qdrant: local mode on disk, or a server by URL.

The officer's clearance and precinct scope are part of the Qdrant query filter, so a
chunk the officer may not read never leaves the vector store; every returned passage is
then re-checked with the same rule and any violation is dropped and counted.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from qdrant_client import QdrantClient, models
from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential

from schemas.errors import BackendUnavailable, BadInput
from schemas.officer import Officer
from tools.knowledge.chunking import Chunk, chunk_document
from tools.knowledge.documents import KbDocument, markdown_files, parse_document
from tools.knowledge.qfilter import to_qdrant_filter
from tools.knowledge.sparse import (
    Bm25Params,
    SparseVec,
    analyse,
    analyse_passage,
    document_vector,
    query_vector,
)
from tools.knowledge.text import sentences
from validators.clearance.knowledge import may_read_document, qdrant_filter_spec

SPARSE = "bm25"
DENSE = "dense"
_BATCH = 256
_T = TypeVar("_T")


class Embedder(Protocol):
    """Optional dense signal: `embed` returns one `dim`-long vector per text."""

    @property
    def dim(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


@dataclass(frozen=True)
class Passage:
    """A retrieved chunk the officer may read."""

    chunk_id: str
    doc_id: str
    title: str
    section: str
    text: str
    clearance: int
    precincts: tuple[str, ...]
    score: float


@dataclass(frozen=True)
class SearchResult:
    """Passages best first; `filtered_out`: how many of the k best lexical matches the
    officer may not read; `recheck_dropped`: passages the store returned that failed the
    re-check (always 0 unless the filter is broken)."""

    passages: list[Passage]
    filtered_out: int = 0
    recheck_dropped: int = 0


@dataclass(frozen=True)
class IngestReport:
    """What an ingest wrote: documents, chunks, and stale chunks removed on re-ingest."""

    doc_ids: tuple[str, ...]
    chunks: int
    removed: int

    @property
    def documents(self) -> int:
        return len(self.doc_ids)


class _LocalClients:
    """One local-mode client per folder per process, shared and reference-counted."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, tuple[QdrantClient, threading.RLock, int]] = {}

    def acquire(self, path: Path) -> tuple[QdrantClient, threading.RLock, Callable[[], None]]:
        key = str(path.resolve())
        with self._lock:
            if key in self._open:
                client, lock, refs = self._open[key]
            else:
                path.mkdir(parents=True, exist_ok=True)
                try:
                    client = QdrantClient(path=key)
                except RuntimeError as exc:  # the folder is locked by another client
                    raise BackendUnavailable(f"knowledge index {key} is in use: {exc}") from exc
                lock, refs = threading.RLock(), 0
            self._open[key] = (client, lock, refs + 1)
        return client, lock, lambda: self._release(key)

    def _release(self, key: str) -> None:
        with self._lock:
            client, lock, refs = self._open[key]
            if refs > 1:
                self._open[key] = (client, lock, refs - 1)
                return
            del self._open[key]
        with lock:
            client.close()


_LOCAL = _LocalClients()

_server_retry = retry(
    retry=retry_if_exception_type(ResponseHandlingException),
    stop=stop_after_attempt(3),
    wait=wait_exponential(multiplier=0.2, max=2),
    reraise=True,
)


def _qdrant_vector(vec: SparseVec) -> models.SparseVector:
    return models.SparseVector(indices=list(vec.indices), values=list(vec.values))


def _index_text(chunk: Chunk) -> str:
    """What the sparse and dense vectors see: heading path, tags and the passage."""
    return "\n".join([chunk.heading_path, ", ".join(chunk.doc.tags), *sentences(chunk.text)])


def _payload(chunk: Chunk, length: int) -> dict[str, Any]:
    doc = chunk.doc
    return {
        "doc_id": doc.id,
        "title": doc.title,
        "section": chunk.section,
        "n": chunk.n,
        "text": chunk.text,
        "clearance": doc.clearance,
        "precincts": list(doc.precincts),
        "all_precincts": not doc.precincts,
        "source": doc.source,
        "tags": list(doc.tags),
        "path": str(doc.path),
        "length": length,
    }


class KnowledgeIndex:
    """Chunks of SOP documents with BM25 sparse vectors (and optional dense vectors)."""

    def __init__(
        self,
        client: QdrantClient,
        collection: str,
        embedder: Embedder | None,
        lock: threading.RLock,
        release: Callable[[], None],
        remote: bool,
    ) -> None:
        self._client = client
        self._collection = collection
        self._embedder = embedder
        self._lock = lock
        self._release = release
        self._remote = remote
        self._closed = False

    @classmethod
    def open(
        cls,
        path: Path | None = None,
        url: str | None = None,
        collection: str = "sop_kb",
        embedder: Embedder | None = None,
    ) -> KnowledgeIndex:
        """A server when `url` is given, else local mode in `path` (in memory if neither)."""
        release: Callable[[], None]
        if url:
            client = QdrantClient(url=url, timeout=10)
            lock, release, remote = threading.RLock(), client.close, True
        elif path is not None:
            client, lock, release = _LOCAL.acquire(path)
            remote = False
        else:
            client = QdrantClient(location=":memory:")
            lock, release, remote = threading.RLock(), client.close, False
        index = cls(client, collection, embedder, lock, release, remote)
        try:
            index._ensure_collection()
        except BaseException:
            release()
            raise
        return index

    def _call(self, fn: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
        """Run a client call under the lock; a server gets bounded retries."""
        call = _server_retry(fn) if self._remote else fn
        try:
            with self._lock:
                return call(*args, **kwargs)
        except (ResponseHandlingException, UnexpectedResponse) as exc:
            raise BackendUnavailable(f"knowledge index unavailable: {exc}") from exc

    def _ensure_collection(self) -> None:
        if self._call(self._client.collection_exists, self._collection):
            self._check_dense_config()
        else:
            self._create_collection()

    def _create_collection(self) -> None:
        dense = {}
        if self._embedder is not None:
            size = self._embedder.dim
            dense = {DENSE: models.VectorParams(size=size, distance=models.Distance.COSINE)}
        self._call(
            self._client.create_collection,
            self._collection,
            vectors_config=dense,
            sparse_vectors_config={SPARSE: models.SparseVectorParams(modifier=models.Modifier.IDF)},
            metadata={"bm25": {"k1": 1.2, "b": 0.75, "total_length": 0, "chunks": 0}},
        )
        if not self._remote:
            return  # local mode has no payload indexes: it filters by scanning
        for field, schema in (
            ("clearance", models.PayloadSchemaType.INTEGER),
            ("precincts", models.PayloadSchemaType.KEYWORD),
            ("all_precincts", models.PayloadSchemaType.BOOL),
            ("doc_id", models.PayloadSchemaType.KEYWORD),
        ):
            self._call(self._client.create_payload_index, self._collection, field, schema)

    def _check_dense_config(self) -> None:
        if self._embedder is None:
            return
        vectors = self._call(self._client.get_collection, self._collection).config.params
        params = vectors.vectors if isinstance(vectors.vectors, dict) else {}
        if DENSE not in params or params[DENSE].size != self._embedder.dim:
            raise BadInput(
                f"collection {self._collection!r} has no {self._embedder.dim}-d dense "
                "vectors; rebuild it with this embedder or open it without one"
            )

    def _bm25(self) -> tuple[Bm25Params, dict[str, Any]]:
        meta = self._call(self._client.get_collection, self._collection).config.metadata or {}
        stats = dict(meta.get("bm25") or {})
        chunks, total = int(stats.get("chunks", 0)), int(stats.get("total_length", 0))
        avgdl = total / chunks if chunks else 100.0
        return Bm25Params(k1=stats.get("k1", 1.2), b=stats.get("b", 0.75), avgdl=avgdl), stats

    def _existing(self, doc_ids: Sequence[str]) -> dict[str, int]:
        """Chunk id -> indexed length of the stored chunks of these documents."""
        flt = models.Filter(
            must=[models.FieldCondition(key="doc_id", match=models.MatchAny(any=list(doc_ids)))]
        )
        found: dict[str, int] = {}
        offset: Any = None
        while True:
            points, offset = self._call(
                self._client.scroll,
                self._collection,
                scroll_filter=flt,
                limit=1024,
                offset=offset,
                with_payload=["length"],
                with_vectors=False,
            )
            found.update({str(p.id): int((p.payload or {}).get("length", 0)) for p in points})
            if offset is None:
                return found

    def ingest(self, paths: Iterable[Path]) -> IngestReport:
        """Parse every file first (a bad one raises `BadInput` and nothing is written),
        then upsert; a document ingested again replaces all its earlier chunks."""
        return self.ingest_documents([parse_document(p) for p in markdown_files(paths)])

    def ingest_documents(self, docs: Sequence[KbDocument]) -> IngestReport:
        """Upsert already-parsed documents (see `ingest`)."""
        ids = [d.id for d in docs]
        if len(set(ids)) != len(ids):
            dup = sorted({i for i in ids if ids.count(i) > 1})
            raise BadInput(f"duplicate document ids in one ingest: {', '.join(dup)}")
        chunks = [c for d in docs for c in chunk_document(d)]
        tokens = [analyse_passage(_index_text(c)) for c in chunks]
        with self._lock:
            old = self._existing(ids) if ids else {}
            params, stats = self._bm25()
            total = int(stats.get("total_length", 0)) - sum(old.values()) + sum(map(len, tokens))
            count = int(stats.get("chunks", 0)) - len(old) + len(chunks)
            params = Bm25Params(params.k1, params.b, total / count if count else params.avgdl)
            for start in range(0, len(chunks), _BATCH):
                self._upsert(chunks[start : start + _BATCH], tokens[start : start + _BATCH], params)
            stale = sorted(set(old) - {c.chunk_id for c in chunks})
            if stale:
                self._call(
                    self._client.delete,
                    self._collection,
                    points_selector=models.PointIdsList(points=list(stale)),
                )
            stats.update(total_length=total, chunks=count)
            self._call(self._client.update_collection, self._collection, metadata={"bm25": stats})
        return IngestReport(doc_ids=tuple(ids), chunks=len(chunks), removed=len(stale))

    def _upsert(self, chunks: list[Chunk], tokens: list[list[str]], params: Bm25Params) -> None:
        dense: list[list[float]] | None = None
        if self._embedder is not None:
            dense = self._embedder.embed([_index_text(c) for c in chunks])
        points = []
        for i, (chunk, toks) in enumerate(zip(chunks, tokens, strict=True)):
            vector: dict[str, Any] = {SPARSE: _qdrant_vector(document_vector(toks, params))}
            if dense is not None:
                vector[DENSE] = dense[i]
            points.append(
                models.PointStruct(
                    id=chunk.chunk_id, vector=vector, payload=_payload(chunk, len(toks))
                )
            )
        self._call(self._client.upsert, self._collection, points=points, wait=True)

    def search(self, query: str, officer: Officer, k: int = 5) -> SearchResult:
        """The k best passages the officer may read (filter applied inside Qdrant)."""
        tokens = analyse(query)
        if not tokens or k < 1:
            return SearchResult(passages=[])
        allowed = to_qdrant_filter(qdrant_filter_spec(officer))
        sparse = _qdrant_vector(query_vector(tokens))
        if self._embedder is not None:
            dense = self._embedder.embed([query])[0]
            response = self._call(
                self._client.query_points,
                self._collection,
                prefetch=[
                    models.Prefetch(query=sparse, using=SPARSE, filter=allowed, limit=4 * k),
                    models.Prefetch(query=dense, using=DENSE, filter=allowed, limit=4 * k),
                ],
                query=models.FusionQuery(fusion=models.Fusion.RRF),
                query_filter=allowed,
                limit=k,
                with_payload=True,
            )
        else:
            response = self._call(
                self._client.query_points,
                self._collection,
                query=sparse,
                using=SPARSE,
                query_filter=allowed,
                limit=k,
                with_payload=True,
            )
        passages: list[Passage] = []
        dropped = 0
        for point in response.points:
            passage = _passage(point)
            scoped = bool(passage.precincts) or (point.payload or {}).get("all_precincts") is True
            if scoped and may_read_document(officer, passage.clearance, passage.precincts):
                passages.append(passage)
            else:
                dropped += 1
        return SearchResult(passages, self._filtered_out(sparse, allowed, k), dropped)

    def _filtered_out(self, sparse: models.SparseVector, allowed: models.Filter, k: int) -> int:
        """How many of the k best lexical matches the officer may not read.

        Only point ids leave the store: Qdrant itself counts which of them fail the filter.
        """
        top = self._call(
            self._client.query_points,
            self._collection,
            query=sparse,
            using=SPARSE,
            limit=k,
            with_payload=False,
        ).points
        if not top:
            return 0
        hidden = models.Filter(
            must=[models.HasIdCondition(has_id=[p.id for p in top])], must_not=[allowed]
        )
        return self._call(
            self._client.count, self._collection, count_filter=hidden, exact=True
        ).count

    def count(self) -> int:
        """Number of chunks in the collection."""
        return self._call(self._client.count, self._collection, exact=True).count

    def close(self) -> None:
        """Release the client (a shared local client closes with its last user)."""
        if not self._closed:
            self._closed = True
            self._release()


def _passage(point: models.ScoredPoint) -> Passage:
    payload = point.payload or {}
    return Passage(
        chunk_id=str(point.id),
        doc_id=str(payload.get("doc_id", "")),
        title=str(payload.get("title", "")),
        section=str(payload.get("section", "")),
        text=str(payload.get("text", "")),
        clearance=int(payload.get("clearance", 5)),
        precincts=tuple(payload.get("precincts") or ()),
        score=float(point.score),
    )
