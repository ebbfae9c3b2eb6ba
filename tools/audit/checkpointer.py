"""Writes a signed checkpoint of the head to every witness at an interval and at shutdown."""

from __future__ import annotations

import threading

import structlog

from schemas.errors import AuditUnavailable
from tools.audit.checkpoint import CheckpointSigner
from tools.audit.recorder import utc_now
from tools.audit.witness import Witness

log = structlog.get_logger()


class Checkpointer:
    """Tracks the head this process last committed; a background thread witnesses it."""

    def __init__(
        self,
        signer: CheckpointSigner,
        witnesses: list[Witness],
        interval_s: float,
        head: tuple[int, str],
    ) -> None:
        self.signer = signer
        self.witnesses = witnesses
        self.interval_s = interval_s
        self._head = head
        self._witnessed_seq = head[0]
        self._lock = threading.Lock()  # guards the head; never held while a witness records
        self._recording = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if witnesses and interval_s > 0:
            self._thread = threading.Thread(target=self._run, name="audit-checkpoints", daemon=True)
            self._thread.start()

    def observe(self, seq: int, digest: str) -> None:
        """Note a committed head (called by the sink after each commit)."""
        with self._lock:
            if seq > self._head[0]:
                self._head = (seq, digest)

    def checkpoint(self) -> str | None:
        """Sign the head and record it with every witness when it moved; returns the checkpoint."""
        with self._recording:
            with self._lock:
                seq, digest = self._head
            if seq <= self._witnessed_seq or not self.witnesses:
                return None
            signed = self.signer.sign(seq, digest, utc_now())
            for witness in self.witnesses:
                witness.record(signed)
            self._witnessed_seq = seq
            return signed

    def _checkpoint_or_log(self) -> None:
        """A witness that cannot record is retried next time; requests do not fail for it."""
        try:
            self.checkpoint()
        except AuditUnavailable as error:
            log.error("audit.checkpoint_failed", detail=error.detail)

    def _run(self) -> None:
        while not self._stop.wait(self.interval_s):
            self._checkpoint_or_log()

    def close(self) -> None:
        """Stop the thread and witness the final head."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=self.interval_s + 5)
        self._checkpoint_or_log()
