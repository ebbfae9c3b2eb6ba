"""Chunking by headings, with the heading path kept and stable ids."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from tools.knowledge.chunking import chunk_document, chunk_id
from tools.knowledge.documents import KbDocument


def _doc(body: str, doc_id: str = "sop-t") -> KbDocument:
    return KbDocument(doc_id, "Arrest memo", 1, (), "", (), body, Path("t.md"))


def test_each_section_becomes_a_chunk_with_its_heading_path() -> None:
    body = (
        "# Arrest memo\n\n## What it contains\nDate and time.\n\n"
        "## Who is informed\nA relative.\n\n### Outside the district\nLegal aid office.\n"
    )
    chunks = chunk_document(_doc(body))
    assert [c.section for c in chunks] == [
        "What it contains",
        "Who is informed",
        "Who is informed > Outside the district",
    ]
    assert chunks[2].heading_path == "Arrest memo > Who is informed > Outside the district"
    assert chunks[0].text == "Date and time."
    assert all("# " not in c.text for c in chunks)


def test_text_before_the_first_section_is_an_introduction() -> None:
    chunks = chunk_document(_doc("# Arrest memo\nOpening words.\n\n## Next\nMore.\n"))
    assert [(c.section, c.text) for c in chunks] == [
        ("Introduction", "Opening words."),
        ("Next", "More."),
    ]


def test_long_sections_split_by_paragraph_with_one_paragraph_overlap() -> None:
    paragraphs = [" ".join(f"p{i}w{j}" for j in range(40)) for i in range(6)]
    chunks = chunk_document(_doc("## Long\n" + "\n\n".join(paragraphs)), max_words=100)
    assert len(chunks) > 1
    assert all(len(c.text.split()) <= 100 for c in chunks)
    for before, after in pairwise(chunks):
        assert after.text.splitlines()[0] == before.text.splitlines()[-1]
    covered = {p for c in chunks for p in c.text.splitlines()}
    assert covered == set(paragraphs)
    assert [c.n for c in chunks] == list(range(len(chunks)))


def test_a_long_table_is_split_by_rows_repeating_its_header() -> None:
    rows = "\n".join(f"| offence {i} | {100 + i} | {200 + i} |" for i in range(40))
    body = f"## Mapping\n| offence | IPC | BNS |\n|---|---|---|\n{rows}\n"
    chunks = chunk_document(_doc(body), max_words=60)
    assert len(chunks) > 1
    for chunk in chunks:
        assert chunk.text.splitlines()[:2] == ["| offence | IPC | BNS |", "|---|---|---|"]


def test_chunk_ids_are_stable_uuid5_of_doc_section_and_position() -> None:
    body = "## A\nOne.\n\n## B\nTwo.\n"
    first, second = chunk_document(_doc(body)), chunk_document(_doc(body))
    assert [c.chunk_id for c in first] == [c.chunk_id for c in second]
    assert first[1].chunk_id == chunk_id("sop-t", "B", 0)
    assert chunk_id("sop-t", "B", 0) == "ba655f3d-47c6-5f3b-97a2-a310fe187381"
    other = chunk_document(_doc(body, doc_id="sop-u"))
    assert {c.chunk_id for c in other}.isdisjoint({c.chunk_id for c in first})


def test_repeated_headings_get_distinct_ids() -> None:
    chunks = chunk_document(_doc("## Note\nOne.\n\n## Note\nTwo.\n"))
    assert len({c.chunk_id for c in chunks}) == 2
