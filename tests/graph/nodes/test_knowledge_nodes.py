"""The knowledge nodes: `retrieve` runs the service's filtered search, `rag_clearance`
its one re-check; each with a fake service behind it."""

from __future__ import annotations

import asyncio
from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.rag_clearance import rag_clearance
from graph.nodes.retrieve import retrieve
from schemas.errors import BackendUnavailable
from schemas.officer import Officer
from tools.knowledge.index import Passage, SearchResult
from tools.knowledge.service import TOP_K, KnowledgeService

OFFICER = Officer(
    badge_id="KA-T-2", name="T", rank="PSI", clearance=2, precincts=frozenset({"BLR-E-KRP"})
)
PUBLIC = Passage("c1", "sop-a", "A", "S", "text", 1, (), 1.0, force_wide=True)
SECRET = Passage("c2", "brief", "B", "S", "text", 5, (), 0.9, force_wide=True)


class FakeIndex:
    """Returns what it is told to, as a broken filter would; records each search."""

    def __init__(self, result: SearchResult | Exception) -> None:
        self.result = result
        self.calls: list[tuple[str, str, int]] = []

    def search(self, query: str, officer: Officer, k: int = 5) -> SearchResult:
        self.calls.append((query, officer.badge_id, k))
        if isinstance(self.result, Exception):
            raise self.result
        return self.result


def _run(index: FakeIndex, text: str) -> dict[str, Any]:
    runtime = Runtime(context=GraphContext(knowledge=KnowledgeService(index)))
    state: Any = {"text": text, "officer": OFFICER}
    return asyncio.run(retrieve(state, runtime))


def test_retrieve_searches_the_question_as_the_officer_and_notes_what_was_hidden() -> None:
    index = FakeIndex(SearchResult([PUBLIC], filtered_out=3))
    update = _run(index, "zero fir")
    assert index.calls == [("zero fir", "KA-T-2", TOP_K)]
    assert update["passages"] == [PUBLIC]
    assert update["notes"] == [{"kind": "rag_retrieved", "passages": ["c1"], "filtered_out": 3}]


def test_an_unavailable_index_becomes_a_failed_rag_branch() -> None:
    update = _run(FakeIndex(BackendUnavailable("down")), "zero fir")
    assert update["passages"] == []
    assert update["results"][0].failed
    assert update["notes"] == [{"kind": "rag_failed", "error": "BackendUnavailable"}]


def test_rag_clearance_drops_and_audits_what_the_filter_let_through() -> None:
    state: Any = {"officer": OFFICER, "passages": [PUBLIC, SECRET]}
    update = asyncio.run(rag_clearance(state))
    assert update["passages"] == [PUBLIC]
    assert update["notes"] == [{"kind": "rag_clearance", "checked": 2, "dropped": 1}]
