"""The knowledge service: filtered search, one clearance re-check, passages to compose."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tools.knowledge.conftest import MakeOfficer
from tools.knowledge import index as index_module
from tools.knowledge.index import KnowledgeIndex, Passage
from tools.knowledge.qfilter import AllOf, Range
from tools.knowledge.service import KnowledgeService

NIGHTJAR = "Operation Nightjar falcon rendezvous coordinates are held by the controlling officer"


def _passage(clearance: int, precincts: tuple[str, ...] = (), force_wide: bool = True) -> Passage:
    return Passage("c", "d", "T", "S", "text", clearance, precincts, 1.0, force_wide)


def test_retrieve_returns_only_what_the_officer_may_read(
    index: KnowledgeIndex, corpus: Path, make_officer: MakeOfficer
) -> None:
    index.ingest([corpus])
    cleared = KnowledgeService(index).retrieve(
        f"{NIGHTJAR} zero fir", make_officer(1, "BLR-E-KRP"), k=10
    )
    assert cleared.passages
    assert "restricted-nightjar" not in {p.doc_id for p in cleared.passages}
    assert (cleared.dropped, cleared.filtered_out) == (0, 1)
    assert cleared.checked == len(cleared.passages)


def test_the_recheck_drops_and_counts_what_a_broken_filter_lets_through(
    index: KnowledgeIndex,
    corpus: Path,
    make_officer: MakeOfficer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    index.ingest([corpus])
    everything = AllOf((Range("clearance", gte=0),))
    monkeypatch.setattr(index_module, "to_filter", lambda spec: everything)
    cleared = KnowledgeService(index).retrieve(
        f"{NIGHTJAR} zero fir", make_officer(1, "BLR-E-KRP"), k=10
    )
    assert "restricted-nightjar" not in {p.doc_id for p in cleared.passages}
    assert cleared.dropped >= 1
    assert all(p.clearance <= 1 for p in cleared.passages)


@pytest.mark.parametrize(
    ("passage", "readable"),
    [
        (_passage(2), True),
        (_passage(4), False),
        (_passage(1, ("BLR-E-KRP",), force_wide=False), True),
        (_passage(1, ("MYS-C-DVR",), force_wide=False), False),
        (_passage(1, (), force_wide=False), False),
    ],
    ids=["force-wide", "above-clearance", "own-precinct", "other-precinct", "unscoped-payload"],
)
def test_the_recheck_applies_the_shared_rule_and_fails_closed_on_unscoped_chunks(
    passage: Passage, readable: bool, make_officer: MakeOfficer
) -> None:
    cleared = KnowledgeService.recheck(make_officer(3, "BLR-E-KRP"), [passage])
    assert (cleared.passages == [passage]) is readable
    assert cleared.dropped == (0 if readable else 1)


def test_closing_the_service_leaves_a_lent_index_open(make_officer: MakeOfficer) -> None:
    class Lent:
        def search(self, query: str, officer: object, k: int = 5) -> index_module.SearchResult:
            return index_module.SearchResult([_passage(1)])

    service = KnowledgeService(Lent())
    service.close()
    assert service.retrieve("anything", make_officer(1)).passages == [_passage(1)]
