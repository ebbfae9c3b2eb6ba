import pytest

from graph.routing.metrics import (
    RouteMetrics,
    accuracy,
    confusion_matrix,
    expected_calibration_error,
    per_route,
    reliability_bins,
)


def test_confusion_matrix_counts_label_rows_and_prediction_columns():
    matrix = confusion_matrix(["rag", "rag", "zcql"], ["rag", "zcql", "zcql"], ["rag", "zcql"])
    assert matrix == {"rag": {"rag": 1, "zcql": 1}, "zcql": {"rag": 0, "zcql": 1}}


def test_precision_and_recall_per_route_with_undefined_cases_as_zero():
    metrics = per_route(["rag", "rag", "zcql"], ["rag", "zcql", "zcql"], ["rag", "zcql", "vision"])
    assert metrics["rag"] == RouteMetrics(precision=1.0, recall=0.5, support=2)
    assert metrics["zcql"] == RouteMetrics(precision=0.5, recall=1.0, support=1)
    assert metrics["vision"] == RouteMetrics(precision=0.0, recall=0.0, support=0)
    assert accuracy(["a", "b"], ["a", "c"]) == 0.5
    assert accuracy([], []) == 0.0


def test_perfectly_calibrated_bins_have_zero_ece():
    confidences = [0.8] * 10
    correct = [True] * 8 + [False] * 2
    assert expected_calibration_error(confidences, correct) == pytest.approx(0.0)


def test_ece_weights_each_bin_gap_by_its_share():
    # bin [0.9, 1.0]: conf 0.95 acc 0.5 (gap 0.45, share 0.5); bin [0.3, 0.4): conf 0.3 acc 0
    ece = expected_calibration_error([0.95, 0.95, 0.3, 0.3], [True, False, False, False])
    assert ece == pytest.approx(0.5 * 0.45 + 0.5 * 0.3)


def test_reliability_bins_put_one_in_the_last_bin_and_zero_in_the_first():
    bins = reliability_bins([0.0, 1.0, 0.35], [False, True, True])
    assert bins[0] == (0.0, 0.0, 1)
    assert bins[9] == (1.0, 1.0, 1)
    assert bins[3] == (0.35, 1.0, 1)
    assert sum(count for _, _, count in bins) == 3
