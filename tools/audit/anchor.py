"""The signed head beside the trail: rewritten after every commit, only ever forward."""

from __future__ import annotations

import fcntl
import json
import os
from contextlib import suppress
from pathlib import Path

from tools.audit.checkpoint import CheckpointSigner

_MAX_ANCHOR_BYTES = 1 << 16


class FileAnchor:
    """Holds the latest signed checkpoint of the trail in one file.

    Writers in several processes share the file: a lock file orders them (and the readers)
    and an older head never replaces a newer one. The new line is written over the old one
    in a single write at offset 0 rather than renamed in: a head only moves forward, so its
    line is never shorter than the one it covers (a longer foreign text is cut after it).
    """

    def __init__(self, path: Path, signer: CheckpointSigner) -> None:
        self.path = path
        self.signer = signer
        self._lock_path = lock_path(path)

    def write(self, seq: int, digest: str, ts: str) -> None:
        """Record the new head unless a newer one is already recorded."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self._lock_path, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                recorded = os.pread(fd, _MAX_ANCHOR_BYTES, 0)
                if seq <= recorded_seq(recorded):
                    return
                line = (self.signer.sign(seq, digest, ts) + "\n").encode()
                os.pwrite(fd, line, 0)
                if len(recorded) > len(line):
                    os.ftruncate(fd, len(line))
            finally:
                os.close(fd)


def lock_path(path: Path) -> Path:
    """The lock file that orders the writers and readers of the anchor at `path`."""
    return path.with_name(path.name + ".lock")


def recorded_seq(text: bytes) -> int:
    """The sequence number in an anchor's text as written (unverified), 0 when absent or bad."""
    try:
        return int(json.loads(text)["seq"])
    except (ValueError, KeyError, TypeError):
        return 0


def read_anchor_text(path: Path) -> str | None:
    """The anchor file's text, or None when there is no anchor. Read under the writers' lock
    when it can be taken (the lock file is never created here: the anchor may be on
    read-only media)."""
    try:
        lock = open(lock_path(path), "rb")  # noqa: SIM115 - held across the read below
    except OSError:
        lock = None
    try:
        if lock is not None:
            with suppress(OSError):
                fcntl.flock(lock, fcntl.LOCK_SH)
        return path.read_bytes().decode("utf-8", errors="replace")
    except FileNotFoundError:
        return None
    finally:
        if lock is not None:
            lock.close()
