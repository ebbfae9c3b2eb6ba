"""The signed head beside the trail: rewritten after every commit, only ever forward."""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path

from tools.audit.checkpoint import CheckpointSigner


class FileAnchor:
    """Holds the latest signed checkpoint of the trail in one file (atomic replace).

    Writers in several processes share the file: a lock file orders them and an older head
    never replaces a newer one.
    """

    def __init__(self, path: Path, signer: CheckpointSigner) -> None:
        self.path = path
        self.signer = signer
        self._lock_path = path.with_name(path.name + ".lock")

    def write(self, seq: int, digest: str, ts: str) -> None:
        """Record the new head unless a newer one is already recorded."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self._lock_path, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if seq <= recorded_seq(self.path):
                return
            temp = self.path.with_suffix(f".{os.getpid()}.tmp")
            temp.write_text(self.signer.sign(seq, digest, ts) + "\n", encoding="utf-8")
            os.replace(temp, self.path)


def recorded_seq(path: Path) -> int:
    """The sequence number in an anchor file as written (unverified), 0 when absent or bad."""
    try:
        return int(json.loads(path.read_text(encoding="utf-8"))["seq"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0


def read_anchor_text(path: Path) -> str | None:
    """The anchor file's text, or None when there is no anchor."""
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except FileNotFoundError:
        return None
