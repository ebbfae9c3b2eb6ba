"""The Qdrant-backed index: clearance and precinct filter inside the query, re-ingest."""

from __future__ import annotations

from pathlib import Path

import pytest
from qdrant_client import QdrantClient, models

from schemas.errors import BackendUnavailable, BadInput
from tools.knowledge import index as index_module
from tools.knowledge.embedders import HashingEmbedder
from tools.knowledge.index import KnowledgeIndex

NIGHTJAR = "Operation Nightjar falcon rendezvous coordinates are held by the controlling officer"
KESTREL = "KR Puram kestrel night patrol roster"
REPO_KB = Path(__file__).resolve().parents[3] / "kb"


def _doc_ids(result: index_module.SearchResult) -> set[str]:
    return {p.doc_id for p in result.passages}


def test_ingest_reports_documents_and_chunks(index: KnowledgeIndex, corpus: Path) -> None:
    report = index.ingest([corpus])
    assert report.documents == 4
    assert report.chunks == index.count() == 5
    assert report.removed == 0


def test_clearance_5_document_never_reaches_a_clearance_1_officer_for_its_exact_text(
    index: KnowledgeIndex, corpus: Path, make_officer
) -> None:
    index.ingest([corpus])
    cleared = index.search(NIGHTJAR, make_officer(5, "BLR-E-KRP"))
    assert "restricted-nightjar" in _doc_ids(cleared)

    result = index.search(NIGHTJAR, make_officer(1, "BLR-E-KRP"), k=10)
    assert "restricted-nightjar" not in _doc_ids(result)
    assert all(p.clearance <= 1 for p in result.passages)
    assert result.filtered_out == 1
    assert result.recheck_dropped == 0


def test_precinct_scoped_document_is_only_returned_inside_its_precinct(
    index: KnowledgeIndex, corpus: Path, make_officer
) -> None:
    index.ingest([corpus])
    assert "so-krp-night-duty" in _doc_ids(index.search(KESTREL, make_officer(2, "BLR-E-KRP")))
    wrong_precinct = index.search(KESTREL, make_officer(5, "BLR-E-WFD", "MYS-C-DVR"), k=10)
    assert "so-krp-night-duty" not in _doc_ids(wrong_precinct)
    assert wrong_precinct.filtered_out == 1
    too_low = index.search(KESTREL, make_officer(1, "BLR-E-KRP"), k=10)
    assert "so-krp-night-duty" not in _doc_ids(too_low)


def test_officer_without_precincts_sees_only_all_precinct_documents(
    index: KnowledgeIndex, corpus: Path, make_officer
) -> None:
    index.ingest([corpus])
    result = index.search(f"{KESTREL} zero fir handcuffs", make_officer(5), k=10)
    assert "so-krp-night-duty" not in _doc_ids(result)
    assert {"sop-zero-fir", "sop-handcuffs"} <= _doc_ids(result)


def test_recheck_drops_and_counts_what_a_broken_filter_lets_through(
    index: KnowledgeIndex, corpus: Path, make_officer, monkeypatch: pytest.MonkeyPatch
) -> None:
    index.ingest([corpus])
    monkeypatch.setattr(index_module, "to_qdrant_filter", lambda spec: models.Filter())
    result = index.search(NIGHTJAR, make_officer(1, "BLR-E-KRP"), k=10)
    assert "restricted-nightjar" not in _doc_ids(result)
    assert result.recheck_dropped == 1


def test_reingesting_a_document_replaces_all_its_chunks(
    index: KnowledgeIndex, write_doc, make_officer
) -> None:
    sections = {"Old part": "The obsolete osprey procedure.", "Kept": "Transfer papers."}
    path = write_doc("sop-change", "Changing SOP", sections)
    index.ingest([path])
    assert index.count() == 2

    write_doc("sop-change", "Changing SOP", {"Kept": "Transfer papers quickly."})
    report = index.ingest([path])
    assert (report.chunks, report.removed, index.count()) == (1, 1, 1)
    officer = make_officer(5, "BLR-E-KRP")
    assert index.search("obsolete osprey procedure", officer).passages == []
    assert index.search("transfer papers", officer).passages[0].text == "Transfer papers quickly."


def test_a_bad_file_fails_the_whole_ingest_before_anything_is_written(
    index: KnowledgeIndex, corpus: Path
) -> None:
    (corpus / "zz-bad.md").write_text("---\nclearance: 9\ntitle: Bad\n---\nx\n", encoding="utf-8")
    with pytest.raises(BadInput, match=r"zz-bad\.md"):
        index.ingest([corpus])
    assert index.count() == 0


def test_duplicate_document_ids_in_one_ingest_are_rejected(
    index: KnowledgeIndex, write_doc
) -> None:
    first = write_doc("sop-a", "A", {"S": "One."})
    second = first.with_name("copy.md")
    second.write_text(first.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(BadInput, match="duplicate document ids in one ingest: sop-a"):
        index.ingest([first, second])


def test_a_query_with_no_search_terms_returns_nothing(
    index: KnowledgeIndex, corpus: Path, make_officer
) -> None:
    index.ingest([corpus])
    assert index.search("the of and ?", make_officer(5, "BLR-E-KRP")).passages == []


def test_fusion_with_a_dense_embedder_keeps_the_filter(corpus: Path, make_officer) -> None:
    idx = KnowledgeIndex.open(embedder=HashingEmbedder(dim=64))
    try:
        idx.ingest([corpus])
        officer = make_officer(1, "BLR-E-WFD")
        result = idx.search(f"{NIGHTJAR} {KESTREL}", officer, k=10)
        assert _doc_ids(result) <= {"sop-zero-fir", "sop-handcuffs"}
        assert result.recheck_dropped == 0
        top = idx.search("register a zero fir and transfer it", officer).passages[0]
        assert top.doc_id == "sop-zero-fir"
    finally:
        idx.close()


def test_opening_a_lexical_collection_with_an_embedder_is_refused(tmp_path: Path) -> None:
    KnowledgeIndex.open(path=tmp_path / "q").close()
    with pytest.raises(BadInput, match="no 64-d dense vectors"):
        KnowledgeIndex.open(path=tmp_path / "q", embedder=HashingEmbedder(64))


def test_local_mode_on_disk_shares_one_client_per_folder_and_persists(
    tmp_path: Path, corpus: Path, make_officer
) -> None:
    first = KnowledgeIndex.open(path=tmp_path / "qdrant")
    second = KnowledgeIndex.open(path=tmp_path / "qdrant")
    first.ingest([corpus / "sop-zero-fir.md"])
    assert second.count() == 2
    first.close()
    assert second.search("zero fir", make_officer(1, "X")).passages
    second.close()

    reopened = KnowledgeIndex.open(path=tmp_path / "qdrant")
    try:
        assert reopened.count() == 2
    finally:
        reopened.close()


def test_repository_canary_never_reaches_a_clearance_1_officer(make_officer) -> None:
    idx = KnowledgeIndex.open()
    try:
        idx.ingest([REPO_KB])
        result = idx.search("CANARY-KB-5 Operation Nightjar", make_officer(1, "BLR-E-KRP"), k=10)
        assert all(p.clearance == 1 for p in result.passages)
        assert not any("CANARY" in p.text or "Nightjar" in p.title for p in result.passages)
        assert result.filtered_out >= 1
    finally:
        idx.close()


def test_a_folder_locked_by_another_client_is_backend_unavailable(tmp_path: Path) -> None:
    other = QdrantClient(path=str(tmp_path / "locked"))
    try:
        with pytest.raises(BackendUnavailable, match="in use"):
            KnowledgeIndex.open(path=tmp_path / "locked")
    finally:
        other.close()
