"""The embedded engine: Qdrant's own segment engine in process (`qdrant-edge-py`).

Folder layout (one per collection): `shard/` (the Edge shard, created with the
write-ahead log off, so any number of processes may load it at once), `meta.json`
(the statistics of `layout.EMPTY_STATS`, the dense size, and a generation bumped by
every write) and `lock`.

Concurrency across processes:
- readers take a shared `flock` only while loading the shard, so readers never block
  each other and a CLI command works while the service holds the index;
- a writer takes the exclusive lock for its whole ingest, flushes (without a WAL an
  update is durable only once flushed), then bumps the generation;
- a reader whose generation is stale reloads the shard before its next query, so it
  sees a finished ingest and never a half-written one.
"""

from __future__ import annotations

import copy
import fcntl
import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import qdrant_edge as qe

from schemas.errors import BackendUnavailable
from tools.knowledge.layout import DENSE, EMPTY_STATS, PAYLOAD_INDEXES, SPARSE, Hit, StoredPoint
from tools.knowledge.qfilter import AllOf, AnyOf, Condition, IsTrue, MatchAny, Range
from tools.knowledge.sparse import SparseVec

LOCK_WAIT_S = 30.0
_BATCH = 1000
_INDEX_KIND = {
    "integer": qe.PayloadSchemaType.Integer,
    "keyword": qe.PayloadSchemaType.Keyword,
}
#: Reciprocal-rank-fusion constant: the server's default, so both engines fuse alike.
RRF_K = 2


def _condition(cond: Condition) -> Any:
    if isinstance(cond, Range):
        return qe.FieldCondition(
            cond.key, range=qe.RangeFloat(gt=cond.gt, gte=cond.gte, lt=cond.lt, lte=cond.lte)
        )
    if isinstance(cond, MatchAny):
        return qe.FieldCondition(cond.key, match=qe.MatchAny(list(cond.values)))
    if isinstance(cond, IsTrue):
        return qe.FieldCondition(cond.key, match=qe.MatchValue(1))
    if isinstance(cond, AnyOf):
        return qe.Filter(should=[_condition(c) for c in cond.options])
    raise TypeError(f"unknown condition {cond!r}")


def edge_filter(allowed: AllOf) -> qe.Filter:
    """The neutral clearance filter as an Edge `Filter`."""
    return qe.Filter(must=[_condition(c) for c in allowed.conditions])


def _sparse(vec: SparseVec) -> qe.SparseVector:
    return qe.SparseVector(list(vec.indices), list(vec.values))


@contextmanager
def _flock(path: Path, mode: int) -> Iterator[None]:
    """Hold `flock(mode)` on `path`, waiting at most LOCK_WAIT_S."""
    with path.open("a+") as handle:
        deadline = time.monotonic() + LOCK_WAIT_S
        while True:
            try:
                fcntl.flock(handle, mode | fcntl.LOCK_NB)
                break
            except BlockingIOError as exc:
                if time.monotonic() > deadline:
                    raise BackendUnavailable(f"knowledge index {path.parent} is busy") from exc
                time.sleep(0.05)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class EdgeEngine:
    """One collection as an Edge shard on disk (see the module docstring)."""

    def __init__(self, folder: Path, dense_dim: int | None) -> None:
        self._folder = folder
        self._lock_path = folder / "lock"
        self._meta_path = folder / "meta.json"
        self._shard_path = folder / "shard"
        self._write_lock = threading.RLock()
        folder.mkdir(parents=True, exist_ok=True)
        with _flock(self._lock_path, fcntl.LOCK_EX):
            if not self._meta_path.exists():
                self._create(dense_dim)
        self._version_seen = (0, 0)
        self._stats: tuple[tuple[int, int], dict[str, Any]] | None = None
        self._shard: qe.EdgeShard | None = None
        self._writing = False
        self._current()

    def _create(self, dense_dim: int | None) -> None:
        vectors = {}
        if dense_dim is not None:
            vectors = {DENSE: qe.EdgeVectorParams(size=dense_dim, distance=qe.Distance.Cosine)}
        config = qe.EdgeConfig(
            vectors=vectors,
            sparse_vectors={SPARSE: qe.EdgeSparseVectorParams()},
            wal_enabled=False,
        )
        shard = qe.EdgeShard.create(str(self._shard_path), config)
        for field, kind in PAYLOAD_INDEXES:
            shard.update(qe.UpdateOperation.create_field_index(field, _INDEX_KIND[kind]))
        shard.flush()
        shard.close()
        meta = {"generation": 0, "dense_dim": dense_dim, "bm25": copy.deepcopy(EMPTY_STATS)}
        self._write_meta(meta)

    def _read_meta(self) -> dict[str, Any]:
        return dict(json.loads(self._meta_path.read_text(encoding="utf-8")))

    def _write_meta(self, meta: dict[str, Any]) -> None:
        tmp = self._meta_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(meta), encoding="utf-8")
        os.replace(tmp, self._meta_path)

    def _version(self) -> tuple[int, int]:
        """Changes whenever a writer publishes (meta.json is replaced, never edited)."""
        stat = self._meta_path.stat()
        return stat.st_ino, stat.st_mtime_ns

    def _load(self) -> qe.EdgeShard:
        """Load the published shard; on failure every query fails (and retries the load)
        until the folder is readable again, rather than serving a shard it has replaced."""
        version = self._version()
        try:
            shard = qe.EdgeShard.load(str(self._shard_path))
        except Exception as exc:  # the binding raises a bare Exception
            message = f"knowledge index {self._folder} cannot be opened: {exc}"
            raise BackendUnavailable(message) from exc
        # the shard this replaces is released when its last query returns
        self._shard, self._version_seen = shard, version
        return shard

    def _current(self) -> qe.EdgeShard:
        """The loaded shard, reloaded first when another writer has published since."""
        shard = self._shard
        if shard is not None and (self._writing or self._version() == self._version_seen):
            return shard
        with self._write_lock, _flock(self._lock_path, fcntl.LOCK_SH):
            return self._load()

    def read_stats(self) -> dict[str, Any]:
        """The statistics, parsed once per published version (a query reads them each time)."""
        version = self._version()
        cached = self._stats
        if cached is None or cached[0] != version:
            cached = self._stats = (version, dict(self._read_meta()["bm25"]))
        return dict(cached[1])

    def write_stats(self, stats: dict[str, Any]) -> None:
        meta = self._read_meta()
        meta["bm25"] = dict(stats)
        self._write_meta(meta)

    def dense_dim(self) -> int | None:
        dim = self._read_meta().get("dense_dim")
        return None if dim is None else int(dim)

    def lengths(self, doc_ids: list[str]) -> dict[str, int]:
        flt = qe.Filter(must=[qe.FieldCondition("doc_id", match=qe.MatchAny(list(doc_ids)))])
        found: dict[str, int] = {}
        offset: Any = None
        shard = self._current()
        while True:
            records, offset = shard.scroll(
                qe.ScrollRequest(offset=offset, limit=1024, filter=flt, with_payload=["length"])
            )
            found.update({str(r.id): int((r.payload or {}).get("length", 0)) for r in records})
            if offset is None:
                return found

    def upsert(self, points: list[StoredPoint]) -> None:
        shard = self._current()
        for start in range(0, len(points), _BATCH):
            batch = []
            for p in points[start : start + _BATCH]:
                vector: dict[str, Any] = {SPARSE: _sparse(p.sparse)}
                if p.dense is not None:
                    vector[DENSE] = p.dense
                batch.append(qe.Point(p.id, vector, p.payload))
            shard.update(qe.UpdateOperation.upsert_points(batch))

    def delete(self, ids: list[str]) -> None:
        self._current().update(qe.UpdateOperation.delete_points(list(ids)))

    def query(
        self,
        sparse: SparseVec,
        dense: list[float] | None,
        allowed: AllOf | None,
        limit: int,
        with_payload: bool,
    ) -> list[Hit]:
        flt = edge_filter(allowed) if allowed is not None else None
        lexical = qe.Query.Nearest(_sparse(sparse), using=SPARSE)
        if dense is None:
            request = qe.QueryRequest(
                limit=limit, query=lexical, filter=flt, with_payload=with_payload
            )
        else:
            request = qe.QueryRequest(
                limit=limit,
                prefetches=[
                    qe.Prefetch(limit=4 * limit, query=lexical, filter=flt),
                    qe.Prefetch(
                        limit=4 * limit, query=qe.Query.Nearest(dense, using=DENSE), filter=flt
                    ),
                ],
                query=qe.Fusion.Rrf(k=RRF_K),  # type: ignore[arg-type]  # stub: Rrf is a Fusion
                filter=flt,
                with_payload=with_payload,
            )
        return [
            Hit(str(p.id), float(p.score), dict(p.payload or {}))
            for p in self._current().query(request)
        ]

    def count_hidden(self, ids: list[str], allowed: AllOf) -> int:
        hidden = qe.Filter(must=[qe.HasIdCondition(set(ids))], must_not=[edge_filter(allowed)])
        return int(self._current().count(qe.CountRequest(exact=True, filter=hidden)))

    def count(self) -> int:
        return int(self._current().count(qe.CountRequest(exact=True)))

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Exclusive across processes; optimised, flushed and published on success."""
        with self._write_lock, _flock(self._lock_path, fcntl.LOCK_EX):
            shard = self._load()
            self._writing = True
            try:
                yield
                shard.optimize()
                shard.flush()
                meta = self._read_meta()
                meta["generation"] = int(meta["generation"]) + 1
                self._write_meta(meta)
                self._version_seen = self._version()
            except BaseException:
                self._shard = None  # unpublished changes: reload from disk on next use
                raise
            finally:
                self._writing = False

    def close(self) -> None:
        shard, self._shard = self._shard, None
        if shard is not None:
            shard.close()
