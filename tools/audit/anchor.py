"""The signed head beside the trail: one line appended after every commit, only ever forward.

The file is append-only, so a power loss during a write can tear only the line being written
(or leave lines the disk never got as zeros or garbage); every line written before stays
whole. A line that does not parse as a checkpoint is such a torn write: readers skip it and
take the newest line that parses (`newest_line`), and the verifier checks that line's
signature as before, so a forged or foreign line is still named. When the file outgrows
`COMPACT_BYTES` the newest head replaces it whole (written aside, renamed in: the one slow
write in every hundred or so).
"""

from __future__ import annotations

import fcntl
import json
import os
from contextlib import suppress
from pathlib import Path

from tools.audit.checkpoint import CheckpointSigner

COMPACT_BYTES = 1 << 15
"""Past this size the next head starts the file afresh (a line is about 250 bytes)."""
_MAX_ANCHOR_BYTES = 1 << 16


class FileAnchor:
    """Holds the signed checkpoints of the trail, newest last, in one append-only file.

    Writers in several processes share the file: a lock file orders them (and the readers)
    and an older head is never appended after a newer one. A new head is one write at the end
    of the file, after a line break when a torn line was left there.
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
                if len(recorded) + len(line) > COMPACT_BYTES:
                    self._replace(line)
                    return
                if recorded and not recorded.endswith(b"\n"):
                    line = b"\n" + line  # a torn line ends here; start a line of our own
                os.pwrite(fd, line, len(recorded))
            finally:
                os.close(fd)

    def _replace(self, line: bytes) -> None:
        """Start the file afresh with `line`: written aside, then renamed over it."""
        temp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        temp.write_bytes(line)
        os.replace(temp, self.path)


def lock_path(path: Path) -> Path:
    """The lock file that orders the writers and readers of the anchor at `path`."""
    return path.with_name(path.name + ".lock")


def line_seq(line: bytes | str) -> int | None:
    """The sequence number of one anchor line as written (unverified); None for a line that
    does not parse as a checkpoint (torn, or never one)."""
    try:
        seq = json.loads(line)["seq"]
    except (ValueError, KeyError, TypeError):
        return None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


def recorded_seq(text: bytes) -> int:
    """The sequence number of the last line that parses, 0 when there is none."""
    end = len(text)
    while end > 0:
        start = text.rfind(b"\n", 0, end - 1) + 1
        seq = line_seq(text[start:end])
        if seq is not None:
            return seq
        end = start
    return 0


def newest_line(text: str) -> str:
    """The anchor line to verify: of the lines that parse, the one with the highest sequence
    number; the whole text when none parses (the verifier then names it empty or
    unparseable)."""
    best: tuple[int, str] | None = None
    for line in text.splitlines(keepends=True):
        seq = line_seq(line)
        if seq is not None and (best is None or seq > best[0]):
            best = (seq, line)
    return text if best is None else best[1]


def read_anchor_text(path: Path) -> str | None:
    """The anchor's newest line (`newest_line`), or None when there is no anchor. Read under
    the writers' lock when it can be taken (the lock file is never created here: the anchor
    may be on read-only media)."""
    try:
        lock = open(lock_path(path), "rb")  # noqa: SIM115 - held across the read below
    except OSError:
        lock = None
    try:
        if lock is not None:
            with suppress(OSError):
                fcntl.flock(lock, fcntl.LOCK_SH)
        return newest_line(path.read_bytes().decode("utf-8", errors="replace"))
    except FileNotFoundError:
        return None
    finally:
        if lock is not None:
            lock.close()
