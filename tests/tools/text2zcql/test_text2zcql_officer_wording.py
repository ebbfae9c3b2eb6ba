"""How officers type: Hinglish and Kanglish, festivals and relative dates, station and IO
names that fit several, write requests, and words left over that must never be dropped."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from tools.domain.places import stations_in
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from tools.text2zcql.confidence import draft_confidence
from tools.text2zcql.dates import find_period, read_festivals
from tools.text2zcql.offline import parse
from tools.text2zcql.serials import probe, question
from tools.text2zcql.understand import asks_to_write, understand

TODAY = date(2026, 12, 3)
EAST = tuple(sorted(s.precinct_id for s in stations_in("Bengaluru East")))
SOUTH = tuple(sorted(s.precinct_id for s in stations_in("Bengaluru South")))
EVERYWHERE = tuple(
    sorted(
        s.precinct_id
        for d in ("Bengaluru East", "Bengaluru South", "Shivamogga", "Mandya", "Udupi")
        for s in stations_in(d)
    )
)


def draft(text: str, precincts: tuple[str, ...] = EAST) -> ZcqlDraft:
    return parse(ZcqlRequest(text, precincts, TODAY))


def where(d: ZcqlDraft) -> str:
    assert d.statement is not None, d.explanation
    return d.statement


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        (
            "Whitefield mein pichle mahine kitni chori hui?",
            ["precinct_id = 'BLR-E-WFD'", "crime_group = 'THEFT'", "'2026-11-01 00:00:00'"],
        ),
        (
            "KR Puram nalli ee tingalu eshtu mobile kalavu aaytu?",
            ["crime_head = 'MOBILE PHONE THEFT'", ">= '2026-12-01 00:00:00'"],
        ),
        (
            "Mahadevapura ke saare jhapatmari case dikhao",
            ["precinct_id = 'BLR-E-MHD'", "crime_head = 'CHAIN SNATCHING'", "LIMIT 300"],
        ),
        ("mere station mein kitne case abhi pending hai", ["status = 'Under Investigation'"]),
        (
            "pichle saal sabse zyada FIR kis thane mein hue?",
            ["GROUP BY precinct_id", "LIMIT 1", "'2025-01-01 00:00:00'"],
        ),
    ],
)
def test_hinglish_and_kanglish_are_grounded(text: str, parts: list[str]) -> None:
    statement = where(draft(text))
    for part in parts:
        assert part in statement


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("since dasara last year", date(2025, 10, 2), None),
        ("2025 deepavali ke din", date(2025, 10, 20), date(2025, 10, 21)),
        ("on rajyotsava day 2024", date(2024, 11, 1), date(2024, 11, 2)),
        ("between holi and ugadi 2025", date(2025, 3, 14), date(2025, 3, 31)),
        ("on new year's eve 2024", date(2024, 12, 31), date(2025, 1, 1)),
        ("pichle christmas se ab tak", date(2025, 12, 25), None),
    ],
)
def test_festivals_take_the_year_written_near_them(
    text: str, start: date, end: date | None
) -> None:
    period, _ = find_period(read_festivals(text, TODAY).text, TODAY)
    assert period is not None and (period.start, period.end) == (start, end)


def test_eid_alone_is_two_festivals_to_ask_about() -> None:
    read = read_festivals("robberies on eid 2025", TODAY)
    assert read.ambiguous == [("eid", ("Eid Al-Fitr (2025-03-31)", "Eid Al-Adha (2025-06-07)"))]
    d = draft("robberies in Whitefield on Eid 2025")
    assert d.clarification is not None and "2025-06-07" in d.clarification


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("registered more than 45 days ago", None, date(2026, 10, 19)),
        ("older than six months", None, date(2026, 6, 3)),
        ("over a year old", None, date(2025, 12, 3)),
        ("in the second half of 2025", date(2025, 7, 1), date(2026, 1, 1)),
        ("during q3 2025", date(2025, 7, 1), date(2025, 10, 1)),
        ("the year before last", date(2024, 1, 1), date(2025, 1, 1)),
        ("2024 se", date(2024, 1, 1), None),
    ],
)
def test_relative_periods(text: str, start: date | None, end: date | None) -> None:
    period, _ = find_period(text, TODAY)
    assert period is not None and (period.start, period.end) == (start, end)


def test_a_name_of_two_stations_is_asked_unless_the_district_or_jurisdiction_settles_it() -> None:
    asked = draft("thefts in Jayanagar this year", EVERYWHERE)
    assert asked.clarification is not None
    assert "Jayanagar PS Shivamogga" in asked.clarification
    assert "precinct_id = 'BLR-S-JNR'" in where(draft("thefts in Jayanagar this year", SOUTH))
    in_district = draft("thefts in Jayanagar, Shivamogga this year", EVERYWHERE)
    assert "precinct_id = 'SMG-U-JNR'" in where(in_district)


def test_a_district_called_a_station_names_its_stations() -> None:
    asked = draft("cases in Mandya PS last month", EVERYWHERE)
    assert asked.clarification is not None
    assert "Mandya West PS" in asked.clarification and "Mandya East PS" in asked.clarification
    assert "precinct_id = 'UDP-U-UDT'" in where(draft("cases in Udupi PS last month", EVERYWHERE))


def test_station_names_however_spaced() -> None:
    assert "precinct_id = 'BLR-E-IND'" in where(draft("how many thefts in indira nagar"))
    assert "precinct_id = 'BLR-E-KRP'" in where(draft("how many thefts in krpuram"))


@pytest.mark.parametrize(
    ("text", "io"),
    [
        ("pending cases of D. Shankar", "io_badge = "),
        ("Kumaraswamy sir ke paas kitne case", "Which IO:"),
        ("Shankar sir ke paas kitne case", "io_badge = "),
        ("Lokesh avara hatra eshtu case pending ide", "io_badge = "),
    ],
)
def test_ios_named_without_the_word_io(text: str, io: str) -> None:
    d = draft(text)
    assert io in (d.statement or d.clarification or "")


def test_a_surname_without_an_io_cue_is_not_taken_for_an_io() -> None:
    u = understand("cases in whitefield involving shankar", TODAY, EAST)
    assert not u.entities.io_candidates


@pytest.mark.parametrize(
    "text",
    [
        "close FIR-2026-00012 as charge sheeted",
        "please delete FIR-2026-00012",
        "change the IO of FIR-2026-00012 to D. Shankar",
        "FIR-2026-00012 ko undetected mark kar do",
    ],
)
def test_write_requests_are_refused_not_asked(text: str) -> None:
    assert asks_to_write(text)
    d = draft(text)
    assert d.statement is None and d.clarification is None and "only read" in d.explanation


def test_questions_are_not_write_requests() -> None:
    assert not asks_to_write("how many cases were transferred last month")
    assert not asks_to_write("set of pending cases in whitefield")


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("how many chain cases in whitefield", "chain"),
        ("how many snorkelling cases in whitefield", "snorkelling"),
    ],
)
def test_a_word_left_over_is_asked_about_never_dropped(text: str, word: str) -> None:
    d = draft(text)
    assert d.statement is None and d.clarification is not None
    assert word in d.clarification and word in d.unplaced


def test_a_kind_of_vehicle_with_its_status_filters_the_vehicles() -> None:
    statement = where(draft("how many cars not yet recovered in Whitefield"))
    assert "status = 'Stolen'" in statement and "vehicle_type = 'Car'" in statement


def test_fir_serials_are_probed_over_every_year_and_several_are_asked_about() -> None:
    assert probe(["BLR-E-KRP"], ["04029"]) == (
        "SELECT fir_id FROM firs WHERE precinct_id = 'BLR-E-KRP' AND fir_id LIKE "
        "'FIR-*-04029' ORDER BY fir_id LIMIT 300"
    )
    assert question(["FIR-2026-04029"]) is None
    asked = question(["FIR-2025-04029", "FIR-2026-04029"])
    assert asked is not None and "FIR-2025-04029 or FIR-2026-04029" in asked
    d = draft("status of FIR 4029")
    assert d.fir_serials == ("04029",) and "LIKE 'FIR-*-04029'" in where(d)


def test_confidence_follows_how_the_question_was_grounded_and_answered() -> None:
    exact = understand("how many thefts in whitefield", TODAY, EAST)
    corrected = understand("how many theftss in whitfield", TODAY, EAST)
    assert corrected.corrections
    assert draft_confidence(exact, "count") >= draft_confidence(exact, "list")
    assert draft_confidence(exact, "list") > draft_confidence(exact, "lookup_status")
    assert draft_confidence(exact, "lookup_status") >= draft_confidence(exact, "person_lookup")
    assert 0.0 < draft_confidence(replace(corrected, follows="x"), "count") <= 1.0


def test_two_periods_that_do_not_overlap_are_asked_about_unless_compared() -> None:
    asked = draft("pichle saal KR Puram mein is saal kitne murder?")
    assert asked.statement is None and asked.clarification is not None
    assert "last year" in asked.clarification and "this year" in asked.clarification
    assert draft("murders last year vs this year").intent == "compare"
    assert draft("pichle saal aur is saal kitne murder?").intent == "compare"


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("who was arrested in FIR-2026-00012", "arrested = TRUE"),
        ("accused in FIR-2026-00012 yet to be arrested", "arrested = FALSE"),
        ("ee FIR-2026-00012 alli accused arrest aagilla", "arrested = FALSE"),
    ],
)
def test_arrest_asked_about_persons_in_an_fir_filters_them(text: str, condition: str) -> None:
    assert condition in where(draft(text))


def follow(history: str, text: str) -> ZcqlDraft:
    return parse(ZcqlRequest(text, EAST, TODAY, history=(history,)))


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("how many were charge sheeted?", ["status = 'Charge Sheeted'", "io_badge = "]),
        ("how many are older than six months?", ["registered_at < '2026-06-03", "io_badge = "]),
        ("KR Puram nalli?", ["precinct_id = 'BLR-E-KRP'", "io_badge = "]),
    ],
)
def test_questions_that_continue_the_last_one_carry_its_filters(
    text: str, parts: list[str]
) -> None:
    d = follow("pending cases with IO D. Shankar", text)
    for part in parts:
        assert part in where(d)
    assert "following up on your previous question" in d.explanation


def test_of_those_means_the_screen_when_a_list_is_on_it() -> None:
    ids = ("FIR-2026-00011", "FIR-2026-00012")
    d = parse(
        ZcqlRequest(
            "how many of those are undetected",
            EAST,
            TODAY,
            history=("thefts in Whitefield",),
            visible_record_ids=ids,
        )
    )
    assert "fir_id IN ('FIR-2026-00011', 'FIR-2026-00012')" in where(d)
    assert "crime_group" not in where(d)
