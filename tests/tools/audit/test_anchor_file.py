"""The anchor file is rewritten in place: a new head covers the old line exactly."""

from __future__ import annotations

from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from tools.audit.anchor import FileAnchor, read_anchor_text
from tools.audit.checkpoint import CheckpointSigner, read_checkpoint

TS = "2026-12-03T08:00:00.000000+00:00"


def test_each_forward_head_replaces_the_line_whatever_its_length(tmp_path: Path):
    key = Ed25519PrivateKey.generate()
    anchor = FileAnchor(tmp_path / "audit.anchor", CheckpointSigner(key))
    for seq in (1, 9, 10, 99_999, 100_000):
        anchor.write(seq, f"{seq:064x}", TS)
        text = str(read_anchor_text(anchor.path))
        assert text.count("\n") == 1 and text.endswith("\n")
        assert read_checkpoint(text, key.public_key()).seq == seq
    anchor.write(7, "0" * 64, TS)  # a late, older writer changes nothing
    assert read_checkpoint(str(read_anchor_text(anchor.path)), key.public_key()).seq == 100_000


def test_a_longer_foreign_text_is_cut_after_the_new_line(tmp_path: Path):
    key = Ed25519PrivateKey.generate()
    path = tmp_path / "audit.anchor"
    path.write_text("x" * 1000, encoding="utf-8")
    FileAnchor(path, CheckpointSigner(key)).write(3, "a" * 64, TS)
    text = str(read_anchor_text(path))
    assert len(text) < 1000 and read_checkpoint(text, key.public_key()).seq == 3


def test_reading_needs_no_lock_file(tmp_path: Path):
    key = Ed25519PrivateKey.generate()
    path = tmp_path / "audit.anchor"
    path.write_text(CheckpointSigner(key).sign(2, "b" * 64, TS) + "\n", encoding="utf-8")
    assert read_checkpoint(str(read_anchor_text(path)), key.public_key()).seq == 2
    assert not (tmp_path / "audit.anchor.lock").exists()
    assert read_anchor_text(tmp_path / "absent.anchor") is None
