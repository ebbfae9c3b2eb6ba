"""Failure classes found with the rec8 probe list (`data/rec8_probes.jsonl`), each fixed in
general code and tested here in this suite's own wording (the graph-level tests are in
`tests/graph/test_rec8_classes_through_graph.py`).

The probe list is 31 records questions written before any change: an IO's FIRs "right now",
follow-ups that repeat the previous question with one thing changed, Hinglish arrests since a
weekday, FIR lists referred to as "this view" or "shown on my screen", and a reason for
asking before the question. First run: execution accuracy 0.333 (10 of 30), 3 widened
answers.
"""

from __future__ import annotations

from datetime import date

import pytest

from tools.domain.places import stations_in
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from tools.text2zcql.offline import parse
from tools.text2zcql.on_screen import read_on_screen
from tools.text2zcql.weekdays import name_weekdays
from validators.zcql.validate import validate

TODAY = date(2026, 12, 3)  # a Thursday
MYSURU = tuple(sorted(s.precinct_id for s in stations_in("Mysuru")))


def draft(text: str, history: tuple[str, ...] = (), visible: tuple[str, ...] = ()) -> ZcqlDraft:
    d = parse(ZcqlRequest(text, MYSURU, TODAY, history=history, visible_record_ids=visible))
    if d.statement is not None:
        assert validate(d.statement, MYSURU).accepted_statement is not None, d.statement
    return d


def sql(text: str, history: tuple[str, ...] = (), visible: tuple[str, ...] = ()) -> str:
    d = draft(text, history, visible)
    assert d.statement is not None, d.clarification or d.unparsed_reason
    return d.statement


@pytest.mark.parametrize(
    "text",
    [
        "how many FIRs is M. Shastry probing at the moment",
        "M. Shastry is currently investigating how many cases",
        "cases presently with M. Shastry, count",
        "how many files is M. Shastry still handling",
    ],
)
def test_an_io_working_on_firs_now_counts_the_pending_ones(text: str) -> None:
    statement = sql(text)
    assert "status = 'Under Investigation'" in statement and "io_badge" in statement


def test_an_io_in_total_counts_every_status() -> None:
    assert "status" not in sql("how many FIRs has M. Shastry handled in total")


@pytest.mark.parametrize(
    "text",
    [
        "same count for Lashkar please",
        "ok sir give me the same robbery number but Lashkar",
        "repeat that for Lashkar",
        "and that figure at Lashkar, what is it",
    ],
)
def test_asking_again_for_another_station_keeps_crime_and_period(text: str) -> None:
    statement = sql(text, history=("Nazarbad robbery FIRs in 2025 how many",))
    assert "precinct_id = 'MYS-C-LSK'" in statement
    assert "'ROBBERY'" in statement and "2025-01-01" in statement and "COUNT(" in statement


def test_the_same_period_in_another_district_keeps_the_period() -> None:
    statement = sql(
        "what about Kuvempunagar for the same time frame",
        history=("hurt cases at Nazarbad between March and May 2026",),
    )
    assert "MYS-C-KVN" in statement and "2026-03-01" in statement and "2026-06-01" in statement


def test_asking_again_with_nothing_before_it_asks_which_question() -> None:
    d = draft("same number but for Lashkar")
    assert d.statement is None and "earlier question" in (d.clarification or "")


def test_with_that_number_is_not_a_follow_up() -> None:
    statement = sql("which IO at Lashkar has the most pending cases, with that number")
    assert "GROUP BY io_name" in statement


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("since monday", "30 nov 2026"),
        ("sunday se ab tak", "29 nov 2026"),
        ("on thursday", "3 dec 2026"),
    ],
)
def test_a_weekday_is_its_latest_date(text: str, day: str) -> None:
    assert day in name_weekdays(text, TODAY)


def test_last_monday_is_left_to_be_asked_about() -> None:
    assert name_weekdays("last monday", TODAY) == "last monday"


@pytest.mark.parametrize(
    "text",
    [
        "review with the SP tomorrow: robbery FIRs at Nazarbad in 2025, how many",
        "meeting the DCP in the evening, how many robbery FIRs at Nazarbad in 2025",
        "how many robbery FIRs at Nazarbad in 2025 for the review meeting",
    ],
)
def test_a_reason_for_asking_is_set_aside(text: str) -> None:
    statement = sql(text)
    assert "MYS-C-NZB" in statement and "'ROBBERY'" in statement and "2025-01-01" in statement


@pytest.mark.parametrize(
    "text",
    ["how many in this view are robbery", "robbery among the records displayed, count"],
)
def test_the_list_in_view_scopes_to_the_visible_firs(text: str) -> None:
    statement = sql(text, visible=("FIR-2026-00001", "FIR-2026-00002"))
    assert "fir_id IN ('FIR-2026-00001', 'FIR-2026-00002')" in statement


def test_the_one_fir_on_screen_is_not_the_list() -> None:
    assert read_on_screen("vehicles in the FIR on my screen") == "vehicles in the FIR on my screen"
