"""The trained router classifier: calibrated per-route probabilities from TF-IDF features.

No model file is committed. The model is trained deterministically from `data/router/train.jsonl`
(about a second on one core, with scikit-learn) and its weights cached as plain arrays in
`<cache_dir>/router-model-<version>.npz` (no pickle), where the version hashes the training data,
this module, `features.py` and `scorer.py`, `CODE_VERSION` and the scikit-learn version. A
process that finds the cache scores with numpy alone and never imports scikit-learn.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from dataclasses import dataclass
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Any, ClassVar

import structlog

from graph.routing.features import build_features
from graph.routing.scorer import LinearScorer, ScorerWeights

CODE_VERSION = "clf-2"
DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "router"
DEFAULT_TRAIN_PATH = DATA_DIR / "train.jsonl"
RANDOM_STATE = 13
log = structlog.get_logger(__name__)
# Editing the features or the pipeline changes the version, so no stale cache is reused.
_MODEL_SOURCES = (
    Path(__file__),
    Path(__file__).with_name("features.py"),
    Path(__file__).with_name("scorer.py"),
)


@dataclass(frozen=True)
class RouteScores:
    """One classifier verdict: the top route, its calibrated probability, and all routes' scores."""

    route: str
    confidence: float
    probabilities: dict[str, float]
    version: str


@dataclass(frozen=True)
class RouterModelInfo:
    """What `train_router` produced."""

    version: str
    path: Path
    n_examples: int
    routes: tuple[str, ...]
    train_seconds: float


def load_examples(path: Path) -> tuple[list[str], list[str]]:
    """Texts and routes of a `{"text", "route"}` JSONL file."""
    texts: list[str] = []
    routes: list[str] = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                texts.append(row["text"])
                routes.append(row["route"])
    return texts, routes


def model_version(train_path: Path = DEFAULT_TRAIN_PATH) -> str:
    """Short hash of the training data, the model code and the scikit-learn version."""
    digest = hashlib.sha256()
    digest.update(train_path.read_bytes())
    for module in _MODEL_SOURCES:
        digest.update(module.read_bytes())
    digest.update(f"|{CODE_VERSION}|{package_version('scikit-learn')}".encode())
    return f"{CODE_VERSION}-{digest.hexdigest()[:10]}"


def build_pipeline() -> Any:
    """Features plus a linear SVM calibrated by 5-fold temperature scaling.

    Temperature scaling (one softmax temperature fitted on out-of-fold decision values) was
    chosen over sigmoid/isotonic: their one-vs-rest renormalisation left the 7-route model
    clearly under-confident (see docs/router.md).
    """
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.pipeline import Pipeline
    from sklearn.svm import LinearSVC

    base = LinearSVC(C=1.0, random_state=RANDOM_STATE)
    calibrated = CalibratedClassifierCV(base, method="temperature", cv=5, ensemble=False)
    return Pipeline([("features", build_features()), ("model", calibrated)])


def fit_router(train_path: Path) -> Any:
    """The fitted pipeline for a training file (deterministic)."""
    texts, routes = load_examples(train_path)
    return build_pipeline().fit(texts, routes)


def train_router(train_path: Path, out_path: Path) -> RouterModelInfo:
    """Train on `train_path` and write the fitted pipeline to `out_path` atomically."""
    started = time.perf_counter()
    weights = ScorerWeights.from_pipeline(fit_router(train_path))
    version = model_version(train_path)
    _write_artefact(out_path, weights)
    return RouterModelInfo(
        version=version,
        path=out_path,
        n_examples=len(load_examples(train_path)[0]),
        routes=weights.classes,
        train_seconds=time.perf_counter() - started,
    )


def default_cache_dir() -> Path:
    """`CRIMEASSIST_HOME` (default `./var`), where the embedded defaults live."""
    return Path(os.environ.get("CRIMEASSIST_HOME", "var"))


class RouterClassifier:
    """Calibrated route probabilities for one message; load once per process with `load()`."""

    _loaded: ClassVar[dict[tuple[Path, str], RouterClassifier]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, weights: ScorerWeights, version: str) -> None:
        self._scorer = LinearScorer(weights)
        self.routes: tuple[str, ...] = self._scorer.classes
        self.version = version

    @classmethod
    def load(
        cls, cache_dir: Path | None = None, train_path: Path = DEFAULT_TRAIN_PATH
    ) -> RouterClassifier:
        """The cached model for the current training data, training it first if needed."""
        directory = (cache_dir or default_cache_dir()).resolve()
        version = model_version(train_path)
        key = (directory, version)
        with cls._lock:
            if key not in cls._loaded:
                cls._loaded[key] = cls._load_or_train(
                    directory / f"router-model-{version}.npz", train_path, version
                )
            return cls._loaded[key]

    @classmethod
    def _load_or_train(cls, path: Path, train_path: Path, version: str) -> RouterClassifier:
        weights = _read_artefact(path)
        if weights is None:
            weights = ScorerWeights.from_pipeline(fit_router(train_path))
            try:
                _write_artefact(path, weights)
            except OSError as exc:  # an unwritable cache costs a retrain next time, nothing else
                log.warning("router.cache_not_written", path=str(path), error=str(exc))
        return cls(weights, version)

    def predict(self, text: str) -> RouteScores:
        """Scores for one message (well under a millisecond)."""
        return self.predict_many([text])[0]

    def predict_many(self, texts: list[str]) -> list[RouteScores]:
        """Scores for several messages."""
        results: list[RouteScores] = []
        for text in texts:
            row = self._scorer.probabilities(text)
            probabilities = {route: float(p) for route, p in zip(self.routes, row, strict=True)}
            top = max(probabilities, key=probabilities.__getitem__)
            results.append(RouteScores(top, probabilities[top], probabilities, self.version))
        return results


def _write_artefact(path: Path, weights: ScorerWeights) -> None:
    """Write the weights atomically (the version is in the file name)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    weights.save(tmp)
    os.replace(tmp, path)


def _read_artefact(path: Path) -> ScorerWeights | None:
    """The cached weights if the file exists and reads as arrays; anything else is retrained."""
    if not path.exists():
        return None
    try:
        return ScorerWeights.load(path)
    except Exception:  # a truncated or foreign cache file is retrained, never trusted
        return None
