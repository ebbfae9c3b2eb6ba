import json
from pathlib import Path

import pytest

from graph.routing.classifier import (
    DEFAULT_TRAIN_PATH,
    RouterClassifier,
    load_examples,
    model_version,
    train_router,
)
from schemas.routing import ROUTES

CLEAR_EXAMPLES = {
    "rag": "what is the procedure to register a zero FIR under BNSS",
    "zcql": "how many chain snatching cases were registered in Mysuru last month",
    "hybrid": "status of FIR 210/2024 and can I arrest the accused under Arnesh Kumar",
    "vision": "read the number plate in this photo",
    "fallback": "what date is 45 days after 3 March",
    "out_of_scope": "what is the weather in Mangaluru tomorrow",
    "smalltalk": "thank you so much",
    "clarify": "what is the status of this FIR",
}


def test_every_route_is_predicted_on_a_clear_example(router: RouterClassifier):
    for route, text in CLEAR_EXAMPLES.items():
        scores = router.predict(text)
        assert scores.route == route, (text, scores.probabilities)
        assert scores.confidence >= 0.6


def test_probabilities_cover_all_routes_and_sum_to_one(router: RouterClassifier):
    scores = router.predict("kitne chori ke case hain Whitefield mein")
    assert set(scores.probabilities) == set(ROUTES)
    assert sum(scores.probabilities.values()) == pytest.approx(1.0)
    assert scores.confidence == max(scores.probabilities.values())
    assert scores.version == router.version


def test_predict_many_matches_predict(router: RouterClassifier):
    texts = list(CLEAR_EXAMPLES.values())
    assert router.predict_many(texts) == [router.predict(t) for t in texts]
    assert router.predict_many([]) == []


def test_load_returns_the_same_instance_for_the_same_cache(router_cache: Path):
    assert RouterClassifier.load(router_cache) is RouterClassifier.load(router_cache)


def test_version_changes_when_training_data_changes(tmp_path: Path):
    copy = tmp_path / "train.jsonl"
    copy.write_bytes(DEFAULT_TRAIN_PATH.read_bytes())
    before = model_version(copy)
    with copy.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"text": "namaskara officer", "route": "smalltalk"}) + "\n")
    assert model_version(copy) != before
    assert model_version(DEFAULT_TRAIN_PATH) == model_version(DEFAULT_TRAIN_PATH)


def test_training_is_deterministic_and_cached_under_the_version(tmp_path: Path):
    first = train_router(DEFAULT_TRAIN_PATH, tmp_path / "a.npz")
    second = train_router(DEFAULT_TRAIN_PATH, tmp_path / "b.npz")
    assert first.version == second.version == model_version()
    assert first.n_examples == len(load_examples(DEFAULT_TRAIN_PATH)[0])
    assert set(first.routes) == set(ROUTES)
    a = RouterClassifier.load(tmp_path / "x")
    b = RouterClassifier.load(tmp_path / "y")
    text = "pending POCSO cases in Belagavi and the reporting rules"
    assert a.predict(text) == b.predict(text)
    assert (tmp_path / "x" / f"router-model-{a.version}.npz").exists()


def test_a_corrupt_cache_file_is_retrained_not_trusted(tmp_path: Path):
    version = model_version()
    (tmp_path / f"router-model-{version}.npz").write_bytes(b"not an npz")
    model = RouterClassifier.load(tmp_path)
    assert model.predict("hello").route == "smalltalk"


def test_an_unwritable_cache_still_yields_a_working_model(tmp_path: Path):
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the cache directory should be")
    model = RouterClassifier.load(blocker / "cache")
    assert model.predict("read this plate").route == "vision"
