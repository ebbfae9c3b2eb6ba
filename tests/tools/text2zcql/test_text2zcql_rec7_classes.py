"""A station and a period alone read as a count of FIRs registered there; an empty list
still states its number."""

from __future__ import annotations

from datetime import date

from tools.domain.places import stations_in
from tools.records.answer import compose_records_answer
from tools.text2zcql.base import ZcqlRequest
from tools.text2zcql.offline import parse
from validators.zcql.validate import validate

TODAY = date(2026, 12, 3)
MYSURU = tuple(sorted(s.precinct_id for s in stations_in("Mysuru")))


def test_station_and_period_alone_count_firs_registered_there() -> None:
    d = parse(ZcqlRequest("lashkar ps last month", MYSURU, TODAY))
    assert d.statement is not None and d.intent == "count"
    assert validate(d.statement, MYSURU).accepted_statement is not None
    assert "COUNT(" in d.statement and "registered_at >= '2026-11-01" in d.statement
    assert "read this as how many FIRs were registered" in d.explanation


def test_station_without_a_period_still_finds_nothing_to_query() -> None:
    assert parse(ZcqlRequest("lashkar ps", MYSURU, TODAY)).statement is None


def test_empty_list_states_zero() -> None:
    text, table = compose_records_answer("list", "FIRs in Lashkar PS, registered today.", [])
    assert text.startswith("0 FIRs in Lashkar PS") and table == []
