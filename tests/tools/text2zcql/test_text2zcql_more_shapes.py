"""More answer shapes: year-wise trends, pronouns for an IO or a person an earlier question
named, local wording, counts shown side by side, a single top group, ranges written without
"from", crimes named only to narrow another, vehicles per station. Wording is this suite's own."""

from __future__ import annotations

from datetime import date

from tools.domain.places import stations_in
from tools.records.answer import compose_records_answer, year_buckets
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from tools.text2zcql.dates import find_period
from tools.text2zcql.followup import name_the_role, names_its_referent
from tools.text2zcql.grounding import ground_word
from tools.text2zcql.offline import parse
from tools.text2zcql.understand import CORRECTABLE
from tools.text2zcql.yearly import YEARLY
from validators.zcql.validate import validate

TODAY = date(2026, 12, 3)
MYSURU = tuple(sorted(s.precinct_id for s in stations_in("Mysuru")))
SHOWN = ("FIR-2026-00201", "FIR-2026-00202", "FIR-2026-00203")


def draft(question: str, history: tuple[str, ...] = (), shown: tuple[str, ...] = ()) -> ZcqlDraft:
    d = parse(ZcqlRequest(question, MYSURU, TODAY, history=history, visible_record_ids=shown))
    if d.statement is not None:
        assert validate(d.statement, MYSURU).accepted_statement is not None, d.statement
    return d


def sql(d: ZcqlDraft) -> str:
    assert d.statement is not None, d.explanation
    return d.statement


# year-wise trends


def test_per_year_wording_is_a_yearly_trend() -> None:
    for question in (
        "burglary counts per year at Lashkar",
        "robbery in Nazarbad, year by year",
        "all FIRs at Kuvempunagar for every year",
        "how have cheating cases changed year on year in Mysuru",
        "annual dacoity numbers for Jayalakshmipuram",
    ):
        d = draft(question)
        assert d.intent == "trend" and d.buckets == YEARLY, question
        assert sql(d).startswith("SELECT registered_at FROM firs"), question


def test_month_wise_trend_is_unchanged() -> None:
    d = draft("month-wise robbery at Lashkar in 2025")
    assert d.intent == "trend" and d.buckets == ()


def test_year_buckets_count_rows_and_day_counts() -> None:
    rows = [{"registered_at": "2024-02-01 10:00"}, {"registered_at": "2025-07-09 08:00"}]
    assert year_buckets(rows) == [{"year": "2024", "firs": 1}, {"year": "2025", "firs": 1}]
    days = [{"day": "2023-01-05", "firs": 3}, {"day": "2023-09-01", "firs": 2}]
    assert year_buckets(days) == [{"year": "2023", "firs": 5}]
    text, table = compose_records_answer("trend", "Year-wise trend", days, buckets=YEARLY)
    assert "year by year: 2023: 5" in text and table == [{"year": "2023", "firs": 5}]


# pronouns for what an earlier question named


def test_her_cases_after_asking_an_firs_io_are_that_ios() -> None:
    d = draft("how many of her cases are pending", history=("which IO has FIR-2026-00201",))
    statement = sql(d)
    assert "io_badge = (SELECT io_badge FROM firs" in statement
    assert "status = 'Under Investigation'" in statement


def test_what_else_of_that_io_leaves_the_fir_out() -> None:
    d = draft("what else does that IO have pending", history=("IO for FIR-2026-00202?",))
    assert "fir_id != 'FIR-2026-00202'" in sql(d)


def test_pronoun_after_asking_an_firs_accused_is_that_role() -> None:
    d = draft("has he been arrested yet", history=("name the accused of FIR-2026-00203",))
    statement = sql(d)
    assert "fir_id = 'FIR-2026-00203'" in statement and "arrested = TRUE" in statement
    assert "role = 'accused'" in statement


def test_pronoun_asking_other_firs_is_not_read_as_the_fir() -> None:
    asked = "which other FIRs mention him"
    assert name_the_role(asked, ("accused of FIR-2026-00203",)) == asked


def test_a_pronoun_for_the_person_the_question_names() -> None:
    assert names_its_referent("Meena Rao - show her FIRs", TODAY)
    assert not names_its_referent("show her FIRs", TODAY)


# local wording


def test_kanglish_and_hinglish_crime_words() -> None:
    assert "MURDER" in sql(draft("Lashkar dalli ee varsha eshtu kolegalu"))
    assert "CHEATING" in sql(draft("Nazarbad me pichle saal kitni dhokhadhadi hui"))
    assert "CHAIN SNATCHING" in sql(draft("Lashkar me is saal chain jhapatmari kitni"))


def test_kanglish_recovered_vehicles() -> None:
    statement = sql(draft("Nazarbad, 2025: kaledu hoda vahana matte sikkiddu eshtu"))
    assert "status = 'Recovered'" in statement and "COUNT(" in statement


# counts side by side


def test_both_numbers_compares_what_and_joins() -> None:
    d = draft("Lashkar and Nazarbad robbery this year, both numbers")
    assert d.intent == "compare" and "GROUP BY precinct_id" in sql(d)


def test_side_by_side_compares_stations() -> None:
    d = draft("Kuvempunagar and Lashkar: pending cases side by side")
    assert d.intent == "compare" and "status = 'Under Investigation'" in sql(d)


def test_year_against_year_is_a_comparison() -> None:
    d = draft("dacoity at Lashkar, 2023 against 2024")
    assert d.intent == "compare" and d.buckets == ("2023", "2024")


def test_stolen_versus_recovered_without_a_vehicle_word() -> None:
    statement = sql(draft("recovered vs stolen across Mysuru in 2025"))
    assert "status IN ('Recovered', 'Stolen')" in statement and "GROUP BY" in statement


# one top group


def test_a_single_top_group() -> None:
    assert sql(draft("which single station had the most robberies in 2025")).endswith("LIMIT 1")
    assert sql(draft("most common crime group in Nazarbad this year")).endswith("LIMIT 1")
    assert sql(draft("which two crime heads lead the count at Lashkar in 2025")).endswith("LIMIT 2")


# dates


def test_range_without_from() -> None:
    period, _ = find_period("thefts march to may 2025", TODAY)
    assert period is not None and (period.start, period.end) == (date(2025, 3, 1), date(2025, 6, 1))
    period, _ = find_period("riots 12 to 18 october 2025", TODAY)
    assert period is not None
    assert (period.start, period.end) == (date(2025, 10, 12), date(2025, 10, 19))


def test_from_a_year_is_that_year_unless_onwards() -> None:
    period, _ = find_period("undetected cases from 2024", TODAY)
    assert period is not None and (period.start, period.end) == (date(2024, 1, 1), date(2025, 1, 1))
    period, _ = find_period("undetected cases from 2024 onwards", TODAY)
    assert period is not None and (period.start, period.end) == (date(2024, 1, 1), None)


# persons


def test_person_in_any_role_has_no_role_filter() -> None:
    statement = sql(draft("FIRs of Meena Rao in any role"))
    assert "full_name LIKE" in statement and "persons.role =" not in statement


def test_how_many_times_a_person_was_accused_is_a_count() -> None:
    d = draft("how many times has Meena Rao been named as accused")
    assert d.intent == "count" and "persons.role = 'accused'" in sql(d)


# crimes named only to narrow another


def test_a_head_with_its_group_ruled_out_is_that_head() -> None:
    statement = sql(draft("other theft only at Lashkar this year, not all thefts"))
    assert "crime_head = 'OTHER THEFT'" in statement and "crime_group" not in statement


def test_a_disjoint_head_ruled_out_is_dropped() -> None:
    statement = sql(draft("drug consumption at Nazarbad (excluding ganja possession)"))
    assert "DRUG CONSUMPTION" in statement and "GANJA" not in statement


def test_a_head_under_its_act_is_that_head() -> None:
    statement = sql(draft("public nuisance under the KP Act at Lashkar in 2025"))
    assert "PUBLIC NUISANCE" in statement and "KARNATAKA POLICE ACT" not in statement


def test_ruling_out_part_of_a_wider_crime_is_asked() -> None:
    d = draft("thefts in Nazarbad but not chain snatching")
    assert d.statement is None and d.clarification and "chain snatching" in d.clarification


# vehicles and follow-ups


def test_vehicles_per_station() -> None:
    statement = sql(draft("per station, recovered vehicles in Mysuru"))
    assert "GROUP BY precinct_id" in statement and "status = 'Recovered'" in statement


def test_untraced_cars_are_stolen_vehicles() -> None:
    statement = sql(draft("how many cars are still untraced in Lashkar"))
    assert "status = 'Stolen'" in statement and "vehicle_type = 'Car'" in statement


def test_asking_for_the_fir_numbers_lists_the_previous_answer() -> None:
    d = draft("show the FIR numbers", history=("how many robberies at Lashkar in 2025",))
    assert d.intent == "list" and "ROBBERY" in sql(d) and "COUNT" not in sql(d)


def test_this_list_in_kanglish_is_the_list_on_screen() -> None:
    d = draft("ee list nalli eshtu undetected", shown=SHOWN)
    assert "fir_id IN ('FIR-2026-00201'" in sql(d)


def test_station_name_with_ps_run_on_is_one_candidate() -> None:
    assert ground_word("jayalaksmipuram", CORRECTABLE).word == "jayalakshmipuram"


def test_the_year_before_that_goes_one_year_back() -> None:
    d = draft("and the year before that?", history=("dacoity cases at Lashkar during 2025",))
    assert "2024-01-01" in sql(d) or "FIR-2024-*" in sql(d)


def test_the_year_before_that_without_a_year_is_asked() -> None:
    d = draft("and the year before that?", history=("dacoity cases at Lashkar",))
    assert d.statement is None and d.clarification


def test_at_night_narrows_a_carried_burglary() -> None:
    d = draft("how many of those were at night", history=("burglary count at Nazarbad in 2025",))
    assert "BURGLARY - NIGHT" in sql(d) and "BURGLARY - DAY" not in sql(d)


def test_same_thing_for_another_period_follows_up() -> None:
    d = draft("same thing for last year", history=("robbery count at Lashkar this year",))
    assert "ROBBERY" in sql(d) and ("2025-01-01" in sql(d) or "FIR-2025-*" in sql(d))


def test_from_a_year_till_now_is_since_that_year() -> None:
    d = draft("undetected cases at Lashkar from 2024 till now")
    assert "2024-01-01" in sql(d) and "2025-01-01" not in sql(d)


def test_hinglish_update_request_is_refused() -> None:
    d = draft("FIR-2026-00201 me accused ka naam sahi karo, update karo")
    assert d.statement is None and "only read records" in d.explanation


def test_two_vehicle_statuses_asked_together() -> None:
    statement = sql(draft("how many lorries seized or involved in Lashkar cases in 2025"))
    assert "status IN ('Seized', 'Involved')" in statement


def test_arrested_persons_named_first_lists_persons() -> None:
    d = draft("arrested persons in robbery cases at Lashkar this year - names")
    assert "FROM persons" in sql(d) and "arrested" in sql(d)


def test_been_an_accused_is_the_accused_role() -> None:
    d = draft("how many times has Meena Rao been an accused")
    assert d.intent == "count" and "persons.role = 'accused'" in sql(d)


def test_a_local_function_word_after_a_role_is_not_a_name() -> None:
    d = draft("complainant aagiro cases yaavu at Lashkar")
    assert "Aagiro" not in (d.statement or "")


def test_a_role_word_after_a_name_in_hinglish_is_the_role() -> None:
    statement = sql(draft("Meena Rao kaun kaun se FIR me complainant hai"))
    assert "persons.role = 'complainant'" in statement
