"""The index on every engine: clearance and precinct filter inside the query, re-ingest.

`index` runs each test on the embedded engine and, when QDRANT_TEST_URL names a
server, on the server engine too (see conftest).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from schemas.errors import BadInput
from tests.tools.knowledge.conftest import open_index
from tools.knowledge.embedders import HashingEmbedder
from tools.knowledge.index import KnowledgeIndex, SearchResult

NIGHTJAR = "Operation Nightjar falcon rendezvous coordinates are held by the controlling officer"
KESTREL = "KR Puram kestrel night patrol roster"
REPO_KB = Path(__file__).resolve().parents[3] / "kb"


def _doc_ids(result: SearchResult) -> set[str]:
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
    assert all(p.force_wide for p in result.passages)


def test_passages_carry_their_stored_access_fields(
    index: KnowledgeIndex, corpus: Path, make_officer
) -> None:
    index.ingest([corpus])
    top = index.search(KESTREL, make_officer(2, "BLR-E-KRP")).passages[0]
    assert (top.doc_id, top.clearance, top.precincts, top.force_wide) == (
        "so-krp-night-duty",
        2,
        ("BLR-E-KRP",),
        False,
    )


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


def test_rarer_terms_weigh_more_through_the_idf(
    index: KnowledgeIndex, write_doc, make_officer
) -> None:
    for n in range(4):
        write_doc(f"sop-common-{n}", f"Common {n}", {"Log": "Every patrol keeps a patrol log."})
    rare = write_doc("sop-rare", "Rare", {"Log": "Every patrol notes a gyrfalcon sighting."})
    index.ingest([rare.parent])
    ranked = index.search("gyrfalcon patrol log", make_officer(1, "X"), k=5).passages
    # "log" matches four chunks twice as often, yet the one rare term outweighs it
    assert ranked[0].doc_id == "sop-rare"


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


def test_fusion_with_a_dense_embedder_keeps_the_filter(
    engine: str, kb_tmp: Path, corpus: Path, make_officer
) -> None:
    idx = open_index(engine, kb_tmp, embedder=HashingEmbedder(dim=64))
    try:
        idx.ingest([corpus])
        officer = make_officer(1, "BLR-E-WFD")
        result = idx.search(f"{NIGHTJAR} {KESTREL}", officer, k=10)
        assert result.passages
        assert _doc_ids(result) <= {"sop-zero-fir", "sop-handcuffs"}
        top = idx.search("register a zero fir and transfer it", officer).passages[0]
        assert top.doc_id == "sop-zero-fir"
    finally:
        idx.close()


def test_opening_a_lexical_collection_with_an_embedder_is_refused(kb_tmp: Path) -> None:
    KnowledgeIndex.open(path=kb_tmp / "q").close()
    with pytest.raises(BadInput, match="no 64-d dense vectors"):
        KnowledgeIndex.open(path=kb_tmp / "q", embedder=HashingEmbedder(64))


def test_repository_canary_never_reaches_a_clearance_1_officer(
    index: KnowledgeIndex, make_officer
) -> None:
    index.ingest([REPO_KB])
    result = index.search("CANARY-KB-5 Operation Nightjar", make_officer(1, "BLR-E-KRP"), k=10)
    assert result.passages
    assert all(p.clearance == 1 for p in result.passages)
    assert not any("CANARY" in p.text or "Nightjar" in p.title for p in result.passages)
    assert result.filtered_out >= 1


def _scores(folder: Path, officer, query: str) -> list[tuple[str, float]]:
    index = KnowledgeIndex.open(path=folder.parent / f"{folder.name}-index")
    try:
        index.ingest([folder])
        return [(p.chunk_id, p.score) for p in index.search(query, officer, k=10).passages]
    finally:
        index.close()


def test_scores_do_not_depend_on_documents_the_officer_may_not_read(
    write_doc, make_officer, tmp_path: Path
) -> None:
    write_doc("sop-log", "Patrol log", {"Log": "Every patrol keeps a patrol log."})
    write_doc("sop-rare", "Rare", {"Log": "Every patrol notes a gyrfalcon sighting."})
    readable = tmp_path / "readable"
    readable.mkdir()
    for source in (tmp_path / "kb").iterdir():
        (readable / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    for n in range(6):  # make "gyrfalcon" common, but only where this officer cannot look
        write_doc(f"restricted-{n}", f"R {n}", {"S": "gyrfalcon gyrfalcon patrol"}, clearance=5)
        write_doc(f"so-{n}", f"S {n}", {"S": "gyrfalcon log"}, precincts=("BLR-E-WFD",))
    officer = make_officer(1, "BLR-E-KRP")
    query = "gyrfalcon patrol log"
    with_hidden, without = (
        _scores(tmp_path / "kb", officer, query),
        _scores(readable, officer, query),
    )
    assert [i for i, _ in with_hidden] == [i for i, _ in without]
    # the engine sums in float32, in an order that may follow its segment layout
    assert [s for _, s in with_hidden] == pytest.approx([s for _, s in without], rel=1e-6)


def test_an_index_of_the_old_layout_is_refused_with_a_rebuild_message(tmp_path: Path) -> None:
    KnowledgeIndex.open(path=tmp_path).close()
    meta = tmp_path / "sop_kb" / "meta.json"
    data = json.loads(meta.read_text(encoding="utf-8"))
    data["bm25"] = {"k1": 1.2, "b": 0.75, "total_length": 0, "chunks": 0}
    meta.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BadInput, match="ingest the knowledge base again"):
        KnowledgeIndex.open(path=tmp_path)
