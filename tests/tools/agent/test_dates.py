"""Date utilities: Indian formats, differences, offsets, working days, deadlines, zones."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from tests.graph.fallback.harness import OFFICER
from tools.agent.base import ToolContext, ToolError
from tools.agent.dates import (
    DateArgs,
    add_business_days,
    business_days_between,
    parse_date,
    parse_time,
    run_dates,
)

TODAY = date(2026, 12, 2)
CTX = ToolContext(
    officer=OFFICER, page_context=None, services=None, now=datetime(2026, 12, 2, 6, tzinfo=UTC)
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 March 2026", date(2026, 3, 3)),
        ("3rd March 2026", date(2026, 3, 3)),
        ("March 3rd, 2026", date(2026, 3, 3)),
        ("03/03/2026", date(2026, 3, 3)),
        ("03-03-26", date(2026, 3, 3)),
        ("2024-07-01", date(2024, 7, 1)),
        ("15 Sep 2026", date(2026, 9, 15)),
        ("2 Nov", date(2026, 11, 2)),
        ("25 Dec", date(2025, 12, 25)),
        ("today", TODAY),
        ("yesterday", date(2026, 12, 1)),
    ],
)
def test_parses_indian_date_formats(text: str, expected: date) -> None:
    assert parse_date(text, TODAY) == expected


def test_rejects_impossible_dates() -> None:
    with pytest.raises(ToolError, match="not a real date"):
        parse_date("31/02/2026", TODAY)


def test_working_days_skip_weekends() -> None:
    assert business_days_between(date(2026, 11, 27), date(2026, 12, 4)) == 5
    assert business_days_between(date(2026, 12, 4), date(2026, 11, 27)) == -5
    assert add_business_days(date(2026, 11, 27), 5) == date(2026, 12, 4)


def test_parses_times() -> None:
    assert parse_time("10:30").hour == 10
    assert parse_time("7 pm").hour == 19
    with pytest.raises(ToolError):
        parse_time("25:00")


@pytest.mark.parametrize(
    ("args", "key", "expected"),
    [
        ({"operation": "difference", "start": "3 March 2026", "end": "today"}, "days", 274),
        ({"operation": "add_days", "start": "15 Sep 2026", "days": 90}, "date", "2026-12-14"),
        ({"operation": "add_days", "start": "03-03-26", "days": -14}, "date", "2026-02-17"),
        (
            {"operation": "add_days", "start": "27/11/2026", "days": 5, "business": True},
            "date",
            "2026-12-04",
        ),
        (
            {"operation": "deadline", "start": "2 Nov", "deadline": "chargesheet_60"},
            "date",
            "2026-12-31",
        ),
        (
            {"operation": "deadline", "start": "2 Nov", "deadline": "chargesheet_90"},
            "date",
            "2027-01-30",
        ),
        (  # Kapil Wadhawan: remanded 14 May 2020, the 60 days expired on 12 July 2020
            {"operation": "deadline", "start": "14 May 2020", "deadline": "chargesheet_60"},
            "date",
            "2020-07-12",
        ),
        ({"operation": "convert_time", "time": "10:30"}, "time", "05:00"),
        (
            {"operation": "convert_time", "time": "23:00", "from_zone": "UTC", "to_zone": "IST"},
            "date",
            "2026-12-03",
        ),
        ({"operation": "cutover", "start": "2024-07-01"}, "relation", "on"),
        ({"operation": "cutover", "start": "30/06/2024"}, "relation", "before"),
        ({"operation": "today"}, "date", "2026-12-02"),
    ],
)
async def test_date_operations(args: dict[str, object], key: str, expected: object) -> None:
    output = await run_dates(DateArgs.model_validate(args), CTX)
    assert output.data[key] == expected


async def test_unknown_time_zone_is_a_clear_error() -> None:
    args = DateArgs(operation="convert_time", time="10:30", to_zone="Mars/Olympus")
    with pytest.raises(ToolError, match="unknown time zone"):
        await run_dates(args, CTX)


async def test_dates_past_the_calendar_are_a_clear_error() -> None:
    args = DateArgs(operation="add_days", start="31/12/9999", days=1)
    with pytest.raises(ToolError, match="calendar range"):
        await run_dates(args, CTX)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a week after Rajyotsava 2026", date(2026, 11, 1)),
        ("Gandhi Jayanti 2025", date(2025, 10, 2)),
        ("since christmas last year", date(2025, 12, 25)),
        ("how long until Republic Day", date(2027, 1, 26)),
    ],
)
def test_festivals_are_read_from_the_holiday_calendar(text: str, expected: date) -> None:
    assert parse_date(text, TODAY) == expected


def test_a_festival_name_that_fits_two_days_is_an_error_naming_both() -> None:
    with pytest.raises(ToolError, match=r"Eid Al-Fitr .* or Eid Al-Adha"):
        parse_date("eid 2025", TODAY)


async def test_the_tool_says_how_it_read_a_festival() -> None:
    out = await run_dates(DateArgs(operation="weekday", start="Ugadi 2027"), CTX)
    assert out.text.startswith("Ugadi 2027 is Wednesday, 7 April 2027 (India and Karnataka")


async def test_weeks_are_days_with_the_rule_stated() -> None:
    out = await run_dates(DateArgs(operation="add_days", start="1 Feb 2027", weeks=-2), CTX)
    assert out.text.startswith("2 weeks (14 days) before Monday, 1 February 2027 is Monday")
    assert "the start date itself is not counted" in out.text
    assert out.data["date"] == "2027-01-18"


async def test_a_deadline_the_table_does_not_hold_is_refused_plainly() -> None:
    args = DateArgs(operation="deadline", start="1 Nov 2026", deadline="a civil suit")
    with pytest.raises(ToolError, match="has no time limit for 'a civil suit'"):
        await run_dates(args, CTX)
