"""Matches values the clearance filter withheld, robust to case, spacing, order and spelling.

Names match token by token through a phonetic key ('Meera' ~ 'Mira', 'Shanthi' ~ 'Santhi'),
in any order ('Meera Canary Victim'), as first-and-last name alone, squashed together
('CanaryVictimMeera') or spelled out letter by letter ('M e e r a'). Numbers match on their
digits in any grouping ('99001 12233', '+91-990-011-2233').
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import lru_cache

from validators.guardrail.recognisers import Finding

TOKEN = re.compile(r"[^\W\d_]+|\d+", re.UNICODE)
DIGIT_RUN = re.compile(r"\d[\d\s\-().+/]{6,}\d")
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
MIN_SQUASHED = 6
SPELLED_OUT = 3  # at least this many single letters in a row are read as one word
MAX_SPELLING_GAP = 3


@lru_cache(maxsize=1 << 16)
def phonetic_key(token: str) -> str:
    """A spelling-insensitive key: 'Meera' ~ 'Mira', 'Shanthi' ~ 'Santi', 'Kumaar' ~ 'Kumar'."""
    token = unicodedata.normalize("NFKD", token.lower())
    token = "".join(ch for ch in token if not unicodedata.combining(ch))
    for source, target in TRANSLITERATION:
        token = token.replace(source, target)
    token = re.sub(r"(.)\1+", r"\1", token)
    return token.rstrip("ah") or token


Token = tuple[str, int, int]


def _tokens(text: str) -> list[Token]:
    return [(m.group(0), m.start(), m.end()) for m in TOKEN.finditer(text)]


def _spelled_out(tokens: list[Token]) -> list[Token]:
    """Runs of single letters ('M e e r a', 'M-e-e-r-a') joined into one token."""
    out: list[Token] = []
    run: list[Token] = []

    def flush() -> None:
        if len(run) >= SPELLED_OUT:
            out.append(("".join(t for t, _, _ in run), run[0][1], run[-1][2]))
        else:
            out.extend(run)
        run.clear()

    for token in tokens:
        single = len(token[0]) == 1 and token[0].isalpha()
        if single and (not run or token[1] - run[-1][2] <= MAX_SPELLING_GAP):
            run.append(token)
            continue
        flush()
        if single:
            run.append(token)
        else:
            out.append(token)
    flush()
    return out


def _value_keys(value: str) -> tuple[str, ...]:
    return tuple(phonetic_key(t) for t, _, _ in _tokens(value) if t.lower() not in STOP_TOKENS)


class DenyList:
    """Index of withheld names/addresses (token keys) and numbers (digit strings)."""

    def __init__(self, values: Iterable[str]) -> None:
        self.by_key: dict[str, set[tuple[str, ...]]] = {}
        self.numbers: set[str] = set()
        squashed: set[str] = set()
        for value in values:
            digits = re.sub(r"\D", "", value)
            if len(digits) >= MIN_DIGITS and len(digits) >= len(value.replace(" ", "")) * 0.6:
                self.numbers.add(digits[-10:])
                continue
            keys = _value_keys(value)
            if not keys:
                continue
            variants = {tuple(sorted(keys))}
            if len(keys) >= 3:
                variants.add(tuple(sorted((keys[0], keys[-1]))))
            for variant in variants:
                for key in variant:
                    self.by_key.setdefault(key, set()).add(variant)
            letters = "".join(t for t, _, _ in _tokens(value) if not t.isdigit())
            if len(keys) >= 2 and len(letters) >= MIN_SQUASHED:
                squashed.add(phonetic_key(letters))
        self.squashed = (
            re.compile("|".join(sorted(map(re.escape, squashed), key=len, reverse=True)))
            if squashed
            else None
        )

    def __len__(self) -> int:
        return len({v for variants in self.by_key.values() for v in variants}) + len(self.numbers)

    def findings(self, text: str) -> Iterator[Finding]:
        """Spans of `text` that spell a withheld value."""
        if self.numbers:
            yield from self._number_findings(text)
        if self.by_key:
            yield from self._name_findings(text)

    def _number_findings(self, text: str) -> Iterator[Finding]:
        for match in DIGIT_RUN.finditer(text):
            digits = re.sub(r"\D", "", match.group(0))
            if any(number in digits for number in self.numbers):
                yield Finding(match.start(), match.end(), "withheld_value", "[withheld]")

    def _name_findings(self, text: str) -> Iterator[Finding]:
        tokens = [t for t in _spelled_out(_tokens(text)) if t[0].lower() not in STOP_TOKENS]
        keys = [phonetic_key(t) for t, _, _ in tokens]
        for i, key in enumerate(keys):
            for variant in self.by_key.get(key, ()):
                n = len(variant)
                if i + n <= len(keys) and tuple(sorted(keys[i : i + n])) == variant:
                    yield Finding(
                        tokens[i][1], tokens[i + n - 1][2], "withheld_value", "[withheld]"
                    )
            if self.squashed is not None and len(key) >= MIN_SQUASHED and self.squashed.search(key):
                yield Finding(tokens[i][1], tokens[i][2], "withheld_value", "[withheld]")
