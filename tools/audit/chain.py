"""Canonical encoding and the SHA-256 hash chain shared by every sink and the verifier."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from schemas.audit import AuditEvent

GENESIS_HASH = "0" * 64
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
CHAINED_FIELDS = ("seq", "ts", "request_id", "badge_id", "kind", "step", "frm", "to", "data")


def canonical_bytes(event: AuditEvent) -> bytes:
    """Sorted-key, compact, UTF-8 JSON of the chained fields (stable across backends)."""
    payload: dict[str, Any] = {name: getattr(event, name) for name in CHAINED_FIELDS}
    return _CANONICAL.encode(payload).encode()


def event_hash(prev_hash: str, event: AuditEvent) -> str:
    """SHA-256 over the previous hash and the canonical encoding of this event."""
    digest = hashlib.sha256(prev_hash.encode())
    digest.update(b"\n")
    digest.update(canonical_bytes(event))
    return digest.hexdigest()


def seal_encoded(
    events: list[AuditEvent], head_seq: int, head_hash: str
) -> tuple[list[AuditEvent], list[str]]:
    """Number and chain a batch after the current head: sealed copies, and each one's
    canonical encoding (the exact text hashed, reused by the SIEM export).

    Same bytes as `event_hash` on the numbered event, without building it twice.
    """
    sealed: list[AuditEvent] = []
    encodings: list[str] = []
    prev = head_hash
    for seq, event in enumerate(events, start=head_seq + 1):
        payload = {name: getattr(event, name) for name in CHAINED_FIELDS}
        payload["seq"] = seq
        encoded = _CANONICAL.encode(payload)
        digest = hashlib.sha256(prev.encode() + b"\n" + encoded.encode()).hexdigest()
        sealed.append(event.model_copy(update={"seq": seq, "prev_hash": prev, "hash": digest}))
        encodings.append(encoded)
        prev = digest
    return sealed, encodings


def seal(events: list[AuditEvent], head_seq: int, head_hash: str) -> list[AuditEvent]:
    """Number and chain a batch after the current head; returns sealed copies."""
    return seal_encoded(events, head_seq, head_hash)[0]


def json_data(data: dict[str, Any]) -> str:
    """The stored form of an event's data field."""
    return _CANONICAL.encode(data)
