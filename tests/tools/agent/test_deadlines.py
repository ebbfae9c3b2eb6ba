"""Statutory deadlines counted the way the law counts them, months and weekdays."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest

from tests.graph.fallback.harness import OFFICER
from tools.agent.base import ToolContext
from tools.agent.dates import DateArgs, run_dates
from tools.agent.deadlines import DEADLINES, add_months, due_date
from tools.domain.legal import provisions

CTX = ToolContext(
    officer=OFFICER, page_context=None, services=None, now=datetime(2026, 12, 2, 6, tzinfo=UTC)
)
WORDS = {2: "two", 3: "3", 4: "4", 7: "7", 14: "14", 24: "24", 60: "60", 90: "90"}


@pytest.mark.parametrize("key", sorted(DEADLINES))
def test_every_period_is_the_one_the_legal_table_states(key: str) -> None:
    rule = DEADLINES[key]
    provision = next(p for p in provisions() if p.key == rule.provision)
    unit = {"days": "days?", "months": "months?", "hours": "hours?"}[rule.unit]
    stated = rf"\b(?:{rule.amount}|{WORDS[rule.amount]})\s+{unit}\b"
    assert re.search(stated, provision.rule), (key, provision.rule)
    assert provision.section.split("(")[0] in rule.source


@pytest.mark.parametrize(
    ("start", "months", "expected"),
    [
        (date(2026, 8, 31), 6, date(2027, 2, 28)),
        (date(2028, 1, 31), 1, date(2028, 2, 29)),
        (date(2026, 9, 15), 2, date(2026, 11, 15)),
        (date(2027, 3, 31), -1, date(2027, 2, 28)),
        (date(2026, 12, 10), 14, date(2028, 2, 10)),
    ],
)
def test_calendar_months_keep_the_date_or_clamp_to_the_months_end(start, months, expected):
    assert add_months(start, months) == expected


def test_days_exclude_the_first_day_except_for_default_bail() -> None:
    start = date(2026, 11, 20)
    assert due_date(DEADLINES["preliminary_enquiry_14"], start) == date(2026, 12, 4)
    assert due_date(DEADLINES["chargesheet_60"], start) == date(2027, 1, 18)


@pytest.mark.parametrize(
    ("args", "facts"),
    [
        (
            {"operation": "deadline", "deadline": "efir_signature_3", "start": "30 Nov 2026"},
            ["Thursday, 3 December 2026", "General Clauses Act s.9", "BNSS 173(1)(ii)", "1 day"],
        ),
        (
            {
                "operation": "deadline",
                "deadline": "sexual_offence_investigation_2m",
                "start": "31 Dec 2026",
            },
            ["Sunday, 28 February 2027", "calendar months", "BNSS 193(2)"],
        ),
        (
            {
                "operation": "deadline",
                "deadline": "production_24h",
                "start": "4 Dec 2026",
                "time": "11:45 pm",
            },
            ["23:45", "11:45 PM", "Saturday, 5 December 2026", "journey", "BNSS 58"],
        ),
        (
            {"operation": "deadline", "deadline": "pocso_report_24h", "start": "2 Dec 2026"},
            ["Thursday, 3 December 2026", "give the time", "POCSO Act s.19"],
        ),
        ({"operation": "weekday", "start": "15 August 2047"}, ["is a Thursday"]),
        (
            {"operation": "add_months", "start": "29 Feb 2028", "months": 12},
            ["Wednesday, 28 February 2029", "last day of that month"],
        ),
    ],
)
async def test_the_tool_states_the_date_and_the_rule_used(args, facts) -> None:
    output = await run_dates(DateArgs.model_validate(args), CTX)
    for fact in facts:
        assert fact in output.text, (fact, output.text)
