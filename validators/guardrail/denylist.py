"""Matches values the clearance filter withheld, robust to case, spacing, order and spelling."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from validators.guardrail.recognisers import Finding

TOKEN = re.compile(r"[^\W\d_]+|\d+", re.UNICODE)
DIGIT_RUN = re.compile(r"\d[\d\s\-().]{6,}\d")
TRANSLITERATION = (
    ("ph", "f"),
    ("sh", "s"),
    ("th", "t"),
    ("kh", "k"),
    ("gh", "g"),
    ("bh", "b"),
    ("dh", "d"),
    ("ch", "c"),
    ("jh", "j"),
    ("w", "v"),
    ("z", "j"),
    ("q", "k"),
    ("x", "ks"),
    ("y", "i"),
    ("ee", "i"),
    ("oo", "u"),
    ("ou", "u"),
    ("aa", "a"),
    ("ii", "i"),
    ("uu", "u"),
)
STOP_TOKENS = frozenset({"mr", "mrs", "ms", "smt", "sri", "shri", "dr", "the", "of", "and"})
MIN_DIGITS = 7


def phonetic_key(token: str) -> str:
    """A spelling-insensitive key: 'Meera' ~ 'Mira', 'Shanthi' ~ 'Santi', 'Kumaar' ~ 'Kumar'."""
    token = unicodedata.normalize("NFKD", token.lower())
    token = "".join(ch for ch in token if not unicodedata.combining(ch))
    for source, target in TRANSLITERATION:
        token = token.replace(source, target)
    token = re.sub(r"(.)\1+", r"\1", token)
    return token.rstrip("ah") or token


@dataclass(frozen=True)
class _Entry:
    keys: tuple[str, ...]


def _tokens(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(0), m.start(), m.end()) for m in TOKEN.finditer(text)]


class DenyList:
    """Index of withheld names/addresses (token keys) and numbers (digit strings)."""

    def __init__(self, values: Iterable[str]) -> None:
        self.by_first: dict[str, list[_Entry]] = {}
        self.numbers: set[str] = set()
        for value in values:
            digits = re.sub(r"\D", "", value)
            if len(digits) >= MIN_DIGITS and len(digits) >= len(value.replace(" ", "")) * 0.6:
                self.numbers.add(digits[-10:])
                continue
            keys = tuple(
                phonetic_key(t) for t, _, _ in _tokens(value) if t.lower() not in STOP_TOKENS
            )
            if not keys:
                continue
            variants = {keys, tuple(reversed(keys))}
            if len(keys) >= 3:
                variants.add((keys[0], keys[-1]))
            for variant in variants:
                self.by_first.setdefault(variant[0], []).append(_Entry(variant))

    def __len__(self) -> int:
        return sum(len(v) for v in self.by_first.values()) + len(self.numbers)

    def findings(self, text: str) -> Iterator[Finding]:
        """Spans of `text` that spell a withheld value."""
        if self.numbers:
            for match in DIGIT_RUN.finditer(text):
                digits = re.sub(r"\D", "", match.group(0))
                if any(number in digits for number in self.numbers):
                    yield Finding(match.start(), match.end(), "withheld_value", "[withheld]")
        if not self.by_first:
            return
        tokens = [(t, s, e) for t, s, e in _tokens(text) if t.lower() not in STOP_TOKENS]
        keys = [phonetic_key(t) for t, _, _ in tokens]
        for i, key in enumerate(keys):
            for entry in self.by_first.get(key, ()):
                n = len(entry.keys)
                if tuple(keys[i : i + n]) == entry.keys:
                    yield Finding(
                        tokens[i][1], tokens[i + n - 1][2], "withheld_value", "[withheld]"
                    )
