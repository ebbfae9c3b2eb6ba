"""Ranges and open starts read whole: never one end only (narrower) nor the whole year (wider)."""

from __future__ import annotations

from datetime import date

import pytest

from tools.text2zcql.dates import find_period

TODAY = date(2026, 12, 3)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("robbery sep-nov 2026", date(2026, 9, 1), date(2026, 12, 1)),
        ("robbery 2022-2024", date(2022, 1, 1), date(2025, 1, 1)),
        ("robbery 2022 se 2024 tak", date(2022, 1, 1), date(2025, 1, 1)),
        ("robbery april inda august 2026 varege", date(2026, 4, 1), date(2026, 9, 1)),
        ("robbery from 2023 onwards", date(2023, 1, 1), None),
        ("robbery from 1 october onward", date(2026, 10, 1), None),
    ],
)
def test_a_range_or_open_start_is_read_whole(text, start, end):
    period, _ = find_period(text, TODAY)
    assert period is not None and (period.start, period.end) == (start, end)


def test_a_dash_between_months_without_a_year_is_no_range():
    assert find_period("h1 vs h2 (jan-jun vs jul-dec)", TODAY)[0] is None


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("cheating 2025 q2 to q3", date(2025, 4, 1), date(2025, 10, 1)),
        ("cheating q1-q2 2026", date(2026, 1, 1), date(2026, 7, 1)),
    ],
)
def test_a_run_of_quarters_is_those_quarters(text, start, end):
    period, _ = find_period(text, TODAY)
    assert period is not None and (period.start, period.end) == (start, end)
