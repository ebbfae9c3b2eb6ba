"""The embedded engine on disk: readers in other processes never block, writers publish."""

from __future__ import annotations

import fcntl
import json
import subprocess
import sys
from pathlib import Path

import pytest

from schemas.errors import BackendUnavailable
from tests.tools.knowledge.conftest import MakeOfficer
from tools.knowledge import edge
from tools.knowledge.index import KnowledgeIndex
from tools.knowledge.layout import PAYLOAD_INDEXES

ROOT = Path(__file__).resolve().parents[3]
#: A separate process that opens the index, searches, and prints what it found.
READER = """
import json, sys
from pathlib import Path
from schemas.officer import Officer
from tools.knowledge.index import KnowledgeIndex
from tools.knowledge.layout import PAYLOAD_INDEXES
officer = Officer(badge_id="KA-T", name="T", rank="PSI", clearance=5, precincts=frozenset())
index = KnowledgeIndex.open(path=Path(sys.argv[1]))
if len(sys.argv) > 3:  # hold the index open until told to go on
    print("ready", flush=True)
    sys.stdin.readline()
hits = index.search(sys.argv[2], officer).passages
print(json.dumps({"count": index.count(), "docs": sorted({p.doc_id for p in hits})}))
index.close()
"""


def _read_in_another_process(folder: Path, query: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", READER, str(folder), query],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return dict(json.loads(done.stdout))


def test_another_process_reads_while_this_one_holds_the_index(
    kb_tmp: Path, corpus: Path, make_officer: MakeOfficer
) -> None:
    held = KnowledgeIndex.open(path=kb_tmp / "qdrant")
    try:
        held.ingest([corpus])
        assert held.search("zero fir", make_officer(1, "X")).passages
        seen = _read_in_another_process(kb_tmp / "qdrant", "register a zero fir")
        assert seen == {"count": 5, "docs": ["sop-zero-fir"]}
    finally:
        held.close()


def test_a_process_holding_the_index_open_does_not_block_another(
    kb_tmp: Path, corpus: Path
) -> None:
    index = KnowledgeIndex.open(path=kb_tmp / "qdrant")
    index.ingest([corpus])
    index.close()
    holder = subprocess.Popen(
        [sys.executable, "-c", READER, str(kb_tmp / "qdrant"), "handcuffs", "hold"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        assert _read_in_another_process(kb_tmp / "qdrant", "handcuffs") == {
            "count": 5,
            "docs": ["sop-handcuffs"],
        }
        held, _ = holder.communicate("go\n", timeout=60)
    finally:
        holder.kill()
    assert json.loads(held) == {"count": 5, "docs": ["sop-handcuffs"]}


def test_a_holder_sees_what_another_process_ingested_once_it_is_published(
    kb_tmp: Path, write_doc, make_officer: MakeOfficer
) -> None:
    held = KnowledgeIndex.open(path=kb_tmp / "qdrant")
    try:
        officer = make_officer(1, "X")
        assert held.search("gyrfalcon sighting", officer).passages == []
        path = write_doc("sop-gyr", "Gyrfalcon", {"Log": "Note every gyrfalcon sighting."})
        writer = KnowledgeIndex.open(path=kb_tmp / "qdrant")
        writer.ingest([path])
        writer.close()
        assert [p.doc_id for p in held.search("gyrfalcon sighting", officer).passages] == [
            "sop-gyr"
        ]
        assert held.count() == 1
    finally:
        held.close()


def test_the_index_persists_across_opens(kb_tmp: Path, corpus: Path) -> None:
    first = KnowledgeIndex.open(path=kb_tmp / "qdrant")
    first.ingest([corpus / "sop-zero-fir.md"])
    first.close()
    reopened = KnowledgeIndex.open(path=kb_tmp / "qdrant")
    try:
        assert reopened.count() == 2
    finally:
        reopened.close()


def test_a_temporary_index_removes_its_folder_on_close() -> None:
    index = KnowledgeIndex.open()
    folder = index._scratch
    assert folder is not None and folder.exists()
    index.close()
    assert not folder.exists()


def test_the_shard_carries_the_shared_payload_indexes(kb_tmp: Path) -> None:
    import qdrant_edge

    KnowledgeIndex.open(path=kb_tmp / "qdrant").close()
    shard = qdrant_edge.EdgeShard.load(str(kb_tmp / "qdrant" / "sop_kb" / "shard"))
    try:
        schema = {name: info.data_type for name, info in shard.info().payload_schema.items()}
    finally:
        shard.close()
    kinds = {"integer": qdrant_edge.PayloadSchemaType.Integer}
    kinds["keyword"] = qdrant_edge.PayloadSchemaType.Keyword
    assert schema == {name: kinds[kind] for name, kind in PAYLOAD_INDEXES}


def test_a_writer_waits_for_another_writer_and_gives_up_as_busy(
    kb_tmp: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    index = KnowledgeIndex.open(path=kb_tmp / "qdrant")
    monkeypatch.setattr(edge, "LOCK_WAIT_S", 0.2)
    try:
        with (kb_tmp / "qdrant" / "sop_kb" / "lock").open("a") as other_writer:
            fcntl.flock(other_writer, fcntl.LOCK_EX)
            with pytest.raises(BackendUnavailable, match="busy"):
                index.ingest([corpus])
            fcntl.flock(other_writer, fcntl.LOCK_UN)
        assert index.ingest([corpus]).chunks == index.count() == 5
    finally:
        index.close()


def _publish_again(folder: Path) -> None:
    """What a writer's publish looks like to readers: meta.json replaced, not edited."""
    meta = folder / "meta.json"
    tmp = folder / "meta.tmp"
    tmp.write_text(meta.read_text(encoding="utf-8"), encoding="utf-8")
    tmp.replace(meta)


def test_an_index_taken_away_fails_every_query_until_restored_then_recovers(
    kb_tmp: Path, corpus: Path, make_officer: MakeOfficer
) -> None:
    index = KnowledgeIndex.open(path=kb_tmp / "qdrant")
    folder = kb_tmp / "qdrant" / "sop_kb"
    officer = make_officer(5)
    try:
        index.ingest([corpus])
        assert index.search("zero FIR", officer).passages
        (folder / "shard").rename(folder / "shard.away")
        _publish_again(folder)
        for _ in range(2):
            with pytest.raises(BackendUnavailable, match="cannot be opened"):
                index.search("zero FIR", officer)
        (folder / "shard.away").rename(folder / "shard")
        _publish_again(folder)
        assert index.search("zero FIR", officer).passages
    finally:
        index.close()
