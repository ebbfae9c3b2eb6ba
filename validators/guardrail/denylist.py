"""Matches values the clearance filter withheld, robust to case, spacing, order and spelling.

Names match token by token through a phonetic key ('Meera' ~ 'Mira', 'Shanthi' ~ 'Santhi'):
the whole name in any order ('Meera Canary Victim'), first and last name alone, squashed
together ('CanaryVictimMeera'), spelled out letter by letter ('M e e r a'), and each
distinctive part alone (a bare 'Meera'). Addresses match on their distinctive words and on
house number + street ('12, 3rd Cross'). Numbers match on their digits however written
(see `numbers`), forwards or backwards.

A word is distinctive when it is at least three letters long, not a common word
(data/guardrail/common_words.txt: ordinary English, police vocabulary, place and address
words) and not in the caller's allow-list (what the officer may see). A withheld value made
only of common words (a place of occurrence 'Online', 'Near Bus Stand, KR Puram') matches
nothing: it is public vocabulary; one whose words are each visible to the officer matches
only as a whole ('T. Shankar' when 'D. Shankar' is visible). The patterns of one request
sit in two Aho-Corasick automata, built once with the deny-list: one run over each text's
key stream, one over its digit streams.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path

import ahocorasick

from validators.guardrail.numbers import Run
from validators.guardrail.recognisers import Finding

COMMON_WORDS_FILE = Path(__file__).resolve().parents[2] / "data" / "guardrail" / "common_words.txt"
TOKEN = re.compile(r"\d+(?i:st|nd|rd|th)(?![^\W\d_])|[^\W\d_]+|\d+", re.UNICODE)
# TOKEN on ASCII text (letters are [A-Za-z], digits [0-9]), about twice as fast
ASCII_TOKEN = re.compile(
    r"[A-Za-z]+|[0-9]+(?:(?:st|nd|rd|th|ST|ND|RD|TH|St|Nd|Rd|Th|sT|nD|rD|tH)(?![A-Za-z]))?"
)
NUMBERISH = re.compile(r"\d+(?:st|nd|rd|t)?")  # keys of '45', '4th', '1st': never distinctive
# three or more single letters a few characters apart ('M e e r a', 'M-e-e-r-a')
SPELLED = re.compile(r"(?<![^\W\d_])[^\W\d_](?:\W{1,3}[^\W\d_](?![^\W\d_])){2,}")
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
REPEATED = re.compile(r"(.)\1+")  # a letter or digit written twice or more in a row
STOP_TOKENS = frozenset({"mr", "mrs", "ms", "smt", "sri", "shri", "dr", "the", "of", "and"})
MIN_DIGITS = 7
MIN_SQUASHED = 6
MIN_PART = 3
SPELLED_OUT = 3  # at least this many single letters in a row are read as one word
# SPELLED_OUT one-character tokens in a row, in the tokens joined by single spaces
SPELLED_RUN = re.compile(" " + r"\S " * SPELLED_OUT)
MAX_SPELLING_GAP = 3
MASK = "[withheld]"


@lru_cache(maxsize=1 << 16)
def phonetic_key(token: str) -> str:
    """A spelling-insensitive key: 'Meera' ~ 'Mira', 'Shanthi' ~ 'Santi', 'Kumaar' ~ 'Kumar'."""
    token = token.lower()
    if not token.isascii():  # an ASCII token has no accents to strip
        token = unicodedata.normalize("NFKD", token)
        token = "".join(ch for ch in token if not unicodedata.combining(ch))
    elif token.isdigit():  # a number: only its repeated digits fold
        return REPEATED.sub(r"\1", token)
    for source, target in TRANSLITERATION:
        token = token.replace(source, target)
    token = REPEATED.sub(r"\1", token)
    stripped = token.rstrip("ah")
    return stripped if len(stripped) >= MIN_PART else token


@lru_cache(maxsize=1 << 16)
def word_key(token: str) -> str:
    """A token's phonetic key, or '' for a stop word ('mr', 'the')."""
    return "" if token.lower() in STOP_TOKENS else phonetic_key(token)


@lru_cache(maxsize=1)
def common_keys() -> frozenset[str]:
    """Phonetic keys of the common words."""
    words = (
        word
        for line in COMMON_WORDS_FILE.read_text(encoding="utf-8").splitlines()
        for word in line.split("#", 1)[0].split()
    )
    return frozenset(phonetic_key(t) for word in words for t in TOKEN.findall(word))


Token = tuple[str, int, int]


def tokenizer(text: str) -> re.Pattern[str]:
    """TOKEN, or its ASCII equivalent for an ASCII text."""
    return ASCII_TOKEN if text.isascii() else TOKEN


# every ASCII character but a letter or digit to a space: splitting there gives the ASCII
# tokens, save the few chunks that mix letters and digits ('KA01MN1234', '3rd')
SEPARATORS_AS_SPACES = str.maketrans({c: " " for c in map(chr, range(128)) if not c.isalnum()})


def words_of(text: str) -> list[str]:
    """The tokens of a text, as `tokenizer(text).findall(text)` gives them; an ASCII text is
    split in one pass and only its chunks of letters and digits mixed go through ASCII_TOKEN."""
    if not text.isascii():
        return TOKEN.findall(text)
    words: list[str] = []
    for chunk in text.translate(SEPARATORS_AS_SPACES).split():
        if chunk.isalpha() or chunk.isdigit():
            words.append(chunk)
        else:
            words += ASCII_TOKEN.findall(chunk)
    return words


def _tokens(text: str) -> list[Token]:
    return [(m.group(0), m.start(), m.end()) for m in tokenizer(text).finditer(text)]


KEY_CACHE_SIZE = 1 << 16
_keys: dict[str, str] = {}


def stream_keys(words: list[str]) -> list[str]:
    """The non-empty `word_key` of each word, through a bounded per-process dictionary (looked
    up in one pass; only the words not seen before are keyed one by one)."""
    if len(_keys) > KEY_CACHE_SIZE:
        _keys.clear()
    keys = list(map(_keys.get, words))
    if None in keys:
        for i, key in enumerate(keys):
            if key is None:
                keys[i] = _keys[words[i]] = word_key(words[i])
    return list(filter(None, keys))


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


@lru_cache(maxsize=1 << 14)
def _value_keys(value: str) -> tuple[str, ...]:
    return tuple(phonetic_key(t) for t, _, _ in _tokens(value) if t.lower() not in STOP_TOKENS)


@lru_cache(maxsize=1 << 14)
def _digits_of(value: str) -> str | None:
    """The digits of a value that is mostly a number (a phone), else None."""
    digits = re.sub(r"\D", "", value)
    if len(digits) >= MIN_DIGITS and len(digits) >= len(value.replace(" ", "")) * 0.6:
        return digits[-10:]
    return None


def _house_and_street(value: str) -> tuple[str, ...] | None:
    """Keys of an address's house number and street ('12, 3rd Cross' -> 12 3 rd cros)."""
    parts = [p.strip() for p in value.split(",") if p.strip()]
    if len(parts) < 2 or not any(ch.isdigit() for ch in parts[0]) or len(parts[0]) > 12:
        return None
    keys = _value_keys(f"{parts[0]} {parts[1]}")
    return keys if len(keys) >= 2 else None


@lru_cache(maxsize=1 << 14)
def _shape(value: str) -> tuple[tuple[tuple[str, ...], ...], str | None, str]:
    """What a text value is matched as: its phrases (the whole, first + last, in any order),
    its house + street stream, and its letters squashed together ('' when too short)."""
    keys = _value_keys(value)
    phrases = {tuple(sorted(keys))}
    if len(keys) >= 3 and not {keys[0], keys[-1]} & common_keys():
        phrases.add(tuple(sorted((keys[0], keys[-1]))))
    address = _house_and_street(value)
    letters = "".join(t for t, _, _ in _tokens(value) if not t.isdigit())
    squashed = phonetic_key(letters) if len(keys) >= 2 and len(letters) >= MIN_SQUASHED else ""
    return tuple(phrases), _stream(list(address)) if address else None, squashed


def _anchor(variant: tuple[str, ...], distinct: list[str]) -> str:
    """The key a phrase is found by: its rarest-looking word (distinctive, else not common)."""
    return max(variant, key=lambda k: (k in distinct, k not in common_keys(), len(k)))


class DenyList:
    """The request's withheld values as one automaton, minus what the officer may see."""

    def __init__(self, values: Iterable[str], allow: Iterable[str] = ()) -> None:
        values = list(values)
        self.variants: dict[str, dict[int, set[tuple[str, ...]]]] = {}
        self.distinct: set[str] = set()
        self.numbers: set[str] = set()
        self.automaton = ahocorasick.Automaton()  # the key-stream patterns
        self.digit_automaton = ahocorasick.Automaton()  # the withheld numbers' digits
        self.size = 0
        if not values:  # the allow-list only narrows withheld values: nothing to narrow
            self.allowed_phrases: set[tuple[str, ...]] = set()
            self.allowed_keys: set[str] = set()
            return
        allow = list(allow)
        self.allowed_phrases = {_value_keys(v) for v in allow}
        self.allowed_keys = {k for phrase in self.allowed_phrases for k in phrase}
        self._visible: str | None = None
        allowed_numbers = {_digits_of(v) for v in allow} - {None}
        common = common_keys()
        blocked = common | self.allowed_keys
        for value in values:
            digits = _digits_of(value)
            if digits is not None:
                if digits not in allowed_numbers:
                    self._add_number(digits)
                continue
            keys = _value_keys(value)
            distinct = [
                k
                for k in keys
                if len(k) >= MIN_PART and k not in blocked and not NUMBERISH.fullmatch(k)
            ]
            public = all(k in common or NUMBERISH.fullmatch(k) for k in keys) or (
                len(keys) == 1 and not distinct
            )
            if keys and not public and not self._visible_phrase(keys):
                self._add_text(value, distinct)
        phrases = {
            v for by_length in self.variants.values() for vs in by_length.values() for v in vs
        }
        self.size = len(phrases) + len(self.numbers)
        for automaton in (self.automaton, self.digit_automaton):
            if len(automaton):
                automaton.make_automaton()

    def _add_number(self, digits: str) -> None:
        self.numbers.add(digits)
        for pattern in (digits, digits[::-1]):
            self.digit_automaton.add_word(pattern, len(pattern))

    def _visible_phrase(self, keys: Iterable[str]) -> bool:
        """Whether these keys, in this order, occur inside a value the officer may see."""
        keys = list(keys)
        if not all(k in self.allowed_keys for k in keys):
            return False
        if self._visible is None:
            self._visible = "|".join(_stream(list(phrase)) for phrase in self.allowed_phrases)
        return _stream(keys) in self._visible

    def _add_text(self, value: str, distinct: list[str]) -> None:
        self.distinct.update(distinct)
        phrases, address, squashed = _shape(value)
        for variant in phrases:
            anchor = _anchor(variant, distinct)
            self.variants.setdefault(anchor, {}).setdefault(len(variant), set()).add(variant)
            self.automaton.add_word(f" {anchor} ", ("part", anchor))
        for key in distinct:
            self.automaton.add_word(f" {key} ", ("part", key))
        if address is not None and not self._visible_phrase(address.split()):
            self.automaton.add_word(address, ("address", (len(address), address.count(" ") - 1)))
        if squashed:
            self.automaton.add_word(squashed, ("squashed", 0))

    def __len__(self) -> int:
        return self.size

    @property
    def withholds(self) -> bool:
        """Whether `findings` can find anything at all."""
        return bool(self.numbers or self.variants)

    def findings(self, text: str, runs: Iterable[Run] = ()) -> Iterator[Finding]:
        """Spans of `text` that spell a withheld value; `runs` are its digit runs."""
        if self.numbers:
            yield from self._number_findings(runs)
        if self.variants:
            yield from self._text_findings(text)

    def _number_findings(self, runs: Iterable[Run]) -> Iterator[Finding]:
        for run in runs:
            digits = run.digits
            if len(digits) < MIN_DIGITS:
                continue
            spans: list[tuple[int, int]] = []
            for end, length in self.digit_automaton.iter(digits):
                spans = spans or run.spans()  # digit positions only for a hit
                yield Finding(spans[end - length + 1][0], spans[end][1], "withheld_value", MASK)

    def _text_findings(self, text: str) -> Iterator[Finding]:
        """Matches on the key stream; token positions are looked up only for a finding."""
        words = words_of(text)
        spelled: list[Token] = []
        # a spelled-out word is three or more one-letter tokens in a row: test for it only then
        if SPELLED_RUN.search(f" {' '.join(words)} ") and SPELLED.search(text):
            spelled = [t for t in _spelled_out(_tokens(text)) if word_key(t[0])]
            words = [t for t, _, _ in spelled]
        keys = stream_keys(words)
        stream = _stream(keys)
        hits = list(self.automaton.iter(stream))
        if not hits:
            return
        tokens = spelled

        def token_at(position: int) -> int:
            """The index of the key at (or after the space at) this stream position."""
            return stream.count(" ", 0, position + 1) - 1

        def span(first: int, last: int) -> Finding:
            nonlocal tokens
            if not tokens:
                tokens = [t for t in _tokens(text) if word_key(t[0])]
            return Finding(tokens[first][1], tokens[last][2], "withheld_value", MASK)

        for end, (kind, payload) in hits:
            if kind == "squashed":
                i = token_at(end)
                yield span(i, i)
            elif kind == "address":
                length, n = payload
                i = token_at(end - length + 1)
                yield span(i, i + n - 1)
            elif kind == "part":
                i = token_at(end - len(payload) - 1)
                if payload in self.distinct:
                    yield span(i, i)
                for n, variants in self.variants.get(payload, {}).items():
                    for first in range(max(0, i - n + 1), min(i, len(keys) - n) + 1):
                        if tuple(sorted(keys[first : first + n])) in variants:
                            yield span(first, first + n - 1)


def _stream(keys: list[str]) -> str:
    """Keys joined so that a pattern ' key ' matches whole tokens only."""
    return " " + " ".join(keys) + " "
