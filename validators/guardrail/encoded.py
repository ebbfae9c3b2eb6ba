"""Tokens that are base64 or hex encodings of readable text, and that text.

The guard decodes each candidate and checks the decoded text like any other; a token whose
decoding holds something the officer may not see is replaced whole. Decoding that yields
bytes which are not readable UTF-8 (ordinary long words, plates, ids) is ignored.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

# a whole run of 6+ base64 or hex characters that is not a plain word: it holds a digit, '+',
# '/', '=' or a lower-upper change somewhere (so ordinary prose is never looked at in Python)
CANDIDATE = re.compile(
    r"(?<![A-Za-z0-9+/_=-])(?=[A-Za-z0-9+/_=-]{6})(?=[A-Za-z_-]*(?:[0-9+/=]|[a-z][A-Z]))"
    r"[A-Za-z0-9+/_=-]+"
)
HEX = re.compile(r"(?:0[xX])?((?:[0-9A-Fa-f]{2}){4,})")
MIN_DECODED = 4
KEPT_TOKENS = 1 << 14


@dataclass(frozen=True)
class Encoded:
    """A span of the text and the readable text it decodes to."""

    start: int
    end: int
    decoded: str


def _readable(raw: bytes) -> str | None:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(text) < MIN_DECODED or not all(ch.isprintable() or ch.isspace() for ch in text):
        return None
    return text


def _from_base64(token: str) -> str | None:
    token = token.rstrip("=").replace("-", "+").replace("_", "/")
    if len(token) % 4 == 1:
        return None
    try:
        raw = base64.b64decode(token + "=" * (-len(token) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    return _readable(raw)


@lru_cache(maxsize=KEPT_TOKENS)
def decoded_text(token: str) -> str | None:
    """The readable text a hex or base64 token decodes to, or None: a pure function of the
    token, kept per process (answers and record tables repeat dates, FIR numbers, plates)."""
    hexed = HEX.fullmatch(token)
    decoded = _readable(bytes.fromhex(hexed.group(1))) if hexed else None
    if decoded is None and not token.isdigit():
        decoded = _from_base64(token)
    return decoded


def encoded_spans(text: str) -> Iterator[Encoded]:
    """Every hex or base64 token of `text` that decodes to readable text."""
    for match in CANDIDATE.finditer(text):
        token = match.group(0)
        if token.isdigit() and len(token) % 2:
            continue
        decoded = decoded_text(token)
        if decoded is not None:
            yield Encoded(match.start(), match.end(), decoded)
