"""The relevance threshold: calibrated on the dev set, and what it keeps out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.knowledge.answer import RELEVANCE_THRESHOLD, question_type
from tools.knowledge.calibrate import balanced_accuracy, calibrate, score_dev_set
from tools.knowledge.index import KnowledgeIndex
from tools.roster import officer_by_badge


@pytest.fixture(scope="module")
def scored(demo_home: Path) -> list[tuple[float, bool]]:
    index = KnowledgeIndex.open(path=demo_home / "qdrant", collection="sop_kb")
    try:
        return score_dev_set(index.search, officer_by_badge("KA-1001"))
    finally:
        index.close()


def test_shipped_threshold_is_as_good_as_the_calibrated_one_on_the_dev_set(scored) -> None:
    _, best = calibrate(scored)
    assert balanced_accuracy(scored, RELEVANCE_THRESHOLD) >= best - 0.05
    assert best >= 0.8


def test_calibration_picks_the_middle_of_the_best_interval() -> None:
    scored = [(0.9, True), (0.7, True), (0.3, False), (0.1, False)]
    threshold, accuracy = calibrate(scored)
    assert accuracy == 1.0 and 0.3 < threshold <= 0.7


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What is a zero FIR", "definition"),
        ("Steps to follow when a POCSO complaint is received", "steps"),
        ("what is the time limit for the medical examination of a rape victim", "time_limit"),
        ("what is the punishment for stalking", "punishment"),
        ("which BNS section replaced IPC 420", "mapping"),
        ("mahila ko raat mein arrest kar sakte hain?", "permission"),
    ],
)
def test_question_types_are_recognised(question: str, kind: str) -> None:
    assert question_type(question) == kind
