"""Trend helpers: month buckets of registration times and the next page of a trend statement."""

from __future__ import annotations

import pytest

from tools.text2zcql.trend import month_counts, next_page


def test_month_counts_buckets_in_month_order() -> None:
    rows = ["2025-02-03 10:00:00", "2025-01-31 23:59:59", "2025-02-28 00:00:00"]
    assert month_counts(rows) == {"2025-01": 1, "2025-02": 2}


def test_next_page_moves_the_offset() -> None:
    statement = (
        "SELECT registered_at FROM firs WHERE precinct_id = 'X' ORDER BY registered_at LIMIT 0, 300"
    )
    assert next_page(statement).endswith("LIMIT 300, 300")
    assert next_page(next_page(statement)).endswith("LIMIT 600, 300")


def test_next_page_needs_an_offset_limit() -> None:
    with pytest.raises(ValueError, match="LIMIT offset, count"):
        next_page("SELECT registered_at FROM firs WHERE precinct_id = 'X' LIMIT 300")
