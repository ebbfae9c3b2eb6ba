"""The questions officers ask: persons, arrests, vehicles, comparisons, follow-ups, "these".

Wording here is this suite's own. Every drafted statement must also pass the ZCQL validator.
"""

from __future__ import annotations

from datetime import date

import pytest

from tools.domain.places import stations_in
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from tools.text2zcql.compare import comparison_words
from tools.text2zcql.followup import records_history
from tools.text2zcql.offline import parse
from tools.text2zcql.persons import read_person_words
from tools.text2zcql.scope_words import own_scope
from tools.text2zcql.vehicles import read_vehicle_words, vehicle_type
from validators.zcql.validate import validate

TODAY = date(2026, 12, 2)
EAST = tuple(sorted(s.precinct_id for s in stations_in("Bengaluru East")))
OPEN = "FIR-2026-00417"
SHOWN = ("FIR-2026-00011", "FIR-2026-00012", "FIR-2026-00013")


def draft(
    question: str,
    *,
    history: tuple[str, ...] = (),
    active: str | None = None,
    shown: tuple[str, ...] = (),
) -> ZcqlDraft:
    request = ZcqlRequest(
        question, EAST, TODAY, active_fir_id=active, history=history, visible_record_ids=shown
    )
    result = parse(request)
    if result.statement is not None:
        verdict = validate(result.statement, EAST)
        assert verdict.accepted_statement is not None, (result.statement, verdict.reasons)
    return result


def sql(d: ZcqlDraft) -> str:
    assert d.statement is not None, d.explanation
    return d.statement


# persons


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("who are the victims in FIR-2026-00417", "victim"),
        ("FIR-2026-00417 ka mulzim kaun hai", "accused"),
        ("who complained in FIR-2026-00417", "complainant"),
        ("who registered the complaint in FIR-2026-00417", "complainant"),
        ("FIR-2026-00417 ke sakshi kaun kaun", "witness"),
    ],
)
def test_persons_of_an_fir_by_role(question: str, role: str) -> None:
    d = draft(question)
    assert d.intent == "persons_in_fir"
    assert f"role = '{role}'" in sql(d) and "fir_id = 'FIR-2026-00417'" in sql(d)


def test_asking_for_ages_reads_as_persons_not_an_unknown_word() -> None:
    d = draft("show the complainant of FIR-2026-00417 with his age")
    assert d.intent == "persons_in_fir" and "role = 'complainant'" in sql(d)


def test_who_was_arrested_in_the_open_fir() -> None:
    d = draft("was anybody arrested in this case", active=OPEN)
    assert "arrested = TRUE" in sql(d) and f"fir_id = '{OPEN}'" in sql(d)


def test_accused_not_yet_arrested_in_an_fir() -> None:
    d = draft("which accused are not arrested yet in FIR-2026-00417")
    assert "arrested = FALSE" in sql(d) and "role = 'accused'" in sql(d)


def test_person_attributes_filter_persons_in_matching_firs() -> None:
    d = draft("how many accused above 60 years in robbery cases in Whitefield")
    statement = sql(d)
    assert statement.startswith("SELECT COUNT(persons.ROWID) FROM persons INNER JOIN firs")
    assert "persons.role = 'accused'" in statement and "persons.age > 60" in statement
    assert "firs.crime_group = 'ROBBERY'" in statement


def test_too_many_person_filters_in_a_count_move_to_having_not_dropped() -> None:
    statement = sql(draft("how many male accused above 60 years in robbery cases in Whitefield"))
    where, having = statement.split(" GROUP BY ")
    assert where.count(" AND ") == 4  # five WHERE conditions
    assert "persons.age > 60" in where and "persons.gender = 'Male'" in where
    assert "HAVING firs.crime_group = 'ROBBERY'" in having


def test_too_many_person_filters_in_a_list_are_refused_not_narrowed() -> None:
    d = draft("names of male accused above 60 years in robbery cases in Whitefield")
    assert d.statement is None and "more filters than ZCQL allows" in (d.unparsed_reason or "")


def test_person_words_are_read_out_before_grounding() -> None:
    text, words = read_person_words("female witnesses younger than 18 in FIR-2026-00417")
    assert words.role == "witness" and words.gender == "Female" and words.younger_than == 18
    assert "female" not in text and "18" not in text


# arrests


def test_arrests_in_a_period_count_persons_by_arrest_date() -> None:
    d = draft("how many arrests in KR Puram in October 2026")
    statement = sql(d)
    assert statement.startswith("SELECT COUNT(ROWID) FROM persons")
    assert "arrested_at >= '2026-10-01 00:00:00'" in statement
    assert "arrested_at < '2026-11-01 00:00:00'" in statement


def test_arrests_in_firs_of_a_year_add_up_the_arrest_column() -> None:
    d = draft("total arrests in dacoity cases of 2024")
    assert sql(d).startswith("SELECT SUM(arrested_count) FROM firs")
    assert "registered_at >= '2024-01-01 00:00:00'" in sql(d)


def test_hinglish_arrest_count() -> None:
    d = draft("Whitefield mein is mahine kitni giraftariyan")
    assert "arrested = TRUE" in sql(d) and "precinct_id = 'BLR-E-WFD'" in sql(d)


# vehicles


def test_vehicle_make_is_not_taken_for_a_person() -> None:
    d = draft("Hero Splendors still not recovered in Mahadevapura")
    statement = sql(d)
    assert "make = 'Hero Splendor Plus'" in statement and "status = 'Stolen'" in statement
    assert "full_name" not in statement


def test_vehicle_type_and_status_with_fir_period() -> None:
    d = draft("how many autos were seized in KR Puram cases of this year")
    statement = sql(d)
    assert "vehicles.vehicle_type = 'Auto-rickshaw'" in statement
    assert "vehicles.status = 'Seized'" in statement
    assert "firs.registered_at >= '2026-01-01 00:00:00'" in statement


def test_vehicles_of_the_open_fir() -> None:
    d = draft("vehicles connected to this FIR", active=OPEN)
    assert d.intent == "vehicle_lookup" and f"fir_id = '{OPEN}'" in sql(d)


def test_vehicle_words() -> None:
    assert read_vehicle_words("Royal Enfields stolen")[1].makes == ("Royal Enfield Classic",)
    assert vehicle_type("and scooters? how many cars") == "Two-wheeler"


# comparisons


@pytest.mark.parametrize(
    ("question", "column"),
    [
        ("pending vs closed murder cases in Indiranagar", "status"),
        ("zero FIR vs phone complaints in KR Puram this year", "complaint_mode"),
        ("Indiranagar or Mahadevapura, which saw more chain snatching in 2025", "precinct_id"),
    ],
)
def test_side_by_side_comparisons_group_by_the_compared_column(question: str, column: str) -> None:
    d = draft(question)
    assert d.intent == "compare" and f"GROUP BY {column}" in sql(d)
    assert len(d.buckets) == 2


def test_comparison_wording_without_vs() -> None:
    assert comparison_words("did burglary rise or fall from 2023 to 2024") == (
        "burglary 2023 vs 2024"
    )
    assert comparison_words("is saal aur pichle saal") == "is saal vs pichle saal"
    assert comparison_words("between 2023 and 2024") == "between 2023 and 2024"


# follow-ups and "these"


def test_elliptical_follow_up_carries_every_filter() -> None:
    d = draft("Indiranagar?", history=("how many robberies in Whitefield in 2025",))
    statement = sql(d)
    assert "precinct_id = 'BLR-E-IND'" in statement and "crime_group = 'ROBBERY'" in statement
    assert "registered_at >= '2025-01-01 00:00:00'" in statement


def test_of_them_without_a_list_on_screen_means_the_previous_answer() -> None:
    d = draft("how many of them are undetected", history=("murders in KR Puram this year",))
    statement = sql(d)
    assert "status = 'Undetected'" in statement and "crime_group = 'MURDER'" in statement
    assert "fir_id IN" not in statement


def test_of_these_with_a_list_on_screen_means_the_list() -> None:
    d = draft("how many of these are closed", history=("murders this year",), shown=SHOWN)
    statement = sql(d)
    assert "fir_id IN ('FIR-2026-00011', 'FIR-2026-00012', 'FIR-2026-00013')" in statement
    assert "MURDER" not in statement


def test_a_standalone_question_does_not_carry() -> None:
    d = draft("how many cases in Mahadevapura last month", history=("thefts in Whitefield",))
    assert "THEFT" not in sql(d)


def test_procedure_questions_are_never_carried() -> None:
    history = ("what is the procedure to register a zero FIR", "thefts in Whitefield in 2025")
    assert records_history(history) == ("thefts in Whitefield in 2025",)
    d = draft("and in 2024?", history=history)
    assert "crime_group = 'THEFT'" in sql(d)


def test_own_area_phrases_mean_all_the_callers_precincts() -> None:
    assert own_scope("dacoity in my police station") == ("dacoity", True)
    d = draft("hamare ilake mein kitne dacoity")
    assert "precinct_id IN ('BLR-E-IND', 'BLR-E-KRP', 'BLR-E-MHD', 'BLR-E-WFD')" in sql(d)


@pytest.mark.parametrize(
    "question",
    [
        "please close FIR-2026-00417, it is solved",
        "reassign FIR-2026-00417 to another IO",
        "FIR-2026-00417 ko charge sheeted kar do",
        "mark the accused in FIR-2026-00417 as absconding",
    ],
)
def test_requests_to_change_records_are_refused(question: str) -> None:
    d = draft(question)
    assert d.statement is None and "only read records" in d.explanation


def test_a_reading_question_with_a_status_word_is_not_a_write() -> None:
    assert "status = 'Closed'" in sql(draft("closed murder cases in Whitefield"))


@pytest.mark.parametrize(
    ("question", "year"),
    [
        ("accused names in Whitefield robbery cases registered in 2025", 2025),
        ("names of accused in robbery cases at Whitefield registered in 2025", 2025),
        ("how many juvenile accused in KR Puram in 2024", 2024),
    ],
)
def test_a_whole_year_is_read_from_the_fir_number_when_conditions_run_out(
    question: str, year: int
) -> None:
    d = draft(question)
    assert d.statement is not None, d.unparsed_reason
    assert f"fir_id LIKE 'FIR-{year}-*'" in d.statement
    assert "registered_at >=" not in d.statement


def test_a_period_that_fits_keeps_its_registration_dates() -> None:
    d = draft("robberies in Whitefield in 2025")
    assert d.statement is not None
    assert "registered_at >= '2025-01-01 00:00:00'" in d.statement
    assert "fir_id LIKE" not in d.statement


def test_a_period_that_is_not_one_whole_year_is_never_read_from_fir_numbers() -> None:
    d = draft("accused names in Whitefield robbery cases registered last month")
    assert d.statement is None or "fir_id LIKE" not in d.statement


def test_darj_dates_the_firs_not_the_arrests() -> None:
    d = draft("KR Puram mein pichle saal darj FIRs mein kitne aaropi giraftar hue?")
    assert d.statement is not None
    assert "SUM(arrested_count)" in d.statement and "registered_at >= '2025-01-01" in d.statement


def test_cases_of_the_same_io_as_the_open_fir_filter_by_that_fir_s_io() -> None:
    d = draft("any other pending FIRs with the same IO?", active=OPEN)
    assert d.statement is not None
    assert "io_badge = (SELECT io_badge FROM firs WHERE precinct_id IN" in d.statement
    assert f"fir_id = '{OPEN}')" in d.statement and f"fir_id != '{OPEN}'" in d.statement
    assert "status = 'Under Investigation'" in d.statement


def test_that_io_means_the_io_of_the_fir_the_conversation_named() -> None:
    d = draft("list cases of that officer", history=(f"IO of {OPEN}?",))
    assert d.statement is not None
    assert f"fir_id = '{OPEN}')" in d.statement and "fir_id !=" not in d.statement


def test_that_io_with_no_fir_to_point_at_asks_which() -> None:
    d = draft("what cases does that IO have?")
    assert d.statement is None and d.clarification is not None
    assert "Which FIR" in d.clarification
