"""Fixtures for the knowledge path: small Markdown corpora, officers, in-memory indexes."""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from schemas.officer import Officer
from tools.knowledge.embedders import HashingEmbedder
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


#: A Qdrant server for the shared suite; without one the server variant is skipped.
SERVER_URL = os.environ.get("QDRANT_TEST_URL")
ENGINES = [
    pytest.param("edge", id="edge"),
    pytest.param("client", id="server-api-in-process"),
    pytest.param(
        "server",
        id="server",
        marks=pytest.mark.skipif(
            not SERVER_URL, reason="no Qdrant server: set QDRANT_TEST_URL to run the server suite"
        ),
    ),
]


def open_index(
    engine: str, tmp_path: Path, embedder: HashingEmbedder | None = None
) -> KnowledgeIndex:
    """The embedded engine in tmp_path; the server engine's code over qdrant-client's
    in-process mode (`client`); or a fresh collection on the test server."""
    if engine == "client":
        from qdrant_client import QdrantClient

        from tools.knowledge.server import ServerEngine

        dim = embedder.dim if embedder is not None else None
        with warnings.catch_warnings():  # "payload indexes have no effect" in-process
            warnings.simplefilter("ignore", UserWarning)
            engine = ServerEngine(QdrantClient(location=":memory:"), "kb", dim)
        return KnowledgeIndex(engine, embedder)
    if engine == "server":
        name = f"test_{uuid.uuid4().hex[:12]}"
        return KnowledgeIndex.open(url=SERVER_URL, collection=name, embedder=embedder)
    return KnowledgeIndex.open(path=tmp_path / "qdrant", embedder=embedder)


SHM = Path("/dev/shm")


@pytest.fixture
def kb_tmp(tmp_path: Path) -> Iterator[Path]:
    """A folder for on-disk indexes: in memory-backed /dev/shm where there is one.

    The embedded engine fsyncs on every schema change and close (~0.2 s each on disk);
    durability is not what these tests check, so they skip the wait.
    """
    if not SHM.is_dir() or not os.access(SHM, os.W_OK):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="kb-test-", dir=SHM))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    """Each engine the shared suite runs over."""
    return str(request.param)


@pytest.fixture
def index(engine: str, kb_tmp: Path) -> Iterator[KnowledgeIndex]:
    """A fresh index on each engine."""
    idx = open_index(engine, kb_tmp)
    yield idx
    idx.close()
