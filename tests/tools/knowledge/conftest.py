"""Fixtures for the knowledge path: small Markdown corpora, officers, in-memory indexes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from schemas.officer import Officer
from tools.knowledge.index import KnowledgeIndex

WriteDoc = Callable[..., Path]


def make_doc(
    doc_id: str,
    title: str,
    sections: dict[str, str],
    clearance: int = 1,
    precincts: tuple[str, ...] = (),
) -> str:
    """Markdown with front matter and one `##` section per entry."""
    body = "\n\n".join(f"## {heading}\n{text}" for heading, text in sections.items())
    scope = ", ".join(precincts)
    return (
        f"---\nid: {doc_id}\ntitle: {title}\nclearance: {clearance}\nprecincts: [{scope}]\n"
        f'source: "test fixture"\ntags: [fixture]\n---\n# {title}\n\n{body}\n'
    )


@pytest.fixture
def write_doc(tmp_path: Path) -> WriteDoc:
    """Write a fixture document into tmp_path/kb and return its path."""

    def write(
        doc_id: str,
        title: str,
        sections: dict[str, str],
        clearance: int = 1,
        precincts: tuple[str, ...] = (),
    ) -> Path:
        folder = tmp_path / "kb"
        folder.mkdir(exist_ok=True)
        path = folder / f"{doc_id}.md"
        text = make_doc(doc_id, title, sections, clearance, precincts)
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture
def corpus(write_doc: WriteDoc, tmp_path: Path) -> Path:
    """Public SOPs, a clearance-5 briefing and a precinct-scoped standing order."""
    write_doc(
        "sop-zero-fir",
        "Registering a Zero FIR",
        {
            "When to register": "Register a Zero FIR when the offence happened outside the "
            "station's jurisdiction, then transfer it to the jurisdictional police station.",
            "Transfer": "Send the Zero FIR and the case papers to the jurisdictional station "
            "without delay and record the transfer in the General Diary.",
        },
    )
    write_doc(
        "sop-handcuffs",
        "Use of handcuffs",
        {
            "Rule": "Handcuffs are used only for the categories listed in BNSS 43(3), such as "
            "habitual or repeat offenders and persons who escaped custody.",
        },
    )
    write_doc(
        "restricted-nightjar",
        "Operation Nightjar briefing",
        {
            "Briefing": "Operation Nightjar falcon rendezvous coordinates are held by the "
            "controlling officer only.",
        },
        clearance=5,
    )
    write_doc(
        "so-krp-night-duty",
        "KR Puram night duty order",
        {
            "Night duty": "The KR Puram kestrel night patrol roster is kept by the station writer.",
        },
        clearance=2,
        precincts=("BLR-E-KRP",),
    )
    return tmp_path / "kb"


MakeOfficer = Callable[..., Officer]


@pytest.fixture
def make_officer() -> MakeOfficer:
    """Build a test officer: `make_officer(clearance, *precincts)`."""

    def make(clearance: int, *precincts: str) -> Officer:
        return Officer(
            badge_id=f"KA-T-{clearance}",
            name="Test Officer",
            rank="PSI",
            clearance=clearance,
            precincts=frozenset(precincts),
        )

    return make


@pytest.fixture
def index() -> Iterator[KnowledgeIndex]:
    """An in-memory index (local mode, no disk)."""
    idx = KnowledgeIndex.open()
    yield idx
    idx.close()
