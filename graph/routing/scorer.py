"""A compiled, allocation-light scorer equivalent to the fitted router pipeline.

scikit-learn's per-call input validation costs milliseconds for a single message; the fitted
model is linear (TF-IDF blocks, a linear SVM, temperature scaling), so one message is scored
by a dictionary lookup per n-gram and a small dot product. `tests/graph/routing` checks that
it matches `Pipeline.predict_proba` to 1e-9.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.pipeline import Pipeline


@dataclass(frozen=True)
class _Block:
    """One TF-IDF vectoriser: its vocabulary, idf weights and column offset in the union."""

    vocabulary: dict[str, int]
    idf: np.ndarray
    offset: int


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
    """Calibrated class probabilities for one text, from a fitted router pipeline."""

    def __init__(self, pipeline: Pipeline) -> None:
        union = pipeline.named_steps["features"]
        word: TfidfVectorizer = union.transformer_list[0][1]
        char: TfidfVectorizer = union.transformer_list[1][1]
        calibrated = pipeline.named_steps["model"].calibrated_classifiers_
        if len(calibrated) != 1 or calibrated[0].method != "temperature":
            raise ValueError("LinearScorer needs ensemble=False temperature calibration")
        svm = calibrated[0].estimator
        beta = float(calibrated[0].calibrators[0].beta_)
        self._preprocess: Callable[[str], str] = word.preprocessor
        self._token = re.compile(word.token_pattern)
        self._word_range: tuple[int, int] = word.ngram_range
        self._char_range: tuple[int, int] = char.ngram_range
        self._word = _Block(word.vocabulary_, word.idf_, 0)
        self._char = _Block(char.vocabulary_, char.idf_, len(word.vocabulary_))
        # Temperature scaling is linear in the logits, so it folds into the weights.
        self._weights = np.ascontiguousarray((beta * svm.coef_).T)
        self._bias = beta * svm.intercept_
        # The inner estimator was fitted on label-encoded routes; names come from the pipeline.
        self.classes: tuple[str, ...] = tuple(str(c) for c in pipeline.classes_)

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
