"""An HMAC-signed record of the chain head kept outside the trail, so truncation is detectable."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Anchor:
    """The last sealed sequence number and hash, as the writer last saw them."""

    seq: int
    hash: str


class FileAnchor:
    """Writes the head after every append (atomic replace); the verifier compares against it."""

    def __init__(self, path: Path, key: bytes) -> None:
        self.path = path
        self.key = key

    def _mac(self, seq: int, digest: str) -> str:
        return hmac.new(self.key, f"{seq}:{digest}".encode(), hashlib.sha256).hexdigest()

    def write(self, seq: int, digest: str) -> None:
        """Record the new head."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temp = self.path.with_suffix(".tmp")
        body = {"seq": seq, "hash": digest, "mac": self._mac(seq, digest)}
        temp.write_text(json.dumps(body), encoding="utf-8")
        os.replace(temp, self.path)

    def read(self) -> Anchor | None:
        """The recorded head, or None when absent; ValueError when its signature is wrong."""
        if not self.path.exists():
            return None
        body = json.loads(self.path.read_text(encoding="utf-8"))
        if not hmac.compare_digest(body["mac"], self._mac(body["seq"], body["hash"])):
            raise ValueError("the audit anchor's signature does not match")
        return Anchor(seq=int(body["seq"]), hash=str(body["hash"]))
