"""The knowledge service: the one implementation of the knowledge path up to composition.

`search` runs the query with the officer's clearance filter inside it; `recheck` applies
the clearance rule once to what came back; `retrieve` is the two in order. The graph's
`retrieve` and `rag_clearance` nodes call the two steps (each is a node of its own), the
fallback engine's knowledge tool calls `retrieve`; none repeats a step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from schemas.officer import Officer
from tools.knowledge.index import Passage, SearchResult
from tools.knowledge.query_text import expand_query
from validators.clearance.knowledge import may_read_document

TOP_K = 8


class Searchable(Protocol):
    """The index as the service uses it."""

    def search(self, query: str, officer: Officer, k: int = 5) -> SearchResult: ...


@dataclass(frozen=True)
class Cleared:
    """Passages ready for composition: every one passed the clearance re-check.

    `dropped` counts passages the filtered query returned that failed the re-check
    (0 unless the filter inside the query is broken); `filtered_out` how many of the k
    best lexical matches the officer may not read.
    """

    passages: list[Passage]
    checked: int
    dropped: int
    filtered_out: int = 0


def readable(officer: Officer, passage: Passage) -> bool:
    """The shared rule; a chunk with no precincts must also carry the force-wide flag."""
    scoped = bool(passage.precincts) or passage.force_wide
    return scoped and may_read_document(officer, passage.clearance, passage.precincts)


class KnowledgeService:
    """Clearance-filtered retrieval, re-checked once, over one index."""

    def __init__(self, index: Searchable) -> None:
        self.index = index

    def search(self, question: str, officer: Officer, k: int = TOP_K) -> SearchResult:
        """The k best passages under the officer's filter (not yet re-checked); Hinglish and
        Kanglish wording is expanded to its English terms first."""
        return self.index.search(expand_query(question), officer, k)

    @staticmethod
    def recheck(officer: Officer, passages: Sequence[Passage], filtered_out: int = 0) -> Cleared:
        """Keep only what the officer may read; count what the filter should have caught."""
        allowed = [p for p in passages if readable(officer, p)]
        return Cleared(allowed, len(passages), len(passages) - len(allowed), filtered_out)

    def retrieve(self, question: str, officer: Officer, k: int = TOP_K) -> Cleared:
        """`search` then `recheck`: the whole path for a caller that is not the graph."""
        found = self.search(question, officer, k)
        return self.recheck(officer, found.passages, found.filtered_out)

    def close(self) -> None:
        """Close the index if this service may (a lent index has no `close`)."""
        close = getattr(self.index, "close", None)
        if close is not None:
            close()
