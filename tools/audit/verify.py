"""Checks a trail: every hash, every link, the sequence, the signed anchor, and the witness.

`verify_trail` is a pure function over the events and the checkpoint texts already read;
it returns a verdict with a named reason instead of raising.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from schemas.audit import AuditEvent
from tools.audit.chain import GENESIS_HASH, event_hash
from tools.audit.checkpoint import Checkpoint, CheckpointError, read_checkpoint


@dataclass(frozen=True)
class VerifyReport:
    """The verdict; `reason` names the failure, `first_bad_seq` the first event it concerns."""

    ok: bool
    checked: int
    first_bad_seq: int | None = None
    problem: str = ""
    reason: str = ""
    anchored_seq: int | None = None
    witnessed_seq: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "checked": self.checked,
            "reason": self.reason,
            "first_bad_seq": self.first_bad_seq,
            "problem": self.problem,
            "anchored_seq": self.anchored_seq,
            "witnessed_seq": self.witnessed_seq,
        }

    def text(self) -> str:
        """One line for people."""
        if self.ok:
            extra = f", witnessed up to {self.witnessed_seq}" if self.witnessed_seq else ""
            return f"intact: {self.checked} events{extra}"
        where = f" at event {self.first_bad_seq}" if self.first_bad_seq is not None else ""
        return f"BROKEN ({self.reason}){where}: {self.problem}"


def _fail(checked: int, seq: int | None, reason: str, problem: str) -> VerifyReport:
    return VerifyReport(False, checked, seq, problem, reason)


@dataclass
class _Walk:
    report: VerifyReport | None
    last_seq: int
    hashes: dict[int, str]


def _walk(events: Iterable[AuditEvent], wanted: set[int]) -> _Walk:
    """Check the chain; remember the hashes at the `wanted` sequence numbers."""
    prev_hash, expected = GENESIS_HASH, 1
    hashes: dict[int, str] = {}
    for event in events:
        checked = expected - 1
        if event.seq != expected:
            problem = f"expected event {expected}, found {event.seq}"
            return _Walk(_fail(checked, expected, "sequence_gap", problem), checked, hashes)
        if event.prev_hash != prev_hash:
            problem = "link to the previous event is broken"
            return _Walk(_fail(checked, expected, "broken_link", problem), checked, hashes)
        if event.hash != event_hash(prev_hash, event):
            problem = "event content does not match its hash"
            return _Walk(_fail(checked, expected, "hash_mismatch", problem), checked, hashes)
        if expected in wanted:
            hashes[expected] = str(event.hash)
        prev_hash, expected = str(event.hash), expected + 1
    return _Walk(None, expected - 1, hashes)


def verify_chain(events: Iterable[AuditEvent]) -> VerifyReport:
    """The chain alone: edited, deleted, inserted or reordered events (not truncation)."""
    walk = _walk(events, set())
    return walk.report or VerifyReport(True, walk.last_seq)


def _compare(
    walk: _Walk, point: Checkpoint, name: str, shorter: str, diverged: str
) -> VerifyReport | None:
    if point.seq > walk.last_seq:
        problem = f"the trail ends at event {walk.last_seq} but the {name} records {point.seq}"
        return _fail(walk.last_seq, walk.last_seq + 1, shorter, problem)
    if point.seq > 0 and walk.hashes.get(point.seq) != point.hash:
        problem = f"event {point.seq} differs from the {name}"
        return _fail(walk.last_seq, point.seq, diverged, problem)
    return None


def verify_trail(
    events: Iterable[AuditEvent],
    public_key: Ed25519PublicKey,
    anchor_text: str | None,
    witness_texts: list[str] | None = None,
    *,
    single_writer: bool = True,
) -> VerifyReport:
    """The chain, its signed anchor, and (when given) the latest witnessed checkpoint.

    `single_writer`: the anchor must name the last event (embedded trail); with replicas
    each writes its own anchor, so the trail may run past any one of them.
    """
    try:
        anchor = None if anchor_text is None else read_checkpoint(anchor_text, public_key)
    except CheckpointError as error:
        return _fail(0, None, f"anchor_{error.reason}", f"audit anchor: {error.detail}")
    latest: Checkpoint | None = None
    if witness_texts is not None:
        for number, text in enumerate(witness_texts, start=1):
            try:
                point = read_checkpoint(text, public_key)
            except CheckpointError as error:
                return _fail(
                    0, None, f"witness_{error.reason}", f"witness entry {number}: {error.detail}"
                )
            if latest is None or point.seq > latest.seq:
                latest = point
    wanted = {point.seq for point in (anchor, latest) if point is not None}
    walk = _walk(events, wanted)
    if walk.report is not None:
        return walk.report
    last = walk.last_seq
    if anchor is None:
        if last > 0:
            return _fail(last, None, "anchor_missing", "the trail has events but no anchor")
    else:
        found = _compare(walk, anchor, "anchor", "truncated", "anchor_mismatch")
        if found is not None:
            return found
        if single_writer and anchor.seq < last:
            problem = f"events after {anchor.seq} were not anchored by the service"
            return _fail(last, anchor.seq + 1, "unanchored_tail", problem)
    if witness_texts is not None:
        if latest is None:
            if last > 0:
                return _fail(last, None, "witness_empty", "the witness holds no checkpoint")
        else:
            found = _compare(walk, latest, "latest witnessed checkpoint", "rollback", "diverged")
            if found is not None:
                return found
    return VerifyReport(
        True,
        last,
        anchored_seq=None if anchor is None else anchor.seq,
        witnessed_seq=None if latest is None else latest.seq,
    )
