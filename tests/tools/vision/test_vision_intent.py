"""Which officer questions about an image need open-ended reasoning."""

from __future__ import annotations

import pytest

from tools.vision.findings import Extraction
from tools.vision.intent import open_ended_reason
from tools.vision.recognise import escalation


@pytest.mark.parametrize(
    "hint",
    [
        "what is going on in this photo",
        "What's happening here?",
        "describe the scene",
        "why is the car parked there",
        "does this damage match the FIR?",
        "is this person the accused in FIR-2026-04829?",
        "who is this?",
        "analyse this CCTV still",
    ],
)
def test_open_ended_questions_need_reasoning(hint: str) -> None:
    assert open_ended_reason(hint) is not None


@pytest.mark.parametrize(
    "hint", ["", "read this plate", "what is the number on this card", "scan the QR", "check this"]
)
def test_extraction_requests_do_not(hint: str) -> None:
    assert open_ended_reason(hint) is None


def _plate(confidence: float) -> Extraction:
    return Extraction(kind="plate", value="KA05MN4321", confidence=confidence)


def test_low_confidence_escalates_with_the_numbers_in_the_reason() -> None:
    reason = escalation([_plate(0.4)], "", threshold=0.6)
    assert reason is not None and "0.40 < 0.60" in reason


def test_confident_reading_with_a_plain_request_does_not_escalate() -> None:
    assert escalation([_plate(0.9)], "whose car is this plate", threshold=0.6) is None


def test_nothing_found_escalates() -> None:
    assert escalation([], "", threshold=0.6) == (
        "nothing readable was found (no plate, identity number, code or text)"
    )
