"""Hinglish and Kanglish questions retrieve what their English forms retrieve."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.knowledge.index import KnowledgeIndex
from tools.knowledge.query_text import expand_query
from tools.roster import officer_by_badge

PAIRS = [
    ("can a woman be arrested at night", "mahila ko raat mein arrest kar sakte hain?"),
    ("can a woman be arrested at night", "hengasu ratri bandhana maadabahuda?"),
    ("arrest of a woman at night", "raat mein mahila ki giraftari kaise kare"),
    ("what is a zero FIR", "zero FIR kya hai"),
    ("bail for theft", "chori mein zamanat"),
    ("statement of a child victim", "bachche ka bayan"),
    ("missing child complaint", "lapata bachcha shikayat"),
]


def test_expansion_translates_words_and_drops_question_framing() -> None:
    assert expand_query("mahila ko raat mein arrest") == "woman ko night mein arrest"
    assert expand_query("Steps to follow when a POCSO complaint is received") == (
        "a POCSO complaint procedure"
    )
    assert expand_query("BNS 303(2) punishment") == "BNS 303(2) punishment"


@pytest.fixture(scope="module")
def index(demo_home: Path):
    opened = KnowledgeIndex.open(path=demo_home / "qdrant", collection="sop_kb")
    yield opened
    opened.close()


@pytest.mark.parametrize(("english", "mixed"), PAIRS)
def test_code_mixed_question_retrieves_the_same_top_document(index, english, mixed) -> None:
    officer = officer_by_badge("KA-1001")
    top_english = index.search(expand_query(english), officer, 3).passages
    top_mixed = index.search(expand_query(mixed), officer, 3).passages
    assert top_english and top_mixed
    assert top_mixed[0].doc_id == top_english[0].doc_id
