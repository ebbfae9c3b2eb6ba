"""Failure classes found with the rec6 probe list (`data/rec6_probes.jsonl`), each fixed in
general code and tested here in this suite's own wording.

The probe list is 110 records questions typed the way officers type on a phone or dictate
(padding, abbreviations, Hinglish and Kanglish, voice-typing splits, questions inside longer
context), with gold results computed on the evaluation database. It was written and measured
before any change: execution accuracy 0.776 (76 of 98 answers), 4 of 6 must-clarify asked,
6 of 6 must-refuse refused, 1 widened answer, ECE 0.059 (`python -m bench.eval_records --set
tests/tools/text2zcql/data/rec6_probes.jsonl`), measured again on the final relabelled list
before any change. Relabelled after the first run: one probe expected a clarification where
only one IO fits the name (now an IO name two IOs share), one expected a count where no count
was asked (now a list), and the quarter and half-year gold labels ('Q1', 'Jan-Jun'). After the
fixes: execution accuracy 0.969 (95 of 98), 5 of 6 clarified, 6 of 6 refused, no widened
answer, ECE 0.013. Left: a question embedding "tomorrow" goes to the date calculator, an
empty one-day list states no number, "hubli" alone is read as the district.

Classes: quarter and half-year trends and comparisons, arrests per month, vehicles counted by
their own status, "what else is pending with that IO", grouping by place of occurrence,
"workload", "<object> chori" as that crime head, an IO's initial without its dot, "my
division", and vehicles of the FIRs listed on screen.
"""

from __future__ import annotations

from datetime import date

import pytest

from tools.domain.places import stations_in
from tools.records.answer import compose_records_answer
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from tools.text2zcql.offline import parse
from tools.text2zcql.theft_words import read_theft_words
from tools.text2zcql.yearly import HALF_YEARLY, QUARTERLY
from validators.zcql.validate import validate

TODAY = date(2026, 12, 3)
MYSURU = tuple(sorted(s.precinct_id for s in stations_in("Mysuru")))


def draft(
    text: str,
    history: tuple[str, ...] = (),
    visible: tuple[str, ...] = (),
) -> ZcqlDraft:
    d = parse(ZcqlRequest(text, MYSURU, TODAY, history=history, visible_record_ids=visible))
    if d.statement is not None:
        assert validate(d.statement, MYSURU).accepted_statement is not None, d.statement
    return d


def sql(text: str, **kw: tuple[str, ...]) -> str:
    d = draft(text, **kw)
    assert d.statement is not None, d.clarification or d.unparsed_reason
    return d.statement


@pytest.mark.parametrize(
    ("text", "buckets"),
    [
        ("lashkar ps robbery quarter wise for 2025", QUARTERLY),
        ("nazarbad FIRs quarterly since jan 2025", QUARTERLY),
        ("half yearly cheating count kuvempunagar 2024", HALF_YEARLY),
    ],
)
def test_a_quarter_or_half_year_wise_question_is_a_trend_in_those_buckets(
    text: str, buckets: tuple[str, ...]
) -> None:
    d = draft(text)
    assert d.intent == "trend" and d.buckets == buckets
    assert d.statement is not None and d.statement.startswith("SELECT registered_at FROM firs")


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        ("q2 vs q3 2025 thefts at lashkar", ("2025-Q2", "2025-Q3")),
        ("nazarbad H1 v H2 2025", ("2025-H1", "2025-H2")),
        ("first half vs second half of last year, lashkar murders", ("2025-H1", "2025-H2")),
    ],
)
def test_parts_of_a_year_compared_are_the_comparisons_buckets(
    text: str, labels: tuple[str, ...]
) -> None:
    d = draft(text)
    assert d.intent == "compare" and d.buckets == labels


def test_a_half_of_last_year_is_dated() -> None:
    statement = sql("robbery count in lashkar in the second half of last year")
    assert "registered_at >= '2025-07-01" in statement
    assert "registered_at < '2026-01-01" in statement


def test_quarters_are_counted_and_named_per_year() -> None:
    rows = [{"registered_at": f"2025-{m:02d}-10 10:00:00"} for m in (1, 2, 5, 11)]
    text, table = compose_records_answer("trend", "Quarter-wise FIRs", rows, buckets=QUARTERLY)
    assert table == [
        {"year": "2025", "quarter": "Q1", "firs": 2},
        {"year": "2025", "quarter": "Q2", "firs": 1},
        {"year": "2025", "quarter": "Q4", "firs": 1},
    ]
    assert "2025 Q1: 2" in text


def test_compared_halves_are_counted_by_their_months() -> None:
    rows = [{"registered_at": "2025-03-01 09:00:00"}, {"registered_at": "2025-08-01 09:00:00"}]
    _, table = compose_records_answer("compare", "x", rows, buckets=("2025-H1", "2025-H2"))
    assert [(r["period"], r["firs"]) for r in table] == [("Jan-Jun", 1), ("Jul-Dec", 1)]


@pytest.mark.parametrize(
    "text", ["arrests month by month in lashkar 2025", "monthly arrests lashkar"]
)
def test_arrests_per_month_are_a_trend_of_arrest_dates(text: str) -> None:
    d = draft(text)
    assert d.intent == "trend" and d.statement is not None
    assert d.statement.startswith("SELECT arrested_at FROM persons")


def test_arrest_dates_are_bucketed_by_month() -> None:
    rows = [{"arrested_at": "2025-02-03 10:00:00"}, {"arrested_at": "2025-02-20 10:00:00"}]
    _, table = compose_records_answer("trend", "Month-wise arrests", rows)
    assert table == [{"month": "2025-02", "firs": 2}]


@pytest.mark.parametrize(
    "text", ["vehicle status wise count lashkar", "lashkar vehicles stolen v recovered in 2025"]
)
def test_vehicles_are_grouped_by_their_own_status(text: str) -> None:
    statement = sql(text)
    assert "FROM vehicles" in statement and "GROUP BY" in statement and "status" in statement


def test_a_vehicle_theft_crime_status_wise_stays_fir_status() -> None:
    statement = sql("vehicle theft status wise lashkar")
    assert "FROM firs" in statement and "GROUP BY status" in statement


def test_vehicles_of_the_listed_firs_stay_within_the_list() -> None:
    listed = ("FIR-2026-00001", "FIR-2026-00002")
    statement = sql("of these, how many vehicles are recovered", visible=listed)
    assert "'FIR-2026-00001'" in statement and "FROM vehicles" in statement


@pytest.mark.parametrize(
    "text", ["what else is pending with that IO", "anything else pending with the same officer?"]
)
def test_what_else_is_pending_with_that_io_carries_the_named_firs_io(text: str) -> None:
    statement = sql(text, history=("who is investigating FIR-2026-02231",))
    assert "io_badge = (SELECT io_badge FROM firs" in statement
    assert "fir_id != 'FIR-2026-02231'" in statement


@pytest.mark.parametrize(
    "text", ["location wise murders in lashkar", "top 3 places of occurrence for theft in lashkar"]
)
def test_firs_are_grouped_by_place_of_occurrence(text: str) -> None:
    assert "GROUP BY place_of_occurrence" in sql(text)


def test_one_firs_place_of_occurrence_is_still_a_look_up() -> None:
    assert draft("place of occurrence of FIR-2026-02231").intent == "lookup_status"


def test_workload_is_firs_per_io() -> None:
    assert "GROUP BY io_name" in sql("pending workload of each IO in lashkar")


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("lashkar mein two wheeler chori kitne", "lashkar mein two wheeler theft kitne"),
        ("bike ki chori", "bike theft"),
        ("mobile kalavu eshtu", "mobile theft eshtu"),
        ("vehicles stolen vs recovered", "vehicles stolen vs recovered"),
        ("how many 2 wheeler missing cases", "how many 2 wheeler theft cases"),
        ("missing person cases", "missing person cases"),
    ],
)
def test_an_object_with_a_local_theft_word_is_that_crime(typed: str, read: str) -> None:
    assert read_theft_words(typed) == read


def test_two_wheeler_chori_is_the_head_not_every_theft() -> None:
    statement = sql("lashkar mein is saal kitne two wheeler chori hue")
    assert "crime_head = 'TWO-WHEELER THEFT'" in statement


def test_my_division_is_the_callers_precincts() -> None:
    statement = sql("pending robbery cases in my division")
    assert "status = 'Under Investigation'" in statement and "ROBBERY" in statement


@pytest.mark.parametrize(
    "text",
    ["ganja cases in lashkar between diwali and today", "lashkar thefts from 1 oct 2026 till date"],
)
def test_a_range_up_to_today_is_since_its_first_day(text: str) -> None:
    statement = sql(text)
    assert "registered_at >= '2026-1" in statement and "registered_at <" not in statement


@pytest.mark.parametrize(
    "text", ["thefts in JLP 2026", "complaint mode wise FIRs for jlp this year"]
)
def test_a_stations_short_code_is_that_station_never_dropped(text: str) -> None:
    assert "precinct_id = 'MYS-C-JLP'" in sql(text)


def test_a_short_code_shared_by_two_stations_is_asked_about() -> None:
    every = tuple(sorted(s.precinct_id for s in stations_in("Bengaluru South"))) + tuple(
        sorted(s.precinct_id for s in stations_in("Shivamogga"))
    )
    d = parse(ZcqlRequest("robbery at jnr ps this year", every, TODAY))
    assert d.statement is None and "Jayanagar PS Shivamogga" in (d.clarification or "")


def test_cyber_alone_is_the_cyber_crime_group() -> None:
    assert "crime_group = 'CYBER CRIME'" in sql("lashkar station cyber cases 2025 ka count batao")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("is A. Ayesha involved in any case, fir nos pls", "A. Ayesha"),
        ("has Ravi Kumar been booked in any FIR", "Ravi Kumar"),
        ("was Sunil Joshi named as accused anywhere", "Sunil Joshi"),
    ],
)
def test_a_person_named_before_involved_is_looked_up(text: str, name: str) -> None:
    assert f"persons.full_name LIKE '*{name}*'" in sql(text)


def test_a_crime_before_involved_is_not_taken_for_a_name() -> None:
    assert "crime_group = 'THEFT'" in sql("is theft involved in any case")


@pytest.mark.parametrize("text", ["car cases in lashkar", "bike accidents lashkar 2025"])
def test_a_vehicle_type_qualifying_firs_is_asked_about_never_dropped(text: str) -> None:
    d = draft(text)
    assert d.statement is None and "FIRs carry no vehicle type" in (d.clarification or "")


def test_vehicles_named_alone_are_counted_as_vehicles_of_that_type() -> None:
    statement = sql("how many bikes in lashkar 2025")
    assert "FROM vehicles" in statement and "vehicle_type = 'Two-wheeler'" in statement


@pytest.mark.parametrize("text", ["motor vehicle accidents lashkar", "two wheeler theft lashkar"])
def test_a_crime_phrase_holding_a_vehicle_word_is_not_asked_about(text: str) -> None:
    assert "FROM firs" in sql(text)


def test_list_out_is_list() -> None:
    assert "crime_group = 'ROBBERY'" in sql("list out robbery cases of lashkar 2025")


def test_vehicle_types_restating_a_vehicle_theft_stay_that_theft() -> None:
    statement = sql("lashkar mein kitni gaadi chori hui (two wheeler + four wheeler)")
    assert "FROM firs" in statement and "'TWO-WHEELER THEFT'" in statement
