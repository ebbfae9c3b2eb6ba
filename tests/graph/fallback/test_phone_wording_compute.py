"""Arithmetic asked in texting spellings (know6 probes) is still read as arithmetic."""

from __future__ import annotations

from graph.fallback.compute import computation
from graph.fallback.date_plan import asks_legal_deadline


def test_diff_is_a_difference() -> None:
    found = computation("diff between 7,250 and 6,900 pls")
    assert found is not None
    assert found.expression == "7250 - 6900"


def test_a_chargesheet_rate_over_stated_counts_is_a_share() -> None:
    found = computation("chargesheet rate if 42 cases chargesheeted out of 56 registered")
    assert found is not None
    assert found.expression == "round(42*100/56, 2)"


def test_completed_by_asks_for_a_deadline() -> None:
    assert asks_legal_deadline(
        "pocso FIR registered on 4 Feb 2026, investigation to be completed by"
    )
