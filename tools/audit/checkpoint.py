"""Signed checkpoints: (sequence, head hash, time) under an Ed25519 key, one JSON line each.

The same format is the anchor beside the trail and every witnessed checkpoint; a verifier
needs only the public key.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from tools.audit.keys import key_id

VERSION = 1


@dataclass(frozen=True)
class Checkpoint:
    """A verified statement that event `seq` of the trail had hash `hash` at time `ts`."""

    seq: int
    hash: str
    ts: str
    key: str


class CheckpointError(ValueError):
    """A checkpoint that cannot be trusted; `reason` is one of empty, unparseable, wrong_key,
    bad_signature."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def signed_message(seq: int, digest: str, ts: str, key: str) -> bytes:
    """The exact bytes signed (domain-separated so no other signature can be replayed)."""
    return f"crimeassist-audit-checkpoint:v{VERSION}:{key}:{seq}:{digest}:{ts}".encode()


class CheckpointSigner:
    """Signs heads with the private key."""

    def __init__(self, private_key: Ed25519PrivateKey) -> None:
        self._key = private_key
        self.public_key = private_key.public_key()
        self.key_id = key_id(self.public_key)

    def sign(self, seq: int, digest: str, ts: str) -> str:
        """The checkpoint as one line of JSON."""
        signature = self._key.sign(signed_message(seq, digest, ts, self.key_id))
        body = {
            "v": VERSION,
            "seq": seq,
            "hash": digest,
            "ts": ts,
            "key": self.key_id,
            "sig": base64.b64encode(signature).decode(),
        }
        return json.dumps(body, separators=(",", ":"))


def read_checkpoint(text: str, public_key: Ed25519PublicKey) -> Checkpoint:
    """Parse and verify one checkpoint; CheckpointError says why it cannot be trusted."""
    if not text.strip():
        raise CheckpointError("empty", "the checkpoint is empty")
    try:
        body = json.loads(text)
        seq, digest, ts, key = body["seq"], body["hash"], body["ts"], body["key"]
        signature = base64.b64decode(body["sig"], validate=True)
        if body.get("v") != VERSION or not isinstance(seq, int) or seq < 0:
            raise ValueError("unknown version or bad sequence number")
        if not all(isinstance(value, str) for value in (digest, ts, key)):
            raise ValueError("hash, ts and key must be strings")
    except (ValueError, KeyError, TypeError) as error:
        raise CheckpointError("unparseable", f"the checkpoint cannot be parsed: {error}") from None
    expected = key_id(public_key)
    if key != expected:
        raise CheckpointError(
            "wrong_key", f"the checkpoint is signed by another key ({key}, expected {expected})"
        )
    try:
        public_key.verify(signature, signed_message(seq, digest, ts, key))
    except InvalidSignature:
        raise CheckpointError(
            "bad_signature", "the checkpoint's signature does not match its content"
        ) from None
    return Checkpoint(seq=seq, hash=digest, ts=ts, key=key)
