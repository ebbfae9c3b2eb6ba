import numpy as np

from graph.routing.classifier import DEFAULT_TRAIN_PATH, RouterClassifier, load_examples
from graph.routing.evaluate import DEFAULT_EVAL_PATH


def test_compiled_scorer_matches_the_sklearn_pipeline(router: RouterClassifier):
    texts = load_examples(DEFAULT_TRAIN_PATH)[0][::7] + load_examples(DEFAULT_EVAL_PATH)[0]
    texts += ["", "   ", "a", "ಈ", "??!!", "KA01AB1234"]
    expected = router.pipeline.predict_proba(texts)
    got = np.array(
        [[s.probabilities[r] for r in router.routes] for s in router.predict_many(texts)]
    )
    np.testing.assert_allclose(got, expected, atol=1e-9)
