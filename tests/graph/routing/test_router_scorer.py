import subprocess
import sys
from pathlib import Path

import numpy as np

from graph.routing.classifier import DEFAULT_TRAIN_PATH, RouterClassifier, fit_router, load_examples
from graph.routing.evaluate import DEFAULT_EVAL_PATH
from graph.routing.scorer import LinearScorer, ScorerWeights


def test_compiled_scorer_matches_the_sklearn_pipeline(router: RouterClassifier):
    texts = load_examples(DEFAULT_TRAIN_PATH)[0][::7] + load_examples(DEFAULT_EVAL_PATH)[0]
    texts += ["", "   ", "a", "ಈ", "??!!", "KA01AB1234"]
    pipeline = fit_router(DEFAULT_TRAIN_PATH)
    expected = pipeline.predict_proba(texts)
    got = np.array(
        [[s.probabilities[r] for r in router.routes] for s in router.predict_many(texts)]
    )
    assert router.routes == tuple(str(c) for c in pipeline.classes_)
    np.testing.assert_allclose(got, expected, atol=1e-9)


def test_saved_weights_score_exactly_as_the_fitted_ones(tmp_path: Path):
    weights = ScorerWeights.from_pipeline(fit_router(DEFAULT_TRAIN_PATH))
    weights.save(tmp_path / "w.npz")
    loaded = LinearScorer(ScorerWeights.load(tmp_path / "w.npz"))
    for text in ("how many thefts in KR Puram", "what is a zero FIR", "ನಮಸ್ಕಾರ"):
        np.testing.assert_array_equal(
            loaded.probabilities(text), LinearScorer(weights).probabilities(text)
        )


def test_a_cached_model_scores_without_importing_scikit_learn(tmp_path: Path):
    RouterClassifier.load(tmp_path)
    code = (
        "import sys; from pathlib import Path;"
        "from graph.routing.classifier import RouterClassifier;"
        f"RouterClassifier.load(Path({str(tmp_path)!r})).predict('hello');"
        "print('sklearn' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
