"""Checks a trail: every hash, every link, the sequence, and the external anchor."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from schemas.audit import AuditEvent
from tools.audit.anchor import Anchor
from tools.audit.chain import GENESIS_HASH, event_hash


@dataclass(frozen=True)
class VerifyReport:
    """The verdict; `first_bad_seq` names the first event that fails (or the missing tail)."""

    ok: bool
    checked: int
    first_bad_seq: int | None = None
    problem: str = ""

    def to_dict(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "checked": self.checked,
            "first_bad_seq": self.first_bad_seq,
            "problem": self.problem,
        }


def verify_chain(events: Iterable[AuditEvent], anchor: Anchor | None = None) -> VerifyReport:
    """Detect edited, deleted, inserted, reordered or truncated events."""
    prev_hash, expected_seq, checked = GENESIS_HASH, 1, 0
    anchored_hash: str | None = None
    for event in events:
        if event.seq != expected_seq:
            return VerifyReport(
                False, checked, expected_seq, f"expected event {expected_seq}, found {event.seq}"
            )
        if event.prev_hash != prev_hash:
            return VerifyReport(False, checked, event.seq, "link to the previous event is broken")
        if event.hash != event_hash(prev_hash, event):
            return VerifyReport(False, checked, event.seq, "event content does not match its hash")
        if anchor is not None and event.seq == anchor.seq:
            anchored_hash = event.hash
        prev_hash, expected_seq, checked = event.hash, expected_seq + 1, checked + 1
    last_seq = expected_seq - 1
    if anchor is None:
        return VerifyReport(True, checked)
    if anchor.seq > last_seq:
        return VerifyReport(
            False, checked, last_seq + 1, f"trail truncated: the anchor records event {anchor.seq}"
        )
    if anchored_hash != anchor.hash and anchor.seq > 0:
        return VerifyReport(False, checked, anchor.seq, "event differs from the anchored head")
    if anchor.seq < last_seq:
        return VerifyReport(
            False,
            checked,
            anchor.seq + 1,
            "events after the anchored head were not written by the service",
        )
    return VerifyReport(True, checked)
