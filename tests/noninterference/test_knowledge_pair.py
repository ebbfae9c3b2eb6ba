"""Differential over the knowledge base: two indexes that differ only in documents the officer
may not read (above their clearance, or another precinct's standing orders) must give that
officer identical responses, on the knowledge, hybrid and fallback routes alike."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.settings import Settings
from app.wiring import open_assistant
from schemas.officer import Officer
from schemas.request import ChatRequest
from tests.noninterference.graph_pair import officer_response
from tools.knowledge.documents import parse_document
from tools.knowledge.index import KnowledgeIndex
from tools.roster import officer_by_badge
from validators.clearance.knowledge import may_read_document

KB = Path(__file__).resolve().parents[2] / "kb"

#: Questions near the restricted documents (informants, witness protection, covert
#: surveillance, raids) and ordinary procedure questions whose passages share their words.
QUESTIONS = [
    "how do we handle and register an informer",
    "how to pay a source for information",
    "where should a protected witness be housed",
    "steps for covert surveillance of a suspect's phone",
    "how to plan a raid on an organised gang",
    "what is a zero FIR",
    "steps when a POCSO complaint is received",
    "default bail under BNSS 187",
    "who may disclose a juvenile's identity",
    "how to seize a mobile phone, what goes in the mahazar",
    "what does the standing order say about night patrol at KR Puram",
    "how are cyber complaints handled at Whitefield station",
    "can a woman be arrested at night",
    "what must an arrest memo contain",
    "how to protect a witness's identity in court",
    "what is the procedure for FIR-2026-04829 and what is its status?",
]


def _readable_copy(officer: Officer, target: Path) -> Path:
    """The knowledge base less every document this officer may not read."""
    target.mkdir()
    for source in KB.iterdir():
        if source.suffix == ".md":
            document = parse_document(source)
            if not may_read_document(officer, document.clearance, document.precincts):
                continue
        shutil.copy(source, target / source.name)
    return target


def _home(base: Path, records: Path, kb: Path) -> Path:
    base.mkdir()
    (base / "records.db").symlink_to(records)
    index = KnowledgeIndex.open(path=base / "qdrant", collection="sop_kb")
    try:
        index.ingest([kb])
    finally:
        index.close()
    return base


async def _responses(home: Path, officer: Officer) -> list[dict[str, Any]]:
    async with open_assistant(Settings(home=home)) as assistant:
        return [
            officer_response(await assistant.ask(officer, ChatRequest(message=q), None))
            for q in QUESTIONS
        ]


@pytest.fixture(scope="module", params=["KA-1001", "KA-3003", "KA-3006", "KA-4008"])
def pair(
    request: pytest.FixtureRequest, demo_home: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Officer, Path, Path]]:
    """The officer, a home over the whole knowledge base, and one over what they may read."""
    officer = officer_by_badge(request.param)
    base = tmp_path_factory.mktemp(f"kb-pair-{request.param}")
    records = demo_home / "records.db"
    whole = _home(base / "whole", records, KB)
    readable = _home(base / "readable", records, _readable_copy(officer, base / "kb"))
    yield officer, whole, readable


def test_the_readable_copy_really_lacks_documents(pair: tuple[Officer, Path, Path]) -> None:
    officer, _, _ = pair
    hidden = [
        source.name
        for source in KB.glob("*.md")
        if not may_read_document(
            officer, parse_document(source).clearance, parse_document(source).precincts
        )
    ]
    assert any(name.startswith("restricted-") for name in hidden)


def test_responses_do_not_depend_on_documents_the_officer_may_not_read(
    pair: tuple[Officer, Path, Path],
) -> None:
    officer, whole, readable = pair
    with_hidden = asyncio.run(_responses(whole, officer))
    without = asyncio.run(_responses(readable, officer))
    differing = [q for q, a, b in zip(QUESTIONS, with_hidden, without, strict=True) if a != b]
    assert differing == []
