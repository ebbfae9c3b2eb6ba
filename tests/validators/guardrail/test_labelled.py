"""The labelled set of data/guardrail/: recall and precision for a clearance-1 officer."""

from __future__ import annotations

from collections import Counter

import pytest

from validators.guardrail.evaluation import evaluate, load_examples


@pytest.fixture(scope="module")
def report() -> dict:
    return evaluate(load_examples())


def test_labelled_set_is_large_and_balanced() -> None:
    examples = load_examples()
    notes = Counter(e.note.split(":")[0] for e in examples)
    assert len(examples) >= 220
    assert notes["hard negative"] >= 60
    assert sum(1 for e in examples if "zero-width" in e.note or "homoglyph" in e.note) >= 10
    assert notes["ordinary answer"] >= 200
    assert notes["withheld value"] >= 20


@pytest.mark.parametrize("kind", ["aadhaar", "phone"])
def test_every_obfuscated_format_of_the_review_is_labelled(kind: str) -> None:
    formats = {
        e.note.split(": ", 1)[1] for e in load_examples() if e.note.startswith(f"{kind} obfuscated")
    }
    assert {
        "separated",
        "grouped with unusual separators",
        "interleaved letters",
        "english words",
        "hindi words",
        "hindi devanagari words",
        "kannada words",
        "kannada script words",
        "reversed",
        "look-alike letters",
        "base64",
        "hex",
    } <= formats


def test_no_identifier_survives_redaction(report: dict) -> None:
    assert report["leaked"] == []


def test_no_hard_negative_or_ordinary_answer_is_changed(report: dict) -> None:
    assert report["false_alarms"] == []


def test_overall_recall_and_precision_meet_the_goal(report: dict) -> None:
    assert report["recall"] >= 0.99
    assert report["precision"] >= 0.95


def test_every_kind_is_covered_with_high_recall(report: dict) -> None:
    for kind, scores in report["per_kind"].items():
        assert scores["support"] >= 5, kind
        assert scores["recall"] >= 0.85, kind
