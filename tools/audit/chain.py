"""Canonical encoding and the SHA-256 hash chain shared by every sink and the verifier."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from json.encoder import encode_basestring
from typing import Any

from schemas.audit import AuditEvent
from tools.audit.construct import constructed, plain_header

GENESIS_HASH = "0" * 64
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
# The C encoder `_CANONICAL.encode` builds on every call, built once with the same settings
# (no circular-reference bookkeeping: a cycle raises RecursionError instead of ValueError).
_c_make_encoder: Any = getattr(json.encoder, "c_make_encoder", None)  # untyped in typeshed
_C_CANONICAL = (
    None
    if _c_make_encoder is None
    else _c_make_encoder(
        None, _CANONICAL.default, encode_basestring, None, ":", ",", True, False, True
    )
)
CHAINED_FIELDS = ("seq", "ts", "request_id", "badge_id", "kind", "step", "frm", "to", "data")


def canonical_bytes(event: AuditEvent) -> bytes:
    """Sorted-key, compact, UTF-8 JSON of the chained fields (stable across backends).

    The reference encoding: the verifier uses it, and `seal_batch` must agree with it byte for
    byte (tests/tools/audit/test_chain_encoding.py)."""
    payload: dict[str, Any] = {name: getattr(event, name) for name in CHAINED_FIELDS}
    return _CANONICAL.encode(payload).encode()


def event_hash(prev_hash: str, event: AuditEvent) -> str:
    """SHA-256 over the previous hash and the canonical encoding of this event."""
    digest = hashlib.sha256(prev_hash.encode())
    digest.update(b"\n")
    digest.update(canonical_bytes(event))
    return digest.hexdigest()


def _optional(value: str | None) -> str:
    return "null" if value is None else encode_basestring(value)


def canonical_text(event: AuditEvent, seq: int, data_json: str) -> str:
    """The canonical encoding of `event` numbered `seq`, given its data already encoded
    (`json_data`): the sorted keys written out, each value escaped by the same routine the
    encoder uses. Values of unexpected types take the reference encoder."""
    kind, request_id, badge_id, ts = event.kind, event.request_id, event.badge_id, event.ts
    step, frm, to = event.step, event.frm, event.to
    if not (type(seq) is int and plain_header(kind, request_id, badge_id, ts, step, frm, to)):
        payload: dict[str, Any] = {name: getattr(event, name) for name in CHAINED_FIELDS}
        payload["seq"] = seq
        return _CANONICAL.encode(payload)
    return (
        f'{{"badge_id":{encode_basestring(badge_id)},"data":{data_json},'
        f'"frm":{_optional(frm)},"kind":{encode_basestring(kind)},'
        f'"request_id":{encode_basestring(request_id)},"seq":{seq},'
        f'"step":{"null" if step is None else step},"to":{_optional(to)},'
        f'"ts":{encode_basestring(ts)}}}'
    )


_SEALED_FIELDS = frozenset(("seq", "prev_hash", "hash"))


def sealed_copy(event: AuditEvent, seq: int, prev_hash: str, digest: str) -> AuditEvent:
    """`event.model_copy(update=...)` for the three chain fields, without pydantic's generic
    copy path: the same shallow copy, built directly (as `model_construct` builds a model)."""
    values = event.__dict__.copy()
    values["seq"], values["prev_hash"], values["hash"] = seq, prev_hash, digest
    return constructed(values, event.__pydantic_fields_set__ | _SEALED_FIELDS)


@dataclass(frozen=True, slots=True)
class SealedBatch:
    """A batch numbered and chained after a head: the sealed copies, each one's canonical
    encoding (the exact text hashed, reused by the SIEM export) and each one's data as stored."""

    events: list[AuditEvent]
    encodings: list[str]
    data_json: list[str]


def seal_batch(events: list[AuditEvent], head_seq: int, head_hash: str) -> SealedBatch:
    """Number and chain a batch after the current head, encoding each event's data once."""
    sealed: list[AuditEvent] = []
    encodings: list[str] = []
    datas: list[str] = []
    prev = head_hash
    sha256 = hashlib.sha256
    for seq, event in enumerate(events, start=head_seq + 1):
        data = json_data(event.data)
        encoded = canonical_text(event, seq, data)
        digest = sha256(f"{prev}\n{encoded}".encode()).hexdigest()
        sealed.append(sealed_copy(event, seq, prev, digest))
        encodings.append(encoded)
        datas.append(data)
        prev = digest
    return SealedBatch(sealed, encodings, datas)


def seal(events: list[AuditEvent], head_seq: int, head_hash: str) -> list[AuditEvent]:
    """Number and chain a batch after the current head; returns sealed copies."""
    return seal_batch(events, head_seq, head_hash).events


def json_data(data: dict[str, Any]) -> str:
    """The stored form of an event's data field: `_CANONICAL.encode(data)`, by the C encoder
    that call would build (tests/tools/audit/test_chain_encoding.py compares the two)."""
    if _C_CANONICAL is None:
        return _CANONICAL.encode(data)
    return "".join(_C_CANONICAL(data, 0))
