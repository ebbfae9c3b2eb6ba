"""The scorers' comparison rules: multiset rows, stated numbers and dates, facts, calibration."""

from __future__ import annotations

from datetime import date

import pytest

from bench.eval_match import (
    Normaliser,
    date_present,
    dates_in,
    expected_calibration_error,
    facts_present,
    number_present,
    numbers_in,
    reported_numbers,
    result_match,
    widened,
)

NORM = Normaliser({"BLR-E-WFD": "Whitefield PS", "BLR-E-IND": "Indiranagar PS"})


def test_numbers_ignore_dates_ids_sections_and_times_but_read_indian_grouping() -> None:
    text = "Rs 3,40,000 on 2026-11-02 in FIR-2026-00001 (BNS 303(2)) at 9:30 pm: 7.95%"
    assert numbers_in(text) == [340000.0, 7.95]


def test_reported_numbers_skip_years_and_numbers_already_in_the_question() -> None:
    answer = "Counting FIRs registered 2025-01-01 to 2025-12-31 in 2025 at 4 stations: 481."
    assert reported_numbers(answer, "murders at 4 stations last year") == [481.0]


def test_dates_are_read_in_the_forms_officers_and_tools_write() -> None:
    text = "13 January 2027, Jan 13, 2027, 13/01/2027 and 2027-01-13"
    assert set(dates_in(text)) == {date(2027, 1, 13)}
    assert date_present("due on Monday, 4 January 2027", ["2027-01-04"])
    assert not date_present("due on 5 January 2027", ["2027-01-04"])


def test_a_count_is_right_only_when_the_reported_number_equals_gold() -> None:
    assert result_match("value", [[17]], [{"FIRs": 17}], "", "q", NORM)
    assert result_match("value", [[17]], [], "Counting FIRs in 2024: 17.", "q", NORM)
    assert not result_match("value", [[17]], [{"FIRs": 481}], "", "q", NORM)


def test_a_larger_count_is_a_widened_answer_and_a_smaller_one_is_not() -> None:
    assert widened("value", [[1]], [], "Counting FIRs [words not used: murdr]: 481", "q", NORM)
    assert not widened("value", [[5]], [{"FIRs": 3}], "", "q", NORM)


def test_a_list_must_hold_exactly_the_gold_keys_in_some_column() -> None:
    gold = [["FIR-2026-00001"], ["FIR-2026-00002"]]
    exact = [{"fir_id": "FIR-2026-00002", "status": "Closed"}, {"fir_id": "FIR-2026-00001"}]
    wider = [*exact, {"fir_id": "FIR-2026-00003"}]
    assert result_match("set", gold, exact, "", "q", NORM)
    assert not result_match("set", gold, wider, "", "q", NORM)
    assert widened("set", gold, wider, "", "q", NORM)
    assert not widened("set", gold, exact[:1], "", "q", NORM)


def test_grouped_rows_match_by_value_with_station_names_or_codes() -> None:
    gold = [["Whitefield PS", 3], ["Indiranagar PS", 1]]
    by_code = [{"precinct_id": "BLR-E-IND", "FIRs": 1}, {"precinct_id": "BLR-E-WFD", "FIRs": 3}]
    assert result_match("rows", gold, by_code, "", "q", NORM)
    swapped = [{"precinct_id": "BLR-E-IND", "FIRs": 3}, {"precinct_id": "BLR-E-WFD", "FIRs": 1}]
    assert not result_match("rows", gold, swapped, "", "q", NORM)
    larger = [{"station": "Whitefield PS", "n": 5}, {"station": "Indiranagar PS", "n": 1}]
    assert widened("rows", gold, larger, "", "q", NORM)


def test_grouped_rows_without_records_are_read_from_the_answer_text() -> None:
    gold = [[2024, 13], [2025, 10]]
    assert result_match("rows", gold, [], "2024: 13 FIRs; 2025: 10 FIRs", "q", NORM)
    assert not result_match("rows", gold, [], "2024: 10 FIRs; 2025: 13 FIRs", "q", NORM)
    assert not result_match("rows", gold, [], "2024: 10 FIRs; 2025: 10 FIRs, 13 in all", "q", NORM)
    status = [["FIR-2026-04062", "Charge Sheeted"]]
    assert result_match("rows", status, [], "FIR-2026-04062: Charge Sheeted", "q", NORM)
    assert not result_match("rows", status, [], "FIR-2026-04062: Closed", "q", NORM)


def test_a_fact_group_is_met_by_any_of_its_phrases_case_insensitively() -> None:
    groups = [["24 hours", "24 hrs"], ["BNSS 58", "section 58"]]
    assert facts_present("Produce within 24 HOURS (bnss 58).", groups) == (2, 2)
    assert facts_present("Produce within a day.", groups) == (0, 2)


@pytest.mark.parametrize(
    ("answer", "ok"),
    [("That is 7.95%.", True), ("about 8%", True), ("7.5%", False), ("down 78.57%", True)],
)
def test_numbers_are_accepted_within_the_relative_tolerance_sign_ignored(answer, ok) -> None:
    value = -78.57 if "down" in answer else 7.95
    assert number_present(answer, value, 0.01) is ok


def test_calibration_error_is_zero_when_confidence_matches_accuracy() -> None:
    assert expected_calibration_error([(1.0, True), (1.0, True)]) == 0.0
    assert expected_calibration_error([(0.95, True), (0.95, False)]) == pytest.approx(0.45)
    assert expected_calibration_error([]) == 0.0
