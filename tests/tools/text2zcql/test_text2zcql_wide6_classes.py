"""Silent-widening classes found by the v6 held-out set, fixed in general code and probed here
in this suite's own wording (the graph-level tests are in
`tests/graph/test_wide6_classes_through_graph.py`): a person's gender is a filter on persons
(also in follow-ups), never a name; FIRs with an accused named and none arrested are counted
as FIRs; Hinglish/Kanglish still-under-investigation wording is the status, and a lone
"investigation" or gender word no reading takes is asked about; a records question over a
festival-named period is not date arithmetic.
"""

from __future__ import annotations

import pytest

from graph.routing.rules import needs_tools, records_over_festival_days
from tests.tools.text2zcql.east import draft, sql


@pytest.mark.parametrize(
    ("text", "role", "gender"),
    [
        ("how many ladies are accused in robbery cases in KR Puram in 2025", "accused", "Female"),
        ("female complainants in Whitefield 2025 count", "complainant", "Female"),
        ("kitne mahila aaropi hain Whitefield mein 2025", "accused", "Female"),
        ("hengasaru accused eshtu Whitefield alli 2025", "accused", "Female"),
        ("how many women are named as victims in my station's FIRs in 2025", "victim", "Female"),
        ("how many men were arrested in Indiranagar in 2025", None, "Male"),
    ],
)
def test_a_gender_is_a_filter_on_persons_never_a_name(
    text: str, role: str | None, gender: str
) -> None:
    statement = sql(text)
    assert f"gender = '{gender}'" in statement
    assert "full_name" not in statement.split(" WHERE ", 1)[1]
    if role:
        assert f"role = '{role}'" in statement
    else:
        assert "arrested = TRUE" in statement


def test_the_callers_own_station_with_a_possessive_names_no_person() -> None:
    statement = sql("how many women are named as accused in our station's FIRs in 2025")
    assert "full_name" not in statement and "gender = 'Female'" in statement


@pytest.mark.parametrize(
    ("earlier", "text", "needles"),
    [
        (
            "accused arrested in Whitefield in 2025 - how many persons",
            "how many of them are women",
            ("arrested = TRUE", "gender = 'Female'", "BLR-E-WFD"),
        ),
        (
            "victims in Whitefield 2025 count",
            "of those how many are male",
            ("role = 'victim'", "gender = 'Male'"),
        ),
    ],
)
def test_a_gender_in_a_follow_up_filters_the_earlier_persons(
    earlier: str, text: str, needles: tuple[str, ...]
) -> None:
    statement = sql(text, (earlier,))
    for needle in needles:
        assert needle in statement


def test_a_gender_follow_up_with_no_persons_before_it_is_asked_about() -> None:
    d = draft("how many of them are women", ("theft cases in Whitefield in 2025",))
    assert d.statement is None and "accused, victims" in (d.clarification or "")


@pytest.mark.parametrize(
    "text", ["crimes against women in Whitefield 2025", "how many women police in Whitefield"]
)
def test_a_gender_word_no_persons_reading_takes_is_asked_about(text: str) -> None:
    d = draft(text)
    assert d.statement is None and "women" in d.unplaced


def test_missing_women_stays_a_crime_head() -> None:
    statement = sql("missing women cases in 2025")
    assert "MISSING WOMAN" in statement and "gender" not in statement


@pytest.mark.parametrize(
    "text",
    [
        "how many cases in KR Puram with no arrest so far in 2025",
        "list FIRs in Whitefield where nobody was arrested",
        "robbery FIRs without any arrest in 2025, how many",
        "pending FIRs in my stations with accused named but arrest innu baaki - how many FIRs",
    ],
)
def test_firs_with_no_arrest_are_firs_with_an_accused_and_none_arrested(text: str) -> None:
    statement = sql(text)
    assert "accused_count > 0" in statement and "arrested_count = 0" in statement
    assert "SUM(" not in statement and "persons" not in statement


def test_accused_not_arrested_still_counts_persons() -> None:
    statement = sql("how many accused not arrested in Whitefield in 2025")
    assert "COUNT(persons.ROWID)" in statement and "persons.arrested = FALSE" in statement


@pytest.mark.parametrize(
    ("text", "station"),
    [
        ("KR Puram alli investigation nalli iruva cases eshtu", "BLR-E-KRP"),
        ("Whitefield mein abhi bhi investigation mein kitne case hain", "BLR-E-WFD"),
        ("Indiranagar alli pending ide case eshtu", "BLR-E-IND"),
        ("Mahadevapura station alli innu investigation alli iro robbery eshtu", "BLR-E-MHD"),
    ],
)
def test_still_under_investigation_in_hinglish_and_kanglish_is_the_status(
    text: str, station: str
) -> None:
    statement = sql(text)
    assert "status = 'Under Investigation'" in statement and station in statement


def test_a_lone_investigation_word_is_asked_about_never_dropped() -> None:
    d = draft("Whitefield investigation cases count")
    assert d.statement is None and "investigation" in d.unplaced


@pytest.mark.parametrize(
    "text",
    [
        "FIRs in the division from Diwali day till now, total",
        "chain snatching statewide between Dasara and Deepavali 2026, both days counted",
        "robbery cases since Ganesh Chaturthi in KR Puram",
        "how many thefts from Holi to Ugadi 2026",
    ],
)
def test_records_over_a_festival_period_are_not_date_arithmetic(text: str) -> None:
    assert records_over_festival_days(text)
    assert not needs_tools(text)


@pytest.mark.parametrize(
    "text",
    [
        "how many days between Dasara and Deepavali 2026",
        "what date is Diwali 2027",
        "45 days after Diwali which date",
    ],
)
def test_a_date_or_days_asked_stays_with_the_date_calculator(text: str) -> None:
    assert not records_over_festival_days(text)
    assert needs_tools(text)
