"""Dictated questions through the whole offline graph.

Phone dictation writes numbers as words, spells letters out, speaks punctuation and splits
names; the orchestrator reads such a question in written form before any route sees it, so
a records count, a knowledge answer and a date computation are answered as if typed, and the
response's warnings show the officer how the question was read (a typed question gets none).
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from tests.graph.records_truth import OFFICER, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")

READ_AS = "Read as: "


def _count(records, condition: str) -> int:
    where, scoped = scope()
    return int(
        scalar(records, f"SELECT COUNT(*) FROM firs f WHERE {where} AND {condition}", *scoped)
    )


def _read_as(response) -> list[str]:
    return [w for w in response.warnings if w.startswith(READ_AS)]


@pytest.mark.parametrize(
    ("said", "typed", "condition"),
    [
        (
            "how many f i r s were registered in white field station in twenty twenty five"
            " full stop",
            "how many FIRs were registered in Whitefield station in 2025.",
            "f.precinct_id = 'BLR-E-WFD' AND f.registered_at >= '2025-01-01'"
            " AND f.registered_at < '2026-01-01'",
        ),
        (
            "number of f i r s in maha deva pura police station in two thousand twenty four"
            " question mark",
            "number of FIRs in Mahadevapura police station in 2024?",
            "f.precinct_id = 'BLR-E-MHD' AND f.registered_at >= '2024-01-01'"
            " AND f.registered_at < '2025-01-01'",
        ),
        (
            "how many for wheeler thefts in k r puram in twenty twenty five",
            "how many four wheeler thefts in KR puram in 2025",
            "f.precinct_id = 'BLR-E-KRP' AND f.crime_head = 'FOUR-WHEELER THEFT'"
            " AND f.registered_at >= '2025-01-01' AND f.registered_at < '2026-01-01'",
        ),
    ],
)
async def test_a_dictated_count_is_counted_as_typed(ask, demo_settings, said, typed, condition):
    count = _count(demo_settings.records_path, condition)
    dictated = await ask(OFFICER, said)
    written = await ask(OFFICER, typed)
    assert dictated.route == "zcql", dictated.answer
    assert f": {count}." in dictated.answer, dictated.answer
    assert dictated.answer == written.answer
    assert _read_as(dictated) == [f"{READ_AS}\u201c{typed}\u201d."]
    assert _read_as(written) == []


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        ("i p c four twenty is now which section in b n s", "BNS 318"),
        ("what is the new section for i p c three zero two murder", "103"),
    ],
)
async def test_a_dictated_section_mapping_is_answered_from_the_knowledge_base(ask, said, shown):
    response = await ask(OFFICER, said)
    assert response.route == "rag", response.answer
    assert shown in response.answer, response.answer
    assert response.citations
    assert len(_read_as(response)) == 1


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        (
            "what date is forty five days after the third of march twenty twenty seven",
            f"{date(2027, 3, 3) + timedelta(days=45):%A, %-d %B %Y}",
        ),
        ("which day of the week is the fifteenth of august twenty twenty seven", "is a Sunday"),
    ],
)
async def test_a_dictated_date_is_computed(ask, said, shown):
    response = await ask(OFFICER, said)
    assert response.route == "fallback", response.answer
    assert shown in response.answer, response.answer
    assert len(_read_as(response)) == 1
