"""Digit streams of a text, however the digits are written, as slices the recognisers check.

A number is a run of elements joined by short separators. An element is a digit group
(`98450`), a number word in English, Hindi or Kannada, romanised or native script
(`nine`, `do`, `teen`, `दो`, `ಎರಡು`, `eradu`), or a group of look-alike letters next to
digits (`O` for 0, `I`/`l` for 1, ...). A separator is any run of up to four
non-alphanumerics (`,`, `_`, ` | `, a line break) or one interleaved letter (`2a3a4a`).
Every contiguous slice of a run's groups (at most 19 digits) is offered to the
recognisers with its digits, its group sizes and whether it was written the ordinary way
(groups joined by one or two of space, hyphen, dot, slash or brackets, digits only), so a
recogniser can demand a plausible grouping of the unusual writings: a list of counts
`92, 45, 33, 10, 18` is not a phone number, `9,8,4,5,0,1,2,3,4,5` is.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate
from typing import NamedTuple

import ahocorasick

MAX_RUN_DIGITS = 19
MIN_SLICE_DIGITS = 10  # the shortest identifier read from digits (a mobile number)
MAX_GAP = 4
ATOM = re.compile(r"[0-9]+|[A-Za-z]+|[\u0900-\u097f\u0c80-\u0cff]+")
ORDINARY_GAP = re.compile(r"[ \-.()/]{1,2}")
LOOKALIKES = {
    "o": "0",
    "O": "0",
    "Q": "0",
    "D": "0",
    "I": "1",
    "l": "1",
    "i": "1",
    "L": "1",
    "Z": "2",
    "z": "2",
    "S": "5",
    "s": "5",
    "G": "6",
    "b": "6",
    "T": "7",
    "B": "8",
    "g": "9",
    "q": "9",
}
_WORDS = {
    "0": "zero oh nil shunya shoonya shunye sunya sonne sonnay sunna सून्य शून्य ಸೊನ್ನೆ",
    "1": "one ek ekk ondu एक ಒಂದು",
    "2": "two do dho eradu yeradu दो ಎರಡು",
    "3": "three teen tin theen mooru muru मूरु तीन ಮೂರು",
    "4": "four char chaar chaar naalku nalku naaku चार ನಾಲ್ಕು",
    "5": "five paanch panch paanc panj aidu aydu अइदु पांच पाँच पान्च ಐದು",
    "6": "six chhah chah chhe che chhay cheh chhai aaru aru छह छः छे ಆರು",
    "7": "seven saat sat elu yelu eelu सात ಏಳು",
    "8": "eight aath aat ath entu yentu एंटु आठ ಎಂಟು",
    "9": "nine nau nao nav ombattu ombhattu onbattu नौ ಒಂಬತ್ತು",
}


def _fold(word: str) -> str:
    return unicodedata.normalize("NFKC", word).replace("\u200c", "").replace("\u200d", "").lower()


GLUED_LOOKALIKE = re.compile(f"[0-9][{''.join(LOOKALIKES)}]|[{''.join(LOOKALIKES)}][0-9]")
NUMBER_WORDS: dict[str, str] = {
    _fold(word): digit for digit, words in _WORDS.items() for word in words.split()
}
REPEATS = {"double": 2, "triple": 3}


# how many digits a word adds to a zone: a number word one, 'double' one more than its digit
WORD_WEIGHTS = {word: 1 for word in NUMBER_WORDS} | {w: t - 1 for w, t in REPEATS.items()}
NUMBER_WORD_SET = frozenset(WORD_WEIGHTS)
# every ASCII character but a letter to a space: an ASCII text split there gives its words
LETTERS_ONLY = str.maketrans({c: " " for c in map(chr, range(128)) if not c.isalpha()})


def _word_automaton() -> ahocorasick.Automaton:
    automaton = ahocorasick.Automaton()
    for word, weight in WORD_WEIGHTS.items():
        automaton.add_word(word, (len(word), weight))
    automaton.make_automaton()
    return automaton


WORD_AUTOMATON = _word_automaton()
_LA = f"[{''.join(LOOKALIKES)}]"
# digits joined by short separators, one filler letter ('2a3a') or glued look-alikes ('9845O1');
# written '[0-9][0-9]*', not '[0-9]+', so the regex engine skips to the next digit in one fast
# scan instead of trying the pattern at every position of the text
DIGIT_ZONE = re.compile(
    r"[0-9][0-9]*(?:(?:[^A-Za-z0-9]{1,4}|[^A-Za-z0-9]{0,2}[A-Za-z][^A-Za-z0-9]{0,2}"
    rf"|{_LA}{{2,4}}[^A-Za-z0-9]{{0,2}}|[^A-Za-z0-9]{{1,2}}{_LA}{{2,4}})[0-9]+)*"
)
ZONE_GAP = 12  # separators and a word such as 'double' between two numerals
MIN_ZONE_DIGITS = 7
NOT_DIGIT = re.compile(r"[^0-9]+")
DIGITS = re.compile(r"[0-9]+")
DIGIT_SPLIT = re.compile(r"([0-9]+)")  # a split that keeps the digit groups between the gaps
NO_LETTER = re.compile(r"[^A-Za-z\u0900-\u097f\u0c80-\u0cff]*")


class NumberSlice(NamedTuple):
    """Contiguous digit groups of one run: where they sit, their digits and group sizes.

    `ordinary` is true when the slice is plain digits joined the usual way; `uniform`
    when every joiner inside it is the same text; `positions` holds each digit's span.
    """

    start: int
    end: int
    digits: str
    sizes: tuple[int, ...]
    plus: bool
    ordinary: bool = True
    uniform: bool = True


@dataclass(slots=True)
class _Group:
    digits: str
    pieces: list[tuple[int, int, str]]  # the atoms: where they sit and the digits they stand for
    plain: bool  # ASCII digits only

    @property
    def start(self) -> int:
        return self.pieces[0][0]

    @property
    def end(self) -> int:
        return self.pieces[-1][1]


@dataclass(slots=True)
class Run:
    """One run of a digit stream: each group's digits, where it starts and ends and whether it
    is plain, the joiner before each group after the first, and a '+' before the run.

    `pieces` holds each group's atoms (digit groups and words, where they sit and the digits
    they stand for); None when every group is one plain digit atom (then `spans` needs none).
    """

    group_digits: list[str]
    starts: list[int]
    ends: list[int]
    plain: list[bool]
    joiners: list[str]
    plus: bool
    pieces: list[list[tuple[int, int, str]]] | None = None

    @classmethod
    def of(cls, groups: list[_Group], joiners: list[str], plus: bool) -> Run:
        return cls(
            [g.digits for g in groups],
            [g.start for g in groups],
            [g.end for g in groups],
            [g.plain for g in groups],
            joiners,
            plus,
            [g.pieces for g in groups],
        )

    @property
    def digits(self) -> str:
        return "".join(self.group_digits)

    @property
    def groups(self) -> list[_Group]:
        pieces = self.pieces or [
            [piece] for piece in zip(self.starts, self.ends, self.group_digits, strict=True)
        ]
        return [
            _Group(digits, atoms, plain)
            for digits, atoms, plain in zip(self.group_digits, pieces, self.plain, strict=True)
        ]

    def spans(self) -> list[tuple[int, int]]:
        """The span of every digit, in order."""
        return [span for g in self.groups for piece in g.pieces for span in _spans(*piece)]


def _element(atom: str) -> str | None:
    """The digits a digit group or number word stands for, or None."""
    if atom.isdigit():
        return atom
    return NUMBER_WORDS.get(atom.lower() if atom.isascii() else _fold(atom))


def _lookalike(atoms: list[re.Match[str]], k: int) -> str | None:
    """Look-alike letters glued to a digit group ('9845O12345', 'OI23'), read as digits."""
    atom = atoms[k].group(0)
    if len(atom) > 4 or not all(ch in LOOKALIKES for ch in atom):
        return None
    before = k > 0 and atoms[k - 1].end() == atoms[k].start() and atoms[k - 1].group(0).isdigit()
    after = (
        k + 1 < len(atoms)
        and atoms[k + 1].start() == atoms[k].end()
        and atoms[k + 1].group(0).isdigit()
    )
    glued = before or after
    return "".join(LOOKALIKES[ch] for ch in atom) if glued else None


def _runs(text: str, lookalikes: bool, start: int, end: int) -> Iterator[Run]:
    """Maximal runs of elements in text[start:end]; without `lookalikes` those are fillers."""
    atoms = list(ATOM.finditer(text, start, end))
    groups: list[_Group] = []
    joiners: list[str] = []
    pending = ""  # the joiner since the last group: gaps, filler letters, 'double'
    last_end = -1
    repeat = 1
    plus = False
    for k, match in enumerate(atoms):
        atom, start = match.group(0), match.start()
        gap = text[last_end:start] if last_end >= 0 else ""
        last_end = match.end()
        if groups and (len(gap) > MAX_GAP or "\n\n" in gap):
            yield Run.of(groups, joiners, plus)
            groups, joiners, pending, repeat = [], [], "", 1
        digits = _element(atom)
        if digits is None and lookalikes:
            digits = _lookalike(atoms, k)
        if digits is None:
            if atom.lower() in REPEATS:
                repeat = REPEATS[atom.lower()]
                pending += gap + atom
            elif groups and len(atom) == 1 and atom.isascii() and len(pending + gap) <= 2:
                pending += gap + atom  # an interleaved filler letter
            else:
                if groups:
                    yield Run.of(groups, joiners, plus)
                groups, joiners, pending, repeat = [], [], "", 1
            continue
        if len(digits) == 1:
            digits *= repeat
        repeat = 1
        joiner = pending + gap
        pending = ""
        piece = (start, last_end, digits)
        if groups and joiner == "":
            groups[-1].digits += digits  # glued to the previous group
            groups[-1].pieces.append(piece)
            groups[-1].plain = groups[-1].plain and atom.isdigit()
            continue
        if groups:
            joiners.append(joiner)
        else:
            plus = text[start - 1 : start] == "+" if start else False
        groups.append(_Group(digits, [piece], atom.isdigit()))
    if groups:
        yield Run.of(groups, joiners, plus)


def _spans(start: int, end: int, digits: str) -> list[tuple[int, int]]:
    """One span per digit: each digit of a digit atom, the whole atom for a word."""
    if end - start == len(digits):
        return [(start + k, start + k + 1) for k in range(len(digits))]
    return [(start, end)] * len(digits)


def _word_hits(text: str) -> Iterator[tuple[int, int, int, bool]]:
    """Number words standing as whole words (found by the static automaton)."""
    lower = text.lower()
    if lower.isascii():
        yield from _ascii_word_hits(lower)
        return
    for end, (length, weight) in WORD_AUTOMATON.iter(lower):
        start = end - length + 1
        if (start == 0 or not lower[start - 1].isalpha()) and (
            end + 1 == len(lower) or not lower[end + 1].isalpha()
        ):
            yield start, end + 1, weight, True


def _ascii_word_hits(lower: str) -> Iterator[tuple[int, int, int, bool]]:
    """`_word_hits` of a lower-case ASCII text: its whole words are its runs of letters, so
    one split tells which number words stand in it (most texts: none), found then by `find`."""
    for word in NUMBER_WORD_SET.intersection(lower.translate(LETTERS_ONLY).split()):
        start = lower.find(word)
        while start >= 0:
            end = start + len(word)
            if (start == 0 or not lower[start - 1].isalpha()) and (
                end == len(lower) or not lower[end].isalpha()
            ):
                yield start, end, WORD_WEIGHTS[word], True
            start = lower.find(word, start + 1)


def _zones(text: str) -> Iterator[tuple[int, int]]:
    """Stretches that may hold a number of 7+ digits: digit zones and number words, merged."""
    words = list(_word_hits(text))
    if not words:  # then no two pieces merge: the zones are the digit zones of 7+ digits
        for m in DIGIT_ZONE.finditer(text):
            zone = m.group(0)
            if len(zone) >= MIN_ZONE_DIGITS and _digit_count(zone) >= MIN_ZONE_DIGITS:
                yield _widen(text, m.start(), m.end())
        return
    pieces = [
        (m.start(), m.end(), _digit_count(m.group(0)), False) for m in DIGIT_ZONE.finditer(text)
    ]
    pieces = sorted(pieces + words)
    start = end = weight = -1
    was_word = False
    for piece_start, piece_end, piece_weight, word in pieces:
        if start >= 0 and (word or was_word) and piece_start - end <= ZONE_GAP:
            end, weight, was_word = max(end, piece_end), weight + piece_weight, word
            continue
        if weight >= MIN_ZONE_DIGITS:
            yield _widen(text, start, end)
        start, end, weight, was_word = piece_start, piece_end, piece_weight, word
    if weight >= MIN_ZONE_DIGITS:
        yield _widen(text, start, end)


def _digit_count(zone: str) -> int:
    return len(zone) if zone.isdigit() else len(NOT_DIGIT.sub("", zone))


def _widen(text: str, start: int, end: int) -> tuple[int, int]:
    """The zone grown to whole words (glued look-alike letters, a '+' prefix)."""
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "+"):
        start -= 1
    while end < len(text) and text[end].isalnum():
        end += 1
    return start, end


def _plain_runs(text: str, start: int, end: int) -> Iterator[Run]:
    """The runs of a zone of digits and separators only (the common case, kept cheap): one
    split of the zone when no gap in it ends a run, else digit group by digit group."""
    zone = text[start:end]
    parts = DIGIT_SPLIT.split(zone)  # gap, digits, gap, ..., digits, gap
    joiners = parts[2:-1:2]
    if "\n\n" in zone or max(map(len, joiners), default=0) > MAX_GAP:
        yield from _split_plain_runs(text, start, end)
        return
    offsets = list(accumulate(map(len, parts), initial=start))
    starts = offsets[1:-1:2]
    first = starts[0]
    yield Run(
        parts[1::2],
        starts,
        offsets[2::2],
        [True] * len(starts),
        joiners,
        text[first - 1 : first] == "+",
    )


def _split_plain_runs(text: str, start: int, end: int) -> Iterator[Run]:
    """`_plain_runs` of a zone with a long gap or a blank line in it."""
    groups: list[_Group] = []
    joiners: list[str] = []
    last_end = -1
    for match in DIGITS.finditer(text, start, end):
        gap = text[last_end : match.start()]
        if groups and (len(gap) > MAX_GAP or "\n\n" in gap):
            yield Run.of(groups, joiners, text[groups[0].start - 1 : groups[0].start] == "+")
            groups, joiners = [], []
        elif groups:
            joiners.append(gap)
        digits = match.group(0)
        groups.append(_Group(digits, [(match.start(), match.end(), digits)], True))
        last_end = match.end()
    if groups:
        yield Run.of(groups, joiners, text[groups[0].start - 1 : groups[0].start] == "+")


def runs(text: str) -> list[Run]:
    """Digit runs of a canonical text: look-alike letters read as digits, and as fillers."""
    found: list[Run] = []
    for start, end in _zones(text):
        if NO_LETTER.fullmatch(text, start, end):
            found += _plain_runs(text, start, end)
            continue
        found += _runs(text, True, start, end)
        if GLUED_LOOKALIKE.search(text, start, end):
            found += _runs(text, False, start, end)
    return found


def number_slices(text: str, shortest: int = MIN_SLICE_DIGITS) -> Iterator[NumberSlice]:
    """Every contiguous slice of groups of every run, `shortest` to 19 digits long."""
    for run in runs(text):
        yield from run_slices(run, shortest)


def run_slices(run: Run, shortest: int = MIN_SLICE_DIGITS) -> Iterator[NumberSlice]:
    """The slices of one run that are long enough to be an identifier."""
    digits_of, joiners = run.group_digits, run.joiners
    # digits from each group to the end of the run: a slice starting at i has at most left[i]
    left = list(accumulate(map(len, reversed(digits_of))))[::-1]
    if left[0] < shortest:
        return  # no identifier fits in this stretch
    ordinary_joiner = [ORDINARY_GAP.fullmatch(j) is not None for j in joiners]
    starts, ends, plain = run.starts, run.ends, run.plain
    for i in range(len(digits_of)):
        if left[i] < shortest:
            return  # nor in what is left of it
        digits = ""
        ordinary = uniform = True
        sizes: tuple[int, ...] = ()
        for j in range(i, len(digits_of)):
            group = digits_of[j]
            digits += group
            if len(digits) > MAX_RUN_DIGITS:
                break
            sizes += (len(group),)
            if j > i:
                ordinary = ordinary and ordinary_joiner[j - 1]
                uniform = uniform and joiners[j - 1] == joiners[i]
            ordinary = ordinary and plain[j]
            if len(digits) >= shortest:
                yield NumberSlice(
                    starts[i],
                    ends[j],
                    digits,
                    sizes,
                    run.plus and i == 0,
                    ordinary,
                    uniform,
                )
