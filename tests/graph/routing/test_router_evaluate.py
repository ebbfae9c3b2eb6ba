import pytest

from graph.routing.classifier import RouterClassifier, load_examples
from graph.routing.evaluate import DEFAULT_EVAL_PATH, evaluate
from schemas.routing import ROUTES


@pytest.fixture(scope="module")
def report(router: RouterClassifier):
    return evaluate(classifier=router)


def test_evaluation_covers_the_whole_held_out_set(report):
    assert report.n >= 170
    assert set(report.per_route) == set(ROUTES)
    assert sum(sum(row.values()) for row in report.confusion.values()) == report.n
    assert 0.0 <= report.fallback_rate <= 1.0


def test_held_out_quality_stays_above_its_floor(report):
    assert report.accuracy >= 0.90
    assert report.decision_accuracy >= 0.88
    assert report.misroute_rate <= 0.06


def test_confidences_are_calibrated_on_held_out_messages(report, router: RouterClassifier):
    assert report.ece <= 0.06
    texts, labels = load_examples(DEFAULT_EVAL_PATH)
    scored = router.predict_many(texts)
    confident = [
        s.route == label for s, label in zip(scored, labels, strict=True) if s.confidence >= 0.9
    ]
    assert len(confident) >= len(texts) // 2
    assert sum(confident) / len(confident) >= 0.9


def test_report_serialises_to_json(report):
    assert '"per_route"' in report.to_json()
