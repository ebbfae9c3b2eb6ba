"""Per-reader statistics summed per visibility class equal the sum over the readable documents."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from schemas.officer import Officer
from tools.knowledge.termstats import (
    document_entry,
    readable_stats,
    visibility_classes,
)
from validators.clearance.knowledge import may_read_document

PRECINCTS = ("BLR-E-KRP", "BLR-E-WFD", "MYS-C-JLP", "HDH-C-HBT")
WORDS = [f"w{i}" for i in range(40)]


def corpus(seed: int) -> dict[str, dict[str, Any]]:
    """Documents of every clearance, with none, one or two precinct tags, random chunks."""
    rnd = random.Random(seed)
    docs = {}
    for n in range(60):
        tags = rnd.sample(PRECINCTS, rnd.choice((0, 0, 1, 2)))
        chunks = [rnd.sample(WORDS, rnd.randint(1, 8)) for _ in range(rnd.randint(1, 5))]
        docs[f"d{n}"] = document_entry(rnd.randint(1, 5), tags, chunks)
    return docs


def per_document(docs: dict[str, dict[str, Any]], officer: Officer) -> tuple[int, Counter[int]]:
    """The definition: sum over every document the officer may read."""
    df: Counter[int] = Counter()
    chunks = 0
    for entry in docs.values():
        if may_read_document(officer, entry["clearance"], entry["precincts"]):
            chunks += entry["chunks"]
            df.update({int(k): v for k, v in entry["df"].items()})
    return chunks, df


OFFICERS = [
    Officer(badge_id="A", name="a", rank="PC", clearance=1, precincts=frozenset(PRECINCTS[:1])),
    Officer(badge_id="B", name="b", rank="PSI", clearance=3, precincts=frozenset(PRECINCTS[:2])),
    Officer(badge_id="C", name="c", rank="PI", clearance=3, precincts=frozenset(PRECINCTS[2:])),
    Officer(badge_id="D", name="d", rank="SP", clearance=5, precincts=frozenset(PRECINCTS)),
]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("officer", OFFICERS, ids=lambda o: o.badge_id)
def test_class_sums_equal_the_readable_documents(seed: int, officer: Officer) -> None:
    docs = corpus(seed)
    stored = {"docs": docs, "classes": visibility_classes(docs)}
    chunks, df = per_document(docs, officer)
    got = readable_stats(stored, officer)
    assert got.chunks == chunks and dict(got.df) == dict(df)
    older = readable_stats({"docs": docs}, officer)  # an index written before the classes
    assert older.chunks == chunks and dict(older.df) == dict(df)


def test_there_are_far_fewer_classes_than_documents() -> None:
    docs = corpus(4)
    assert len(visibility_classes(docs)) < len(docs) / 2
