"""Audit timestamps: ISO 8601 in UTC with microseconds, correct across second boundaries."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tools.audit import recorder

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    "instants_ns",
    [
        [1_796_300_000_123_456_789, 1_796_300_000_999_999_999, 1_796_300_001_000_000_000],
        [1_796_399_999_999_999_000, 1_796_400_000_000_001_000, 1_796_399_999_500_000_000],
        [0, 86_399_000_001_000, 951_782_400_000_000_000],  # epoch, end of day 1, leap day 2000
    ],
)
def test_each_timestamp_is_the_isoformat_of_its_instant(monkeypatch, instants_ns):
    for ns in instants_ns:
        monkeypatch.setattr(recorder, "time_ns", lambda ns=ns: ns)
        expected = EPOCH + timedelta(microseconds=ns // 1000)
        assert recorder.utc_now() == expected.isoformat(timespec="microseconds")


def test_the_clock_is_the_wall_clock():
    stamp = datetime.fromisoformat(recorder.utc_now())
    assert stamp.tzinfo is not None and abs(datetime.now(UTC) - stamp) < timedelta(seconds=5)
