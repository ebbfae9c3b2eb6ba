"""A deterministic stand-in embedder for exercising the dense + sparse fusion path.

`HashingEmbedder` is NOT a semantic model: it hashes the analysed terms and their
character trigrams into a small L2-normalised vector. It exists so tests and the
benchmark can run the RRF fusion path offline; a real embedder (any object with
`dim` and `embed`) replaces it in production.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence

from tools.knowledge.sparse import analyse


def _bucket(feature: str, dim: int) -> tuple[int, float]:
    digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
    value = int.from_bytes(digest, "big")
    return value % dim, 1.0 if (value >> 32) & 1 else -1.0


class HashingEmbedder:
    """Hashed bag of terms and character trigrams (signed feature hashing)."""

    def __init__(self, dim: int = 64) -> None:
        self._dim = dim

    @property
    def dim(self) -> int:
        return self._dim

    def _embed_one(self, text: str) -> list[float]:
        vec = [0.0] * self._dim
        for term in analyse(text):
            features = [term, *(term[i : i + 3] for i in range(max(len(term) - 2, 0)))]
            for feature in features:
                slot, sign = _bucket(feature, self._dim)
                vec[slot] += sign
        norm = math.sqrt(sum(v * v for v in vec)) or 1.0
        return [v / norm for v in vec]

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._embed_one(t) for t in texts]
