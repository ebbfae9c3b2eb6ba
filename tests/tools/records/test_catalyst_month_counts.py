"""On Catalyst a bounded trend is counted with one COUNT(ROWID) per month, against a mocked
ZCQL API: exact however many FIRs the period holds, each statement validated and within the
trend's WHERE conditions; a count the clearance post-filter withholds goes back to paging."""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from tests.tools.records.catalyst_mock import catalyst_service
from tools.records.answer import month_buckets
from tools.records.month_counts import MAX_MONTHS, month_count_statements, month_total
from tools.records.service import RecordsService
from tools.roster import load_roster
from validators.clearance.cleared import ClearedRows
from validators.zcql import AcceptedStatement, validate

TOP, CLEARANCE_3 = "KA-5005", "KA-3003"
CLOCK = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
LOWER = re.compile(r"registered_at >= '([^']+)'")
UPPER = re.compile(r"registered_at < '([^']+)'")
PAGE = re.compile(r"LIMIT (\d+), (\d+)$")


def registrations(n: int) -> list[str]:
    """`n` registration stamps spread unevenly over 2025 (more towards the year's end)."""
    start = datetime(2025, 1, 1)
    seconds = 365 * 24 * 3600
    return sorted(
        (start + timedelta(seconds=int(seconds * (i / n) ** 0.7))).strftime("%Y-%m-%d %H:%M:%S")
        for i in range(n)
    )


class FakeCatalyst:
    """The ZCQL API over one list of stamps: a trend page, or a COUNT of a period."""

    def __init__(self, stamps: list[str], count_reply: list[Any] | None = None) -> None:
        self.stamps = stamps
        self.count_reply = count_reply
        self.statements: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        statement = json.loads(request.content)["query"]
        self.statements.append(statement)
        lower, upper = LOWER.search(statement), UPPER.search(statement)
        rows = [
            s
            for s in self.stamps
            if (lower is None or s >= lower[1]) and (upper is None or s < upper[1])
        ]
        if statement.startswith("SELECT COUNT(ROWID)"):
            count = [{"firs": {"COUNT(ROWID)": str(len(rows))}}]
            data: list[dict[str, Any]] = count if self.count_reply is None else self.count_reply
        else:
            page = PAGE.search(statement)
            assert page is not None
            offset, count = int(page[1]), int(page[2])
            data = [{"firs": {"registered_at": s}} for s in rows[offset : offset + count]]
        return httpx.Response(200, json={"status": "success", "data": data})

    def counts(self) -> list[str]:
        return [s for s in self.statements if s.startswith("SELECT COUNT(ROWID)")]


def service(catalyst: FakeCatalyst) -> RecordsService:
    return catalyst_service(catalyst, CLOCK)


def trend(precincts: frozenset[str], start: str, end: str) -> str:
    listed = ", ".join(f"'{p}'" for p in sorted(precincts))
    return (
        f"SELECT registered_at FROM firs WHERE precinct_id IN ({listed}) "
        f"AND status != 'Closed' AND registered_at >= '{start} 00:00:00' "
        f"AND registered_at < '{end} 00:00:00' ORDER BY registered_at LIMIT 0, 300"
    )


def accepted(statement: str, precincts: frozenset[str]) -> AcceptedStatement:
    verdict = validate(statement, precincts)
    assert verdict.accepted_statement is not None, verdict.reasons
    return verdict.accepted_statement


async def months(catalyst: FakeCatalyst, badge: str, start: str, end: str) -> Any:
    officer = load_roster()[badge]
    records = service(catalyst)
    plan = records.plan(accepted(trend(officer.precincts, start, end), officer.precincts), officer)
    return await records.execute(plan, "trend")


def expected(stamps: list[str], start: str, end: str) -> list[dict[str, Any]]:
    counts = Counter(s[:7] for s in stamps if f"{start} 00:00:00" <= s < f"{end} 00:00:00")
    return [{"month": month, "firs": counts[month]} for month in sorted(counts)]


async def test_a_year_of_more_than_6000_firs_is_counted_with_twelve_counts() -> None:
    stamps = registrations(7_000)
    catalyst = FakeCatalyst(stamps)
    cleared = await months(catalyst, TOP, "2025-01-01", "2026-01-01")
    assert month_buckets(cleared.rows) == expected(stamps, "2025-01-01", "2026-01-01")
    assert sum(row["firs"] for row in cleared.rows) == 7_000
    assert len(catalyst.statements) == 1 + 12  # the first page, then one COUNT per month
    for statement in catalyst.counts():
        assert "status != 'Closed'" in statement and "precinct_id IN (" in statement
        assert validate(statement, load_roster()[TOP].precincts).accepted


async def test_a_period_cut_mid_month_counts_only_its_own_days() -> None:
    stamps = registrations(2_000)
    catalyst = FakeCatalyst(stamps)
    cleared = await months(catalyst, TOP, "2025-03-15", "2025-06-10")
    assert month_buckets(cleared.rows) == expected(stamps, "2025-03-15", "2025-06-10")
    bounds = [(LOWER.findall(s), UPPER.findall(s)) for s in catalyst.counts()]
    assert bounds[0] == (["2025-03-15 00:00:00"], ["2025-04-01 00:00:00"])
    assert bounds[-1] == (["2025-06-01 00:00:00"], ["2025-06-10 00:00:00"])


async def test_a_count_that_is_not_one_number_goes_back_to_paging() -> None:
    catalyst = FakeCatalyst(registrations(450), count_reply=[])
    cleared = await months(catalyst, TOP, "2025-01-01", "2026-01-01")
    first_page, count, second_page = catalyst.statements
    assert count.startswith("SELECT COUNT(ROWID)")  # the first month only
    assert first_page.endswith("LIMIT 0, 300") and second_page.endswith("LIMIT 300, 300")
    assert len(cleared.rows) == 450 and "registered_at" in cleared.rows[0]


def test_a_withheld_count_row_is_no_count() -> None:
    def cleared(rows: list[dict[str, Any]], withheld: int) -> ClearedRows:
        return ClearedRows(["COUNT(ROWID)"], rows, withheld, 0, {}, "v1")

    assert month_total(cleared([{"COUNT(ROWID)": "42"}], 0)) == 42
    assert month_total(cleared([], 1)) is None
    assert month_total(cleared([{"COUNT(ROWID)": "many"}], 0)) is None


def test_only_a_bounded_single_table_trend_of_at_most_two_years_is_counted_by_month() -> None:
    top = load_roster()[TOP].precincts
    within = accepted(trend(top, "2024-01-01", "2026-01-01"), top)
    assert len(month_count_statements(within) or []) == MAX_MONTHS
    over = accepted(trend(top, "2023-12-01", "2026-01-01"), top)
    assert month_count_statements(over) is None
    listed = ", ".join(f"'{p}'" for p in sorted(top))
    open_ended = accepted(
        f"SELECT registered_at FROM firs WHERE precinct_id IN ({listed}) "
        "AND registered_at >= '2025-01-01 00:00:00' LIMIT 0, 300",
        top,
    )
    assert month_count_statements(open_ended) is None
    either = accepted(
        f"SELECT registered_at FROM firs WHERE precinct_id IN ({listed}) "
        "AND (registered_at >= '2025-01-01 00:00:00' OR status = 'Closed') "
        "AND registered_at < '2026-01-01 00:00:00' LIMIT 0, 300",
        top,
    )
    assert month_count_statements(either) is None


@pytest.mark.parametrize("start", ["2025-01-01", "2025-02-28"])
def test_the_months_partition_the_period(start: str) -> None:
    top = load_roster()[TOP].precincts
    counted = month_count_statements(accepted(trend(top, start, "2025-12-31"), top)) or []
    lowers = [LOWER.findall(m.statement)[0] for m in counted]
    uppers = [UPPER.findall(m.statement)[0] for m in counted]
    assert lowers[0] == f"{start} 00:00:00" and uppers[-1] == "2025-12-31 00:00:00"
    assert lowers[1:] == uppers[:-1]
