"""A compiled, allocation-light scorer equivalent to the fitted router pipeline.

scikit-learn's per-call input validation costs milliseconds for a single message, and importing
it costs a second at start-up; the fitted model is linear (TF-IDF blocks, a linear SVM,
temperature scaling), so its weights are kept as plain arrays and one message is scored by a
dictionary lookup per n-gram and a small dot product, with numpy only.
`tests/graph/routing` checks that it matches `Pipeline.predict_proba` to 1e-9.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from graph.routing.features import normalise


@dataclass(frozen=True)
class _Block:
    """One TF-IDF vectoriser: its vocabulary, idf weights and column offset in the union."""

    vocabulary: dict[str, int]
    idf: np.ndarray
    offset: int


@dataclass(frozen=True)
class ScorerWeights:
    """Everything the scorer needs, as plain arrays: saved as `.npz`, loaded without sklearn."""

    classes: tuple[str, ...]
    word_vocabulary: tuple[str, ...]
    word_idf: np.ndarray
    word_range: tuple[int, int]
    char_vocabulary: tuple[str, ...]
    char_idf: np.ndarray
    char_range: tuple[int, int]
    token_pattern: str
    weights: np.ndarray
    """(features, classes), temperature folded in."""
    bias: np.ndarray

    @classmethod
    def from_pipeline(cls, pipeline: Any) -> ScorerWeights:
        """The weights of a fitted router pipeline (TF-IDF union, temperature-scaled SVM)."""
        union = pipeline.named_steps["features"]
        word = union.transformer_list[0][1]
        char = union.transformer_list[1][1]
        calibrated = pipeline.named_steps["model"].calibrated_classifiers_
        if len(calibrated) != 1 or calibrated[0].method != "temperature":
            raise ValueError("LinearScorer needs ensemble=False temperature calibration")
        svm = calibrated[0].estimator
        beta = float(calibrated[0].calibrators[0].beta_)
        # Temperature scaling is linear in the logits, so it folds into the weights.
        return cls(
            classes=tuple(str(c) for c in pipeline.classes_),
            word_vocabulary=_ordered(word.vocabulary_),
            word_idf=np.asarray(word.idf_),
            word_range=tuple(word.ngram_range),
            char_vocabulary=_ordered(char.vocabulary_),
            char_idf=np.asarray(char.idf_),
            char_range=tuple(char.ngram_range),
            token_pattern=word.token_pattern,
            weights=np.ascontiguousarray((beta * svm.coef_).T),
            bias=beta * svm.intercept_,
        )

    def save(self, path: Path) -> None:
        """Write the arrays (no pickle) to an `.npz` file."""
        with path.open("wb") as fh:
            np.savez(
                fh,
                classes=np.asarray(self.classes),
                word_vocabulary=np.asarray(self.word_vocabulary),
                word_idf=self.word_idf,
                word_range=np.asarray(self.word_range),
                char_vocabulary=np.asarray(self.char_vocabulary),
                char_idf=self.char_idf,
                char_range=np.asarray(self.char_range),
                token_pattern=np.asarray(self.token_pattern),
                weights=self.weights,
                bias=self.bias,
            )

    @classmethod
    def load(cls, path: Path) -> ScorerWeights:
        """Read an `.npz` written by `save` (pickled objects are refused)."""
        with np.load(path, allow_pickle=False) as data:
            return cls(
                classes=tuple(str(c) for c in data["classes"]),
                word_vocabulary=tuple(str(g) for g in data["word_vocabulary"]),
                word_idf=data["word_idf"],
                word_range=_pair(data["word_range"]),
                char_vocabulary=tuple(str(g) for g in data["char_vocabulary"]),
                char_idf=data["char_idf"],
                char_range=_pair(data["char_range"]),
                token_pattern=str(data["token_pattern"]),
                weights=data["weights"],
                bias=data["bias"],
            )


def _ordered(vocabulary: dict[str, int]) -> tuple[str, ...]:
    """The vocabulary as a tuple indexed by column."""
    ordered = [""] * len(vocabulary)
    for gram, column in vocabulary.items():
        ordered[column] = gram
    return tuple(ordered)


def _pair(values: np.ndarray) -> tuple[int, int]:
    return int(values[0]), int(values[1])


def _word_ngrams(tokens: list[str], low: int, high: int) -> list[str]:
    grams: list[str] = []
    for n in range(low, high + 1):
        grams.extend(" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1))
    return grams


def _char_wb_ngrams(text: str, low: int, high: int) -> list[str]:
    """Same n-grams as scikit-learn's `char_wb` analyser (words padded with one space)."""
    grams: list[str] = []
    for word in text.split():
        padded = f" {word} "
        for n in range(low, high + 1):
            if len(padded) <= n:  # a short word counts once, as in scikit-learn
                grams.append(padded)
                break
            grams.extend(padded[i : i + n] for i in range(len(padded) - n + 1))
    return grams


class LinearScorer:
    """Calibrated class probabilities for one text, from the fitted router's weights."""

    def __init__(self, weights: ScorerWeights) -> None:
        self._preprocess: Callable[[str], str] = normalise
        self._token = re.compile(weights.token_pattern)
        self._word_range = weights.word_range
        self._char_range = weights.char_range
        words = {gram: i for i, gram in enumerate(weights.word_vocabulary)}
        chars = {gram: i for i, gram in enumerate(weights.char_vocabulary)}
        self._word = _Block(words, weights.word_idf, 0)
        self._char = _Block(chars, weights.char_idf, len(words))
        self._weights = weights.weights
        self._bias = weights.bias
        self.classes: tuple[str, ...] = weights.classes

    def probabilities(self, text: str) -> np.ndarray:
        """Softmax over the classes, in `self.classes` order."""
        normalised = self._preprocess(text)
        tokens = self._token.findall(normalised)
        columns: list[int] = []
        values: list[float] = []
        for block, grams in (
            (self._word, _word_ngrams(tokens, *self._word_range)),
            (self._char, _char_wb_ngrams(normalised, *self._char_range)),
        ):
            self._add_block(block, grams, columns, values)
        logits = self._bias + (np.asarray(values) @ self._weights[columns] if columns else 0.0)
        exp = np.exp(logits - logits.max())
        result: np.ndarray = exp / exp.sum()
        return result

    @staticmethod
    def _add_block(
        block: _Block, grams: list[str], columns: list[int], values: list[float]
    ) -> None:
        """Sublinear tf * idf, L2-normalised within the block (as TfidfVectorizer does)."""
        counts = Counter(g for g in grams if g in block.vocabulary)
        if not counts:
            return
        index = [block.vocabulary[g] for g in counts]
        weights = [
            (1.0 + math.log(c)) * float(block.idf[i])
            for i, c in zip(index, counts.values(), strict=True)
        ]
        norm = math.sqrt(sum(w * w for w in weights))
        columns.extend(block.offset + i for i in index)
        values.extend(w / norm for w in weights)
