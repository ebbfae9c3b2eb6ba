"""The offline parser: every intent, scope, vocabulary, refusals; every draft validates."""

from __future__ import annotations

import re
from datetime import date

import pytest

from tools.domain.places import STATIONS, stations_in
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from tools.text2zcql.entities import normalise_plate
from tools.text2zcql.offline import OfflineZcqlGenerator, parse
from validators.zcql.validate import validate

TODAY = date(2026, 12, 2)
EAST = tuple(sorted(s.precinct_id for s in stations_in("Bengaluru East")))
ALL = tuple(sorted(s.precinct_id for s in STATIONS))
EAST_IN = "precinct_id IN ('BLR-E-IND', 'BLR-E-KRP', 'BLR-E-MHD', 'BLR-E-WFD')"


def draft(question: str, precincts: tuple[str, ...] = EAST, active: str | None = None) -> ZcqlDraft:
    result = parse(ZcqlRequest(question, precincts, TODAY, active_fir_id=active))
    if result.statement is not None:
        verdict = validate(result.statement, precincts)
        assert verdict.accepted, (result.statement, verdict.reasons)
    return result


def test_count_with_station_crime_and_last_month() -> None:
    d = draft("How many vehicle thefts in Whitefield last month")
    assert d.intent == "count"
    assert d.statement == (
        "SELECT COUNT(ROWID) FROM firs WHERE precinct_id = 'BLR-E-WFD' AND crime_head IN "
        "('TWO-WHEELER THEFT', 'FOUR-WHEELER THEFT') AND registered_at >= '2026-11-01 00:00:00' "
        "AND registered_at < '2026-12-01 00:00:00'"
    )
    assert "Whitefield PS" in d.explanation and "2026-11-30" in d.explanation


def test_list_of_open_cases_is_newest_first_and_capped() -> None:
    d = draft("list open cheating cases in KR Puram this year")
    assert d.intent == "list"
    assert d.statement is not None
    assert "precinct_id = 'BLR-E-KRP'" in d.statement
    assert "crime_group = 'CHEATING'" in d.statement
    assert "status = 'Under Investigation'" in d.statement
    assert "registered_at >= '2026-01-01 00:00:00'" in d.statement
    assert d.statement.endswith("ORDER BY registered_at DESC LIMIT 300")


@pytest.mark.parametrize(
    "question",
    [
        "status of FIR-2026-04829",
        "FIR 4829/2026",
        "fir no 4829 of 2026",
        "what is the status of fir 2026-04829",
        "crime no. 4829/2026 status",
    ],
)
def test_fir_number_forms_resolve_to_the_fir_id(question: str) -> None:
    d = draft(question)
    assert d.intent == "lookup_status"
    assert d.statement is not None and "fir_id = 'FIR-2026-04829'" in d.statement
    assert EAST_IN in d.statement


def test_io_lookup_uses_the_fir_open_on_screen() -> None:
    d = draft("who is the IO on this one", active="FIR-2026-04829")
    assert d.intent == "lookup_io"
    assert d.statement == (
        f"SELECT fir_id, io_name, io_badge FROM firs WHERE {EAST_IN} AND fir_id = 'FIR-2026-04829'"
    )


def test_this_fir_without_an_open_fir_is_not_guessed() -> None:
    d = draft("who is the IO on this one")
    assert d.statement is None and d.unparsed_reason and "Which FIR" in d.unparsed_reason


def test_breakdown_by_crime_group_in_a_district_uses_the_callers_stations_there() -> None:
    d = draft("FIRs by crime group in Mysuru in March 2024", ALL)
    assert d.intent == "breakdown"
    assert d.statement == (
        "SELECT crime_group, COUNT(ROWID) FROM firs WHERE precinct_id IN ('MYS-C-JLP', "
        "'MYS-C-KVN', 'MYS-C-LSK', 'MYS-C-NZB') AND registered_at >= '2024-03-01 00:00:00' AND "
        "registered_at < '2024-04-01 00:00:00' GROUP BY crime_group ORDER BY COUNT(ROWID) DESC, "
        "crime_group"
    )


def test_top_n_beats_orders_by_count_and_limits() -> None:
    d = draft("top 5 beats of Whitefield for burglary")
    assert d.intent == "top_n"
    assert d.statement is not None
    assert "GROUP BY beat ORDER BY COUNT(ROWID) DESC, beat LIMIT 5" in d.statement
    assert "crime_group IN ('BURGLARY - DAY', 'BURGLARY - NIGHT')" in d.statement


def test_which_station_has_most_is_top_one() -> None:
    d = draft("which station has the most chain snatching cases this year")
    assert d.intent == "top_n" and d.statement is not None and d.statement.endswith("LIMIT 1")


def test_trend_selects_registration_times_without_date_functions() -> None:
    d = draft("month-wise thefts 2025")
    assert d.intent == "trend"
    assert d.statement == (
        f"SELECT registered_at FROM firs WHERE {EAST_IN} AND crime_group = 'THEFT' AND "
        "registered_at >= '2025-01-01 00:00:00' AND registered_at < '2026-01-01 00:00:00' "
        "ORDER BY registered_at LIMIT 0, 300"
    )


@pytest.mark.parametrize(
    "question", ["is KA05MN4321 stolen?", "check ka 05 mn 4321", "any FIR on KA-05-MN-4321"]
)
def test_plates_are_normalised(question: str) -> None:
    d = draft(question)
    assert d.intent == "vehicle_lookup"
    assert d.statement is not None and "registration_no = 'KA05MN4321'" in d.statement
    assert d.statement.startswith("SELECT registration_no, status")


def test_normalise_plate_strips_spaces_and_hyphens() -> None:
    assert normalise_plate("ka 05 mn-4321") == "KA05MN4321"


def test_person_lookup_joins_firs_with_both_tables_scoped() -> None:
    d = draft("cases involving Ravi Kumar")
    assert d.intent == "person_lookup"
    assert d.statement is not None
    assert "INNER JOIN firs ON persons.fir_id = firs.fir_id" in d.statement
    assert "persons.precinct_id IN (" in d.statement and "firs.precinct_id IN (" in d.statement
    assert "persons.full_name LIKE '*Ravi Kumar*'" in d.statement


def test_person_role_is_a_filter() -> None:
    d = draft("any case with accused named Santosh Iyer")
    assert d.statement is not None and "persons.role = 'accused'" in d.statement


def test_ipc_section_also_matches_its_bns_counterpart() -> None:
    d = draft("IPC 379 cases in KR Puram since January")
    assert d.statement is not None
    assert "(act_sections LIKE '*IPC 379*' OR act_sections LIKE '*BNS 303(2)*')" in d.statement


def test_bns_section_also_matches_its_ipc_counterpart() -> None:
    d = draft("how many BNS 318(4) cases")
    assert d.statement is not None
    assert "act_sections LIKE '*BNS 318(4)*' OR act_sections LIKE '*IPC 420*'" in d.statement


@pytest.mark.parametrize(
    ("question", "condition"),
    [
        ("how many pending cases", "status = 'Under Investigation'"),
        ("charge-sheeted murders", "status = 'Charge Sheeted'"),
        ("e-FIR cheating cases", "complaint_mode = 'e-FIR'"),
        ("zero fir cases this year", "complaint_mode = 'Zero FIR'"),
        ("chain-snatching cases", "crime_head = 'CHAIN SNATCHING'"),
        ("kitne bike chori hue", "crime_head = 'TWO-WHEELER THEFT'"),
        ("two wheeler theft cases", "crime_head = 'TWO-WHEELER THEFT'"),
        ("robery cases", "crime_group = 'ROBBERY'"),
        ("burglary cases at night", "crime_group = 'BURGLARY - NIGHT'"),
        ("cases involving juveniles", "involves_juvenile = TRUE"),
    ],
)
def test_vocabulary_maps_to_values(question: str, condition: str) -> None:
    d = draft(question)
    assert d.statement is not None and condition in d.statement


def test_named_station_outside_jurisdiction_is_refused() -> None:
    d = draft("list cheating cases in Basavanagudi this year")
    assert d.statement is None
    assert d.unparsed_reason == "Basavanagudi PS is outside your jurisdiction."


def test_a_name_of_two_stations_neither_in_jurisdiction_is_refused_not_asked() -> None:
    d = draft("list cheating cases in Jayanagar this year")
    assert d.statement is None and d.clarification is None
    assert d.unparsed_reason == (
        "Jayanagar PS, Jayanagar PS Shivamogga is outside your jurisdiction."
    )


def test_district_with_none_of_the_callers_precincts_is_refused() -> None:
    d = draft("how many murders in Mysuru")
    assert d.statement is None and "None of your precincts" in (d.unparsed_reason or "")


@pytest.mark.parametrize(
    "question",
    [
        "what's the weather in Bengaluru today",
        "summarise the mood of the city",
        "procedure to register a zero FIR under BNSS",
        "tell me a joke",
        "compare thefts",
        "how many thefts in Koramangala",
        "hello there",
    ],
)
def test_questions_it_cannot_answer_give_none_with_a_reason(question: str) -> None:
    d = draft(question)
    assert d.statement is None and d.intent == "unparsed" and d.unparsed_reason


def test_more_than_five_conditions_is_refused_not_narrowed() -> None:
    d = draft("pending e-FIR IPC 379 thefts in KR Puram last month involving juveniles")
    assert d.statement is None and "more filters than ZCQL allows" in (d.unparsed_reason or "")
    assert not re.search(r"\d", d.unparsed_reason or ""), "a refusal names no number"


async def test_generator_interface_returns_the_same_draft() -> None:
    request = ZcqlRequest("status of FIR 4829/2026", EAST, TODAY)
    assert await OfflineZcqlGenerator().generate(request) == parse(request)


def test_arrests_in_a_period_are_dated_by_the_arrest() -> None:
    d = draft("kitne accused arrested hue is saal")
    assert d.intent == "count"
    assert d.statement is not None and d.statement.startswith("SELECT COUNT(ROWID) FROM persons")
    assert "arrested = TRUE AND arrested_at >= '2026-01-01 00:00:00'" in d.statement


def test_arrests_in_firs_registered_in_a_period_add_up_the_arrested_column() -> None:
    d = draft("total arrests in murder FIRs registered in 2025")
    assert d.statement is not None
    assert d.statement.startswith("SELECT SUM(arrested_count) FROM firs")
    assert "registered_at >= '2025-01-01 00:00:00'" in d.statement


def test_role_after_the_name_filters_persons() -> None:
    d = draft("show cases where Harish Shetty is the accused")
    assert d.statement is not None
    assert "persons.full_name LIKE '*Harish Shetty*'" in d.statement
    assert "persons.role = 'accused'" in d.statement


def test_a_word_it_could_not_place_is_named_and_no_wider_query_is_written() -> None:
    d = draft("how many thefts near the lake in whitefield")
    assert d.statement is None and "'lake'" in (d.unparsed_reason or "")


def test_abbreviations_for_status_and_year() -> None:
    d = draft("how many cs cases in whitefield this yr")
    assert d.statement is not None
    assert "status = 'Charge Sheeted'" in d.statement
    assert "registered_at >= '2026-01-01 00:00:00'" in d.statement


def test_forecasts_are_not_records_questions() -> None:
    assert draft("which areas will see more crime next month").statement is None


def _follow(question: str, previous: str) -> ZcqlDraft:
    result = parse(ZcqlRequest(question, EAST, TODAY, history=(previous,)))
    assert result.statement is not None
    assert validate(result.statement, EAST).accepted
    return result


def test_follow_up_replaces_only_the_place() -> None:
    d = _follow("and in Whitefield?", "how many thefts last month")
    assert d.intent == "count" and d.statement is not None
    assert "precinct_id = 'BLR-E-WFD'" in d.statement and "crime_group = 'THEFT'" in d.statement
    assert "registered_at < '2026-12-01 00:00:00'" in d.statement
    assert "(following up on your previous question)" in d.explanation


def test_follow_up_replaces_the_period_and_keeps_the_ranking() -> None:
    d = _follow("what about last year?", "top 5 beats of Whitefield for burglary")
    assert d.intent == "top_n" and d.statement is not None
    assert "registered_at >= '2025-01-01 00:00:00'" in d.statement
    assert d.statement.endswith("LIMIT 5")


def test_follow_up_can_change_the_intent() -> None:
    d = _follow("and how many of those are pending?", "list cheating cases in KR Puram this year")
    assert d.intent == "count" and d.statement is not None
    assert "status = 'Under Investigation'" in d.statement


def test_follow_up_without_history_is_not_guessed() -> None:
    assert draft("and in Whitefield?").statement is None
