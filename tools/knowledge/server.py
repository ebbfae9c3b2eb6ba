"""The production engine: a Qdrant server or cluster through qdrant-client (`QDRANT_URL`).

Same collection design as the embedded engine (`layout.py`). The statistics (layout
version, per-document term frequencies) live in the collection's metadata.
Only this module imports qdrant-client, and only the server path imports this module,
so the command line starts without it.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from qdrant_client import QdrantClient, models
from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential

from schemas.errors import BackendUnavailable
from tools.knowledge.layout import DENSE, EMPTY_STATS, PAYLOAD_INDEXES, SPARSE, Hit, StoredPoint
from tools.knowledge.qfilter import AllOf, AnyOf, Condition, IsTrue, MatchAny, Range
from tools.knowledge.sparse import SparseVec

_BATCH = 256
_T = TypeVar("_T")
_INDEX_KIND = {
    "integer": models.PayloadSchemaType.INTEGER,
    "keyword": models.PayloadSchemaType.KEYWORD,
}

_server_retry = retry(
    retry=retry_if_exception_type(ResponseHandlingException),
    stop=stop_after_attempt(3),
    wait=wait_exponential(multiplier=0.2, max=2),
    reraise=True,
)


def _condition(cond: Condition) -> models.Condition:
    if isinstance(cond, Range):
        return models.FieldCondition(
            key=cond.key, range=models.Range(gt=cond.gt, gte=cond.gte, lt=cond.lt, lte=cond.lte)
        )
    if isinstance(cond, MatchAny):
        return models.FieldCondition(key=cond.key, match=models.MatchAny(any=list(cond.values)))
    if isinstance(cond, IsTrue):
        return models.FieldCondition(key=cond.key, match=models.MatchValue(value=1))
    if isinstance(cond, AnyOf):
        return models.Filter(should=[_condition(c) for c in cond.options])
    raise TypeError(f"unknown condition {cond!r}")


def server_filter(allowed: AllOf) -> models.Filter:
    """The neutral clearance filter as a qdrant-client `Filter`."""
    return models.Filter(must=[_condition(c) for c in allowed.conditions])


def _sparse(vec: SparseVec) -> models.SparseVector:
    return models.SparseVector(indices=list(vec.indices), values=list(vec.values))


class ServerEngine:
    """One collection on a Qdrant server (any `QdrantClient`), with bounded retries."""

    def __init__(self, client: QdrantClient, collection: str, dense_dim: int | None) -> None:
        self._client = client
        self._collection = collection
        self._lock = threading.RLock()
        if not self._call(client.collection_exists, collection):
            self._create(dense_dim)

    @classmethod
    def connect(cls, url: str, collection: str, dense_dim: int | None) -> ServerEngine:
        """A server at `url` (10 s timeout per call)."""
        client = QdrantClient(url=url, timeout=10)
        try:
            return cls(client, collection, dense_dim)
        except BaseException:
            client.close()
            raise

    def _call(self, fn: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
        try:
            return _server_retry(fn)(*args, **kwargs)
        except (ResponseHandlingException, UnexpectedResponse) as exc:
            raise BackendUnavailable(f"knowledge index unavailable: {exc}") from exc

    def _create(self, dense_dim: int | None) -> None:
        dense = {}
        if dense_dim is not None:
            dense = {DENSE: models.VectorParams(size=dense_dim, distance=models.Distance.COSINE)}
        self._call(
            self._client.create_collection,
            self._collection,
            vectors_config=dense,
            sparse_vectors_config={SPARSE: models.SparseVectorParams()},
            metadata={"bm25": copy.deepcopy(EMPTY_STATS)},
        )
        for field, kind in PAYLOAD_INDEXES:
            self._call(
                self._client.create_payload_index, self._collection, field, _INDEX_KIND[kind]
            )

    def _info(self) -> Any:
        return self._call(self._client.get_collection, self._collection).config

    def read_stats(self) -> dict[str, Any]:
        return dict((self._info().metadata or {}).get("bm25") or {})

    def write_stats(self, stats: dict[str, Any]) -> None:
        self._call(self._client.update_collection, self._collection, metadata={"bm25": stats})

    def dense_dim(self) -> int | None:
        vectors = self._info().params.vectors
        params = vectors if isinstance(vectors, dict) else {}
        return params[DENSE].size if DENSE in params else None

    def lengths(self, doc_ids: list[str]) -> dict[str, int]:
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

    def upsert(self, points: list[StoredPoint]) -> None:
        for start in range(0, len(points), _BATCH):
            batch = []
            for p in points[start : start + _BATCH]:
                vector: dict[str, Any] = {SPARSE: _sparse(p.sparse)}
                if p.dense is not None:
                    vector[DENSE] = p.dense
                batch.append(models.PointStruct(id=p.id, vector=vector, payload=p.payload))
            self._call(self._client.upsert, self._collection, points=batch, wait=True)

    def delete(self, ids: list[str]) -> None:
        self._call(
            self._client.delete,
            self._collection,
            points_selector=models.PointIdsList(points=list(ids)),
        )

    def query(
        self,
        sparse: SparseVec,
        dense: list[float] | None,
        allowed: AllOf | None,
        limit: int,
        with_payload: bool,
    ) -> list[Hit]:
        flt = server_filter(allowed) if allowed is not None else None
        if dense is None:
            response = self._call(
                self._client.query_points,
                self._collection,
                query=_sparse(sparse),
                using=SPARSE,
                query_filter=flt,
                limit=limit,
                with_payload=with_payload,
            )
        else:
            response = self._call(
                self._client.query_points,
                self._collection,
                prefetch=[
                    models.Prefetch(
                        query=_sparse(sparse), using=SPARSE, filter=flt, limit=4 * limit
                    ),
                    models.Prefetch(query=dense, using=DENSE, filter=flt, limit=4 * limit),
                ],
                query=models.FusionQuery(fusion=models.Fusion.RRF),
                query_filter=flt,
                limit=limit,
                with_payload=with_payload,
            )
        return [Hit(str(p.id), float(p.score), dict(p.payload or {})) for p in response.points]

    def count_hidden(self, ids: list[str], allowed: AllOf) -> int:
        hidden = models.Filter(
            must=[models.HasIdCondition(has_id=list(ids))], must_not=[server_filter(allowed)]
        )
        return self._call(
            self._client.count, self._collection, count_filter=hidden, exact=True
        ).count

    def count(self) -> int:
        return self._call(self._client.count, self._collection, exact=True).count

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Serialises this process's writers (the server orders concurrent upserts)."""
        with self._lock:
            yield

    def close(self) -> None:
        self._client.close()
