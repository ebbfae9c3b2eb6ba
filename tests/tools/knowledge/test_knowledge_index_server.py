"""The server engine over mocked HTTP: the officer's filter travels inside the Qdrant query."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import respx

from schemas.errors import BackendUnavailable, BadInput
from tools.knowledge.embedders import HashingEmbedder
from tools.knowledge.index import KnowledgeIndex
from tools.knowledge.layout import EMPTY_STATS, PAYLOAD_INDEXES
from tools.knowledge.service import KnowledgeService

URL = "http://qdrant.test:6333"
EXPECTED_FILTER = {
    "must": [
        {"key": "clearance", "range": {"lte": 2}},
        {
            "should": [
                {"key": "all_precincts", "match": {"value": 1}},
                {"key": "precincts", "match": {"any": ["BLR-E-KRP"]}},
            ]
        },
    ]
}


def _ok(result: Any) -> httpx.Response:
    return httpx.Response(200, json={"result": result, "status": "ok", "time": 0.0})


def _point(doc_id: str, clearance: int, precincts: list[str]) -> dict[str, Any]:
    return {
        "id": "6f1c1d6e-8b5a-5c55-9c43-6bd1f3b1f7a1",
        "version": 1,
        "score": 3.2,
        "payload": {
            "doc_id": doc_id,
            "title": "T",
            "section": "S",
            "text": "zero fir transfer",
            "clearance": clearance,
            "precincts": precincts,
            "all_precincts": int(not precincts),
        },
    }


def _info(vectors: dict[str, Any]) -> dict[str, Any]:
    """A collection description of the current layout (statistics in its metadata)."""
    return {
        "status": "green",
        "optimizer_status": "ok",
        "segments_count": 1,
        "payload_schema": {},
        "config": {
            "params": {"vectors": vectors},
            "hnsw_config": {"m": 16, "ef_construct": 100, "full_scan_threshold": 10000},
            "optimizer_config": {
                "deleted_threshold": 0.2,
                "vacuum_min_vector_number": 1000,
                "default_segment_number": 0,
                "flush_interval_sec": 5,
            },
            "wal_config": {"wal_capacity_mb": 32, "wal_segments_ahead": 0},
            "metadata": {"bm25": copy.deepcopy(EMPTY_STATS)},
        },
    }


@pytest.fixture
def qdrant() -> Iterator[respx.MockRouter]:
    with respx.mock(base_url=URL, assert_all_called=False) as router:
        router.get("/").mock(return_value=httpx.Response(200, json={"version": "1.20.0"}))
        router.get("/collections/sop_kb/exists").mock(return_value=_ok({"exists": True}))
        router.get("/collections/sop_kb").mock(return_value=_ok(_info({})))
        router.post("/collections/sop_kb/points/count").mock(return_value=_ok({"count": 0}))
        yield router


def _bodies(router: respx.MockRouter) -> list[dict[str, Any]]:
    return [
        json.loads(call.request.content)
        for call in router.calls
        if call.request.url.path.endswith("/points/query")
    ]


def test_lexical_query_carries_the_clearance_and_precinct_filter(
    qdrant: respx.MockRouter, make_officer
) -> None:
    qdrant.post("/collections/sop_kb/points/query").mock(return_value=_ok({"points": []}))
    idx = KnowledgeIndex.open(url=URL)
    idx.search("zero fir transfer", make_officer(2, "BLR-E-KRP"))
    passage_query = next(b for b in _bodies(qdrant) if b["with_payload"])
    assert passage_query["using"] == "bm25"
    assert passage_query["filter"] == EXPECTED_FILTER
    audit_query = next(b for b in _bodies(qdrant) if not b["with_payload"])
    assert "filter" not in audit_query


def test_fusion_query_filters_both_prefetches_and_the_fused_result(
    qdrant: respx.MockRouter, make_officer
) -> None:
    qdrant.get("/collections/sop_kb").mock(
        return_value=_ok(_info({"dense": {"size": 64, "distance": "Cosine"}}))
    )
    qdrant.post("/collections/sop_kb/points/query").mock(return_value=_ok({"points": []}))
    idx = KnowledgeIndex.open(url=URL, embedder=HashingEmbedder(64))
    idx.search("zero fir transfer", make_officer(2, "BLR-E-KRP"))
    fused = next(b for b in _bodies(qdrant) if b["with_payload"])
    assert fused["query"] == {"fusion": "rrf"}
    assert fused["filter"] == EXPECTED_FILTER
    assert [p["using"] for p in fused["prefetch"]] == ["bm25", "dense"]
    assert all(p["filter"] == EXPECTED_FILTER for p in fused["prefetch"])


def test_a_point_the_server_should_not_have_returned_is_dropped_and_counted(
    qdrant: respx.MockRouter, make_officer
) -> None:
    leaked = {"points": [_point("restricted", 5, []), _point("other-precinct", 1, ["MYS-X"])]}
    qdrant.post("/collections/sop_kb/points/query").mock(return_value=_ok(leaked))
    service = KnowledgeService(KnowledgeIndex.open(url=URL))
    cleared = service.retrieve("zero fir", make_officer(2, "BLR-E-KRP"))
    assert cleared.passages == []
    assert (cleared.checked, cleared.dropped) == (2, 2)


def test_an_unreachable_server_is_backend_unavailable_after_bounded_retries(
    qdrant: respx.MockRouter, make_officer
) -> None:
    route = qdrant.post("/collections/sop_kb/points/query").mock(
        side_effect=httpx.ConnectError("refused")
    )
    idx = KnowledgeIndex.open(url=URL)
    with pytest.raises(BackendUnavailable):
        idx.search("zero fir", make_officer(2, "BLR-E-KRP"))
    assert route.call_count == 3


def test_a_new_collection_gets_the_shared_design(make_officer) -> None:
    with respx.mock(base_url=URL, assert_all_called=False) as router:
        router.get("/").mock(return_value=httpx.Response(200, json={"version": "1.20.0"}))
        router.get("/collections/sop_kb/exists").mock(return_value=_ok({"exists": False}))
        create = router.put("/collections/sop_kb").mock(return_value=_ok(True))
        router.get("/collections/sop_kb").mock(return_value=_ok(_info({})))
        index = router.put("/collections/sop_kb/index").mock(
            return_value=_ok({"operation_id": 1, "status": "completed"})
        )
        KnowledgeIndex.open(url=URL).close()
    body = json.loads(create.calls[0].request.content)
    assert body["sparse_vectors"]["bm25"].get("modifier") in (None, "none")
    assert body["metadata"]["bm25"] == EMPTY_STATS
    fields = {
        (b["field_name"], b["field_schema"])
        for b in (json.loads(c.request.content) for c in index.calls)
    }
    assert fields == {(name, kind) for name, kind in PAYLOAD_INDEXES}


def test_a_collection_of_the_old_layout_is_refused_with_a_rebuild_message() -> None:
    old = _info({})
    old["config"]["metadata"] = {"bm25": {"k1": 1.2, "b": 0.75, "total_length": 9, "chunks": 1}}
    with respx.mock(base_url=URL, assert_all_called=False) as router:
        router.get("/").mock(return_value=httpx.Response(200, json={"version": "1.20.0"}))
        router.get("/collections/sop_kb/exists").mock(return_value=_ok({"exists": True}))
        router.get("/collections/sop_kb").mock(return_value=_ok(old))
        with pytest.raises(BadInput, match="ingest the knowledge base again"):
            KnowledgeIndex.open(url=URL)
