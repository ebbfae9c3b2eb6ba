"""BM25-style sparse vectors with no model download.

Documents carry BM25 term-frequency saturation with length normalisation against a fixed
length constant (not the corpus average, which would count documents a reader may not see);
queries carry each term's IDF over the documents the asking officer may read
(`termstats.py`), so the dot product is the BM25 score over that officer's readable corpus.
Text first goes through the shared domain vocabulary
(typos, synonyms, Hinglish, IPC <-> BNS counterparts) on both sides.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from tools.domain.synonyms import expand_synonyms
from tools.knowledge.stopwords import ENGLISH_STOP_WORDS

#: Words in the English stop list that carry meaning in police procedure.
_KEEP = frozenset({"without", "first", "fifteen", "twelve", "no", "not", "found", "fire"})
#: Hinglish function words officers type ("kya", "hai", ...).
_HINGLISH = frozenset(
    [
        "kya",
        "hai",
        "hain",
        "ka",
        "ki",
        "ke",
        "ko",
        "se",
        "mein",
        "me",
        "par",
        "aur",
        "ya",
        "kaise",
        "kab",
        "kahan",
        "karna",
        "karne",
        "kare",
        "karein",
        "hota",
        "hoti",
        "sakte",
        "sakta",
        "sakti",
        "chahiye",
        "diya",
        "gaya",
        "raha",
        "rahe",
    ]
)
STOP_WORDS = (ENGLISH_STOP_WORDS - _KEEP) | _HINGLISH

#: Acts whose name before a section number yields a joined token such as `bns:303(2)`.
ACTS = frozenset({"ipc", "bns", "bnss", "crpc", "bsa", "pocso", "it", "ndps", "jj", "iea"})

_FILLER = frozenset({"u", "s", "sec", "section", "sections", "act", "of", "under"})
_TOKEN = re.compile(r"\d{1,4}[a-z]{0,2}(?:\(\s?[0-9a-z]{1,3}\s?\))*|[a-z]+(?:['-][a-z]+)*")
_SECTION = re.compile(r"\d")
_SUFFIXES = ("ingly", "ing", "edly", "ed", "ly")


#: Stems that would clash with a domain abbreviation: "fired" / "firing" are not "FIR".
_UNCLASHED = {"fir": "fire"}


def stem(word: str) -> str:
    """A small Porter-like suffix stripper: plurals, -ing, -ed, -ly, final -e."""
    if len(word) <= 3 or _SECTION.match(word):
        return word
    original = word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in _SUFFIXES:
        base = word[: -len(suffix)]
        if word.endswith(suffix) and len(base) >= 3 and re.search("[aeiouy]", base):
            word = base
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "flsz":
                word = word[:-1]
            break
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return _UNCLASHED.get(word, word) if word != original.rstrip("s") else word


def _raw_tokens(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text).lower()
    return [t.replace(" ", "") for t in _TOKEN.findall(text)]


def _act_before(raw: list[str], i: int) -> str | None:
    """The act named just before position `i`, skipping `u/s`, `section`, `act`."""
    for j in range(i - 1, max(i - 4, -1), -1):
        if raw[j] in ACTS:
            return raw[j]
        if raw[j] not in _FILLER:
            return None
    return None


def tokenize(text: str) -> list[str]:
    """Search terms of already-normalised text, in order, with repeats.

    Section numbers stay whole (`303(2)`, `35(3)`, `498a`) and also yield their base
    (`303`); an act name before one also yields `act:section`; hyphenated words yield
    the joined word and their parts.
    """
    out: list[str] = []
    raw = _raw_tokens(text)
    for i, tok in enumerate(raw):
        if _SECTION.match(tok):
            out.append(tok)
            base = tok.split("(")[0]
            if base != tok:
                out.append(base)
            act = _act_before(raw, i)
            if act:
                out.append(f"{act}:{tok}")
            continue
        parts = re.split(r"['-]", tok)
        if len(parts) > 1:
            out.append(stem("".join(parts)))
        out.extend(stem(p) for p in parts if p not in STOP_WORDS and len(p) > 1)
    return [t for t in out if t not in STOP_WORDS]


def analyse(text: str) -> list[str]:
    """Domain normalisation (typos, synonyms, IPC <-> BNS) then `tokenize`."""
    return list(_analysed(text))


@lru_cache(maxsize=16384)
def _analysed(text: str) -> tuple[str, ...]:
    """`analyse`, memoised: answers re-analyse the same passages on every request."""
    return tuple(tokenize(expand_synonyms(text)))


@lru_cache(maxsize=65536)
def _analyse_line(line: str) -> tuple[str, ...]:
    return tuple(analyse(line))


def analyse_passage(text: str) -> list[str]:
    """`analyse` line by line (cached): a document's lines recur across its re-ingests."""
    return [t for line in text.splitlines() if line.strip() for t in _analyse_line(line)]


@lru_cache(maxsize=1 << 17)
def token_id(token: str) -> int:
    """Stable 31-bit id of a term (blake2b), the same in every process and version."""
    digest = hashlib.blake2b(token.encode("utf-8"), digest_size=4).digest()
    return int.from_bytes(digest, "big") & 0x7FFFFFFF


@dataclass(frozen=True)
class SparseVec:
    """Indices sorted ascending, values aligned with them."""

    indices: tuple[int, ...]
    values: tuple[float, ...]


def _vector(weights: dict[int, float]) -> SparseVec:
    items = sorted(weights.items())
    return SparseVec(tuple(i for i, _ in items), tuple(v for _, v in items))


@dataclass(frozen=True)
class Bm25Params:
    """BM25 constants; `avgdl` is a fixed constant near the shipped knowledge base's average
    chunk length (75 terms), never measured from an index's contents."""

    k1: float = 1.2
    b: float = 0.75
    avgdl: float = 75.0


def document_vector(tokens: list[str], params: Bm25Params) -> SparseVec:
    """BM25 saturated, length-normalised term weights (the IDF is in the query vector)."""
    counts = Counter(tokens)
    norm = params.k1 * (1 - params.b + params.b * len(tokens) / max(params.avgdl, 1.0))
    weights: dict[int, float] = {}
    for term, tf in counts.items():
        key = token_id(term)
        weights[key] = weights.get(key, 0.0) + tf * (params.k1 + 1) / (tf + norm)
    return _vector(weights)


def query_vector(tokens: list[str], idf: Callable[[int], float]) -> SparseVec:
    """Each distinct query term weighted by its IDF (`idf` of the term id)."""
    return _vector({key: idf(key) for key in {token_id(t) for t in tokens}})
