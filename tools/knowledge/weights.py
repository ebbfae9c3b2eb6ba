"""Term weights for relevance: how rare a term is across the shipped knowledge base.

A question term found in few passages ("golden", "mahazar") says more about what is asked
than one found in most ("fir", "case", "police"). The weight is an inverse document
frequency over the chunks of `kb/` that every officer may read (clearance 1, force-wide): a
frequency that counted restricted documents or another station's standing orders would let
documents an officer may not read change the answer they get. A term those chunks never use
weighs as much as one used once, so a question about something the knowledge base does not
hold ("earned leave", "pension") scores low. Hinglish and Kanglish words must therefore be
translated before (`query_text`).
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from pathlib import Path

from tools.knowledge.chunking import chunk_document
from tools.knowledge.documents import KbDocument, markdown_files, parse_document
from tools.knowledge.sparse import analyse_passage

KB_DIR = Path(__file__).resolve().parents[2] / "kb"
#: The lowest clearance an officer can hold (`schemas.officer.Officer.clearance`).
LOWEST_CLEARANCE = 1


def readable_by_every_officer(doc: KbDocument) -> bool:
    """At the lowest clearance and force-wide: no officer may be refused it."""
    return doc.clearance <= LOWEST_CLEARANCE and not doc.precincts


@lru_cache(maxsize=1)
def _document_frequencies() -> tuple[Counter[str], int]:
    counts: Counter[str] = Counter()
    chunks = 0
    for path in markdown_files([KB_DIR]):
        doc = parse_document(path)
        if not readable_by_every_officer(doc):
            continue
        for chunk in chunk_document(doc):
            chunks += 1
            counts.update(set(analyse_passage(f"{chunk.heading_path}\n{chunk.text}")))
    return counts, chunks


def term_weight(term: str) -> float:
    """`log(1 + N / (df + 1))` over the N chunks every officer may read (df at least 1)."""
    counts, chunks = _document_frequencies()
    return math.log(1 + chunks / (max(counts[term], 1) + 1))
