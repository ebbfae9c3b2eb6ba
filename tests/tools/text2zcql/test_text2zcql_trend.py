"""Trend paging: the next page of a trend statement."""

from __future__ import annotations

import pytest

from tools.text2zcql.trend import next_page


def test_next_page_moves_the_offset() -> None:
    statement = (
        "SELECT registered_at FROM firs WHERE precinct_id = 'X' ORDER BY registered_at LIMIT 0, 300"
    )
    assert next_page(statement).endswith("LIMIT 300, 300")
    assert next_page(next_page(statement)).endswith("LIMIT 600, 300")


def test_next_page_needs_an_offset_limit() -> None:
    with pytest.raises(ValueError, match="LIMIT offset, count"):
        next_page("SELECT registered_at FROM firs WHERE precinct_id = 'X' LIMIT 300")
