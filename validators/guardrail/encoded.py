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

# 6+ base64 characters with a digit, '+', '/', '=' or a lower-upper change (not a plain word)
BASE64 = re.compile(
    r"(?<![A-Za-z0-9+/=_-])(?=[A-Za-z0-9+/_-]*(?:[0-9+/=]|[a-z][A-Z]))"
    r"[A-Za-z0-9+/_-]{6,}={0,2}(?![A-Za-z0-9+/=_-])"
)
HEX = re.compile(r"(?<![A-Za-z0-9])(?:0[xX])?((?:[0-9A-Fa-f]{2}){4,})(?![A-Za-z0-9])")
MIN_DECODED = 4


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


def encoded_spans(text: str) -> Iterator[Encoded]:
    """Every hex or base64 token of `text` that decodes to readable text."""
    seen: set[tuple[int, int]] = set()
    for match in HEX.finditer(text):
        decoded = _readable(bytes.fromhex(match.group(1)))
        if decoded is not None:
            seen.add((match.start(), match.end()))
            yield Encoded(match.start(), match.end(), decoded)
    for match in BASE64.finditer(text):
        token = match.group(0)
        if (match.start(), match.end()) in seen or token.isdigit():
            continue
        decoded = _from_base64(token)
        if decoded is not None:
            yield Encoded(match.start(), match.end(), decoded)
