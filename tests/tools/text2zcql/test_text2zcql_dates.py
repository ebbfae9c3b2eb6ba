"""Relative and absolute date expressions resolve against a fixed today (Wed 2 Dec 2026)."""

from __future__ import annotations

from datetime import date

import pytest

from tools.text2zcql.dates import find_period

TODAY = date(2026, 12, 2)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("thefts last month", date(2026, 11, 1), date(2026, 12, 1)),
        ("this year", date(2026, 1, 1), None),
        ("since january", date(2026, 1, 1), None),
        ("yesterday", date(2026, 12, 1), date(2026, 12, 2)),
        ("kal", date(2026, 12, 1), date(2026, 12, 2)),
        ("today", date(2026, 12, 2), None),
        ("in the last 30 days", date(2026, 11, 2), None),
        ("past 7 days", date(2026, 11, 25), None),
        ("last 3 months", date(2026, 9, 2), None),
        ("in 2024", date(2024, 1, 1), date(2025, 1, 1)),
        ("march 2024", date(2024, 3, 1), date(2024, 4, 1)),
        ("in march", date(2026, 3, 1), date(2026, 4, 1)),
        ("between 1 jan and 15 feb", date(2026, 1, 1), date(2026, 2, 16)),
        ("from 2025-01-01 to 2025-06-30", date(2025, 1, 1), date(2025, 7, 1)),
        ("this week", date(2026, 11, 30), None),
        ("last week", date(2026, 11, 23), date(2026, 11, 30)),
        ("this quarter", date(2026, 10, 1), None),
        ("last quarter", date(2026, 7, 1), date(2026, 10, 1)),
        ("last year", date(2025, 1, 1), date(2026, 1, 1)),
        ("pichle mahine", date(2026, 11, 1), date(2026, 12, 1)),
        ("is saal", date(2026, 1, 1), None),
        ("before 1 jul 2024", None, date(2024, 7, 1)),
        ("on 5 nov", date(2026, 11, 5), date(2026, 11, 6)),
        ("12/03/2025", date(2025, 3, 12), date(2025, 3, 13)),
        ("since 1st october 2026", date(2026, 10, 1), None),
        ("in the past fortnight", date(2026, 11, 18), None),
        ("this yr", date(2026, 1, 1), None),
    ],
)
def test_period_resolves_against_today(text: str, start: date | None, end: date | None) -> None:
    period, _ = find_period(text, TODAY)
    assert period is not None
    assert (period.start, period.end) == (start, end)


def test_month_named_without_year_means_its_last_occurrence() -> None:
    period, _ = find_period("in december", TODAY)
    assert period is not None and period.start == date(2026, 12, 1)
    period, _ = find_period("in december", date(2026, 11, 15))
    assert period is not None and period.start == date(2025, 12, 1)


def test_may_as_a_verb_is_not_a_month() -> None:
    assert find_period("may i see the thefts", TODAY) == (None, None)


def test_describe_gives_inclusive_dates() -> None:
    period, _ = find_period("last month", TODAY)
    assert period is not None
    assert period.describe() == "last month (2026-11-01 to 2026-11-30)"
