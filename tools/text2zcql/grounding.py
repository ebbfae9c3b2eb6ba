"""Fuzzy grounding of words no recogniser placed: typo correction with a threshold and a margin.

A word the parser could not use is compared with the parser's vocabulary (stations,
districts, crime heads and groups, statuses, months, festivals, the words of questions).
It is corrected only when the best candidate scores at least `ACCEPT` and beats the next
different candidate by `MARGIN`; a near miss or a tie becomes a clarifying question, never
a guess. Scores are the better of rapidfuzz's Indel ratio and Damerau-Levenshtein
similarity (a transposition such as "chian" counts as one edit).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import DamerauLevenshtein

ACCEPT = 80.0
"""Lowest score at which a word is corrected without asking."""
SUGGEST = 76.0
"""Lowest score at which a candidate is offered in a clarifying question."""
MARGIN = 6.0
"""How far the best candidate must lead the next one to be taken without asking."""
MIN_LENGTH = 4
"""Shorter words are not corrected fuzzily (too many near neighbours); see ABBREVIATIONS."""

ABBREVIATIONS: dict[str, str] = {
    "mny": "many",
    "hw": "how",
    "hwo": "how",
    "yr": "year",
    "yrs": "years",
    "wat": "what",
    "wht": "what",
    "frm": "from",
    "mnth": "month",
    "mnths": "months",
    "thft": "theft",
    "stn": "station",
    "pls": "please",
    "nite": "night",
    "tdy": "today",
    "yday": "yesterday",
    "ystrday": "yesterday",
    "plz": "please",
    "nd": "and",
    "al": "all",
    "ppl": "people",
    "abt": "about",
    "b/w": "between",
    "wk": "week",
    "wks": "weeks",
    "mth": "month",
    "mths": "months",
    "prev": "previous",
    "ths": "this",
    "undr": "under",
    "reg no": "registration number",
    "reg nos": "registration numbers",
    "regn no": "registration number",
    "dist": "district",
    "distt": "district",
    "dist.": "district",
    "nos": "numbers",
    "list out": "list",
    "find out": "find",
    "check out": "check",
    "pull out": "pull",
}
"""Short forms officers type, expanded before parsing."""
_ABBREVIATION = re.compile(
    r"(?<![\w'/-])("
    + "|".join(sorted(map(re.escape, ABBREVIATIONS), key=len, reverse=True))
    + r")(?![\w'/-])"
)


def expand_abbreviations(text: str) -> str:
    """Normalised text with the short forms of `ABBREVIATIONS` spelt out."""
    return _ABBREVIATION.sub(lambda m: ABBREVIATIONS[m[1]], text)


@dataclass(frozen=True)
class Grounding:
    """What a word was matched to: `word` when corrected, else the candidates to ask about."""

    typed: str
    word: str | None
    score: float
    candidates: tuple[str, ...] = ()


def _score(a: str, b: str) -> float:
    score = max(fuzz.ratio(a, b), 100.0 * DamerauLevenshtein.normalized_similarity(a, b))
    if _one_swap(a, b):
        score = max(score, 100.0 * (1 - 0.5 / len(a)))
    return score


def _one_swap(a: str, b: str) -> bool:
    """Two neighbouring letters typed in the wrong order ("yaer"), the commonest slip: half an
    edit, so that a four-letter word with one swap still scores above `ACCEPT`."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


def ground_word(word: str, vocabulary: tuple[str, ...]) -> Grounding:
    """The vocabulary word a typed word stands for, or the near candidates (maybe none)."""
    if len(word) < MIN_LENGTH:
        return Grounding(word, None, 0.0)
    if (vowel := _one_vowel_off(word, vocabulary)) is not None:
        return Grounding(word, vowel, ACCEPT)
    shortlist = process.extract(word, vocabulary, scorer=fuzz.ratio, limit=12, score_cutoff=50)
    scored = [(c, _score(word, c)) for c, _, _ in shortlist]
    found = sorted((cs for cs in scored if cs[1] >= SUGGEST), key=lambda cs: -cs[1])[:4]
    ranked = _distinct(word, found)
    if not ranked:
        return Grounding(word, None, 0.0)
    best, score = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
    if score >= ACCEPT and (score - runner_up >= MARGIN or _only_swap(word, ranked)):
        return Grounding(word, best, score)
    close = tuple(c for c, s in ranked if score - s < MARGIN) or (best,)
    return Grounding(word, None, score, close)


_VOWELS = re.compile(r"[aeiou]")


@lru_cache(maxsize=4)
def _by_consonants(vocabulary: tuple[str, ...]) -> dict[tuple[str, int], tuple[str, ...]]:
    index: dict[tuple[str, int], list[str]] = {}
    for w in vocabulary:
        index.setdefault((_VOWELS.sub("", w), len(w)), []).append(w)
    return {k: tuple(v) for k, v in index.items()}


def _one_vowel_off(word: str, vocabulary: tuple[str, ...]) -> str | None:
    """The one vocabulary word that differs from `word` only in one vowel ("yeer" is
    "year"): a short word's vowel slip scores too low for the ratio but leaves its consonants;
    two such words ("mile", "male") leave it to the ratio and its clarifying question."""
    if word in vocabulary or not _VOWELS.search(word):
        return None
    same = _by_consonants(vocabulary).get((_VOWELS.sub("", word), len(word)), ())
    near = [w for w in same if sum(a != b for a, b in zip(w, word, strict=True)) == 1]
    return near[0] if len(near) == 1 else None


def _only_swap(word: str, ranked: list[tuple[str, float]]) -> bool:
    """The best candidate is one swap of neighbouring letters away and no other is: half an
    edit against at least one whole ("mnay" is "many", not "may")."""
    swaps = [c for c, _ in ranked if _one_swap(word, c)]
    return swaps == [ranked[0][0]]


def _distinct(word: str, ranked: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """Candidates best first, a plural folded into its singular ("thefts" -> "theft") and a
    station's name written with "ps" run on into the name ("lashkarps" -> "lashkar")."""
    out: dict[str, float] = {}
    for candidate, score in sorted(ranked, key=lambda cs: (-cs[1], cs[0])):
        key = re.sub(r"(?:es|s)$", "", candidate) if len(candidate) > MIN_LENGTH else candidate
        same = (candidate, f"{candidate}ps", candidate.removesuffix("ps"))
        if key not in out and not any(s in out for s in same):
            out[candidate] = score
    merged: list[tuple[str, float]] = []
    for candidate, score in out.items():
        if any(_same_stem(candidate, c) for c, _ in merged):
            continue
        merged.append((candidate, score))
    return merged


def _same_stem(a: str, b: str) -> bool:
    return a.rstrip("s") == b.rstrip("s") or a.removesuffix("es") == b.removesuffix("es")
