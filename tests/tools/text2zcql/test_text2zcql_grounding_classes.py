"""Grounding classes: nothing the officer typed is skipped, and officer phrasing is read.

Place-name fragments and corrections that ground nothing are asked about; person names with
pronouns and "cases against"; Hinglish function words; the whole state; open period ends;
FIR numbers written Hinglish-style; one-swap typos. Wording here is this suite's own.
"""

from __future__ import annotations

from datetime import date

import pytest

from tools.domain.places import STATIONS, stations_in
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from tools.text2zcql.grounding import _score, ground_word
from tools.text2zcql.offline import parse
from tools.text2zcql.understand import CORRECTABLE
from validators.zcql.validate import validate

TODAY = date(2026, 12, 3)
EVERY = tuple(sorted(s.precinct_id for s in STATIONS))
MANDYA = tuple(sorted(s.precinct_id for s in stations_in("Mandya")))


def draft(question: str, precincts: tuple[str, ...] = MANDYA) -> ZcqlDraft:
    d = parse(ZcqlRequest(question, precincts, TODAY))
    if d.statement is not None:
        assert validate(d.statement, precincts).accepted_statement is not None, d.statement
    return d


@pytest.mark.parametrize(
    "question",
    [
        "robberies reported close to Rajaji Garden this month",  # "rajaji" of "rajaji nagar"
        "thefts around Vidya Colony since June",  # "vidya" of "vidya nagar"
    ],
)
def test_a_fragment_of_a_longer_place_name_is_asked_about(question: str) -> None:
    d = draft(question, EVERY)
    assert d.statement is None and d.clarification


def test_a_place_after_around_is_read_as_a_place() -> None:
    d = draft("burglaries around Srirangapatna last year")
    assert d.statement is not None and "MDY-R-SRP" in d.statement


def test_a_correction_into_a_word_that_changes_nothing_is_asked_about() -> None:
    # "gadiya" is closest to a vehicle word that only counts inside a vehicle phrase
    d = draft("eshtu gadiya prakarana Mandya alli ee varsha")
    assert d.statement is None and d.clarification and "gadiya" in d.clarification


def test_a_phrase_corrected_word_by_word_still_grounds() -> None:
    d = draft("how many chian snacthing in Mandya last yr")
    assert d.statement is not None and "CHAIN SNATCHING" in d.statement


def test_one_swapped_pair_of_letters_is_corrected() -> None:
    assert _score("mnoth", "month") >= 80
    assert ground_word("yaer", CORRECTABLE).word == "year"
    d = draft("murders in Maddur lsat yaer")
    assert d.statement is not None and "2025-01-01" in d.statement


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("FIRs against Manjunath Gowda", "accused"),
        ("Suresh Hegde - list the FIRs where she is a victim", "victim"),
        ("show Prakash Rao cases", "accused"),
    ],
)
def test_a_named_person_with_a_role_or_a_pronoun(question: str, role: str) -> None:
    d = draft(question)
    assert d.intent == "person_lookup", d.unparsed_reason
    assert f"persons.role = '{role}'" in (d.statement or "")


def test_naming_a_person_without_a_role_keeps_every_role() -> None:
    d = draft("FIRs naming Prakash Rao")
    assert d.intent == "person_lookup" and "persons.role =" not in (d.statement or "")


def test_hinglish_people_and_relative_words_are_read() -> None:
    d = draft("Maddur mein pichle mahine kitne log giraftar hue")
    assert d.intent == "count" and "arrested = TRUE" in (d.statement or "")
    d = draft("Maddur ki gaadiyan jo chori hui aur abhi tak mili nahi")
    assert d.statement is not None and "status = 'Stolen'" in d.statement


def test_hinglish_progressive_verbs_are_function_words() -> None:
    d = draft("1203 number FIR mein kya chal raha hai")
    assert d.statement is not None and "fir_id LIKE 'FIR-*-01203'" in d.statement


def test_the_whole_state_named_in_hinglish_adds_no_filter() -> None:
    d = draft("poora Karnataka mein is saal kitne dacoity", EVERY)
    assert d.statement is not None and "DACOITY" in d.statement
    assert d.statement.count("precinct_id") == 1


def test_an_open_end_up_to_today_is_not_the_period_today() -> None:
    d = draft("robberies at Maddur from Ganesh Chaturthi up to now")
    assert d.statement is not None and "registered_at >= '2026-09-14" in d.statement
    assert "registered_at <" not in d.statement


def test_combined_counts_are_counts() -> None:
    d = draft("robberies in Maddur and Srirangapatna combined this year")
    assert d.intent == "count"


@pytest.mark.parametrize(
    "question",
    ["burglaries in Chennai during 2025", "Telangana ke kitne dacoity cases hain"],
)
def test_a_place_outside_karnataka_is_refused_not_asked_about(question: str) -> None:
    d = draft(question, EVERY)
    assert d.statement is None and d.clarification is None
    assert "outside Karnataka" in (d.unparsed_reason or "")


def test_a_kannada_forecast_is_refused() -> None:
    d = draft("mundina varsha Maddur alli eshtu dacoity aagbahudu")
    assert d.statement is None and d.clarification is None


def test_was_a_named_person_arrested_keeps_the_arrest() -> None:
    d = draft("has Girish Naik been arrested")
    statement = d.statement or ""
    assert "persons.role = 'accused'" in statement and "persons.arrested = TRUE" in statement


def test_a_pronoun_after_a_question_naming_a_person_is_that_person() -> None:
    d = parse(
        ZcqlRequest(
            "is she still not arrested", MANDYA, TODAY, history=("FIRs against Rekha Shetty",)
        )
    )
    statement = d.statement or ""
    assert "'*Rekha Shetty*'" in statement and "persons.arrested = FALSE" in statement
    d = parse(
        ZcqlRequest(
            "which FIRs is that suspect in", MANDYA, TODAY, history=("FIRs naming Rekha Shetty",)
        )
    )
    assert "persons.role = 'accused'" in (d.statement or "")


def test_a_pronoun_with_no_person_before_it_is_asked_about() -> None:
    d = parse(ZcqlRequest("is he arrested", MANDYA, TODAY, history=("robberies in Maddur",)))
    assert d.statement is None and d.clarification
