"""The anchor file is append-only: a power loss mid-write tears only the new line, which
readers skip; the newest whole line is verified, so truncation and rewrites are still named."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from schemas.audit import AuditEvent
from tests.tools.audit.conftest import event
from tools.audit.anchor import COMPACT_BYTES, FileAnchor, read_anchor_text
from tools.audit.chain import GENESIS_HASH, seal
from tools.audit.checkpoint import CheckpointSigner, read_checkpoint
from tools.audit.verify import verify_trail

TS = "2026-12-03T08:00:00.000000+00:00"
KEY = Ed25519PrivateKey.generate()


class PowerLoss(BaseException):
    """The machine stopped during the write."""


def trail(n: int) -> list[AuditEvent]:
    return seal([event(k) for k in range(1, n + 1)], 0, GENESIS_HASH)


def anchored(path: Path, events: list[AuditEvent]) -> FileAnchor:
    """An anchor written after each event, as the service writes it after each commit."""
    anchor = FileAnchor(path, CheckpointSigner(KEY))
    for sealed in events:
        anchor.write(int(sealed.seq or 0), str(sealed.hash), TS)
    return anchor


def tear(
    monkeypatch: pytest.MonkeyPatch, anchor: FileAnchor, head: AuditEvent, torn: Callable
) -> None:
    """Write `head` with the power failing mid-write: only `torn(data)` reaches the disk."""

    real = os.pwrite

    def write_torn(fd: int, data: bytes, offset: int) -> int:
        real(fd, torn(data), offset)
        raise PowerLoss

    monkeypatch.setattr(os, "pwrite", write_torn)
    with pytest.raises(PowerLoss):
        anchor.write(int(head.seq or 0), str(head.hash), TS)
    monkeypatch.undo()


TEARS = {
    "first-byte": lambda data: data[:1],
    "half": lambda data: data[: len(data) // 2],
    "all-but-the-line-break": lambda data: data[:-1],
    "zeros": lambda data: b"\0" * len(data),
    "end-without-start": lambda data: b"\0" * (len(data) // 2) + data[len(data) // 2 :],
}


@pytest.mark.parametrize("torn", TEARS.values(), ids=TEARS.keys())
def test_a_power_loss_mid_write_leaves_the_newest_whole_head(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, torn: Callable
):
    events = trail(6)
    anchor = anchored(tmp_path / "audit.anchor", events[:5])
    tear(monkeypatch, anchor, events[5], torn)
    text = read_anchor_text(anchor.path)
    assert read_checkpoint(str(text), KEY.public_key()).seq in (5, 6)  # 6: only "\n" was lost
    report = verify_trail(events, KEY.public_key(), text, single_writer=False)
    assert report.ok and report.checked == 6
    # the embedded trail names the batch whose anchor was torn, as after a power loss just
    # before the write; never a false `anchor_unparseable`
    single = verify_trail(events, KEY.public_key(), text)
    assert single.ok or (single.reason, single.first_bad_seq) == ("unanchored_tail", 6)
    anchor.write(int(events[5].seq or 0), str(events[5].hash), TS)  # the service restarts
    text = read_anchor_text(anchor.path)
    assert verify_trail(events, KEY.public_key(), text).ok


@pytest.mark.parametrize("torn", TEARS.values(), ids=TEARS.keys())
def test_with_a_torn_line_a_truncated_or_rewritten_trail_is_still_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, torn: Callable
):
    events = trail(7)
    anchor = anchored(tmp_path / "audit.anchor", events[:6])
    tear(monkeypatch, anchor, events[6], torn)
    text = read_anchor_text(anchor.path)
    truncated = verify_trail(events[:4], KEY.public_key(), text, single_writer=False)
    assert (truncated.reason, truncated.first_bad_seq) == ("truncated", 5)
    forged = [*events[:4], *seal([event(-1), event(6), event(7)], 4, str(events[3].hash))]
    rewritten = verify_trail(forged, KEY.public_key(), text, single_writer=False)
    assert rewritten.reason == "anchor_mismatch"


def test_a_forged_or_foreign_newest_line_is_named(tmp_path: Path):
    events = trail(3)
    path = tmp_path / "audit.anchor"
    anchored(path, events)
    foreign = CheckpointSigner(Ed25519PrivateKey.generate()).sign(9, "c" * 64, TS)
    with path.open("a") as file:
        file.write(foreign + "\n")
    report = verify_trail(events, KEY.public_key(), read_anchor_text(path))
    assert report.reason == "anchor_wrong_key"
    forged = CheckpointSigner(KEY).sign(9, "c" * 64, TS).replace('"seq":9', '"seq":10')
    path.write_text(forged + "\n")
    report = verify_trail(events, KEY.public_key(), read_anchor_text(path))
    assert report.reason == "anchor_bad_signature"


def test_each_forward_head_is_read_back_and_the_file_stays_small(tmp_path: Path):
    anchor = FileAnchor(tmp_path / "audit.anchor", CheckpointSigner(KEY))
    for seq in (*range(1, 400), 99_999, 100_000):
        anchor.write(seq, f"{seq:064x}", TS)
        text = str(read_anchor_text(anchor.path))
        assert text.count("\n") == 1 and text.endswith("\n")
        assert read_checkpoint(text, KEY.public_key()).seq == seq
        assert anchor.path.stat().st_size <= COMPACT_BYTES
    anchor.write(7, "0" * 64, TS)  # a late, older writer changes nothing
    assert read_checkpoint(str(read_anchor_text(anchor.path)), KEY.public_key()).seq == 100_000


def test_a_foreign_text_is_passed_over(tmp_path: Path):
    path = tmp_path / "audit.anchor"
    path.write_text("x" * 1000, encoding="utf-8")
    FileAnchor(path, CheckpointSigner(KEY)).write(3, "a" * 64, TS)
    text = str(read_anchor_text(path))
    assert len(text) < 1000 and read_checkpoint(text, KEY.public_key()).seq == 3


def test_reading_needs_no_lock_file(tmp_path: Path):
    path = tmp_path / "audit.anchor"
    path.write_text(CheckpointSigner(KEY).sign(2, "b" * 64, TS) + "\n", encoding="utf-8")
    assert read_checkpoint(str(read_anchor_text(path)), KEY.public_key()).seq == 2
    assert not (tmp_path / "audit.anchor.lock").exists()
    assert read_anchor_text(tmp_path / "absent.anchor") is None
