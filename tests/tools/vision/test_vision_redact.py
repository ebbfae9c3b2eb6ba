"""Aadhaar-like numbers are masked wherever vision text is returned."""

from __future__ import annotations

from tools.vision.redact import mask_aadhaar_like, mask_in_data


def test_grouped_and_plain_twelve_digit_runs_are_masked() -> None:
    text = "uid 2345 6789 0123 and 234567890123"
    assert mask_aadhaar_like(text) == "uid XXXX XXXX 0123 and XXXX XXXX 0123"


def test_shorter_and_longer_digit_runs_are_left_alone() -> None:
    assert mask_aadhaar_like("FIR 2026 04829 ph 9876543210") == "FIR 2026 04829 ph 9876543210"


def test_nested_service_data_is_masked() -> None:
    data = {"fields": [{"aadhaar": "234567890123", "confidence": 0.9}], "n": 3}
    assert mask_in_data(data) == {
        "fields": [{"aadhaar": "XXXX XXXX 0123", "confidence": 0.9}],
        "n": 3,
    }


def test_a_number_broken_across_lines_is_still_masked() -> None:
    assert mask_aadhaar_like("2345 6789\n0123") == "XXXX XXXX 0123"
