"""Answer-stage term weights count only chunks every officer may read."""

from __future__ import annotations

from tools.knowledge.chunking import chunk_document
from tools.knowledge.documents import markdown_files, parse_document
from tools.knowledge.sparse import analyse_passage
from tools.knowledge.weights import KB_DIR, readable_by_every_officer, term_weight


def _terms(public: bool) -> set[str]:
    out: set[str] = set()
    for path in markdown_files([KB_DIR]):
        doc = parse_document(path)
        if readable_by_every_officer(doc) == public:
            for chunk in chunk_document(doc):
                out |= set(analyse_passage(f"{chunk.heading_path}\n{chunk.text}"))
    return out


def test_a_term_only_restricted_documents_use_weighs_as_an_unused_one() -> None:
    only_restricted = _terms(public=False) - _terms(public=True)
    assert only_restricted  # the shipped knowledge base has restricted-only wording
    unused = term_weight("a-word-the-knowledge-base-never-uses")
    assert {term_weight(t) for t in only_restricted} == {unused}


def test_restricted_and_station_documents_are_not_readable_by_every_officer() -> None:
    docs = [parse_document(p) for p in markdown_files([KB_DIR])]
    assert not any(readable_by_every_officer(d) for d in docs if d.clearance > 1 or d.precincts)
    assert any(readable_by_every_officer(d) for d in docs)
