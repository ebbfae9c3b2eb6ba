"""A dictated question in written form (`graph.spoken`), and typed questions left alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from graph.spoken import written_form

EVAL = Path(__file__).resolve().parents[2] / "data" / "eval"


def read(text: str) -> str:
    return written_form(text).text


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("thefts in twenty twenty four", "thefts in 2024"),
        ("cases from twenty nineteen to twenty twenty two", "cases from 2019 to 2022"),
        ("registered in two thousand twenty three", "registered in 2023"),
        ("registered in two thousand and nine", "registered in 2009"),
        ("an old case of nineteen ninety eight", "an old case of 1998"),
        ("what happened in twenty oh eight", "what happened in 2008"),
    ],
)
def test_a_year_said_in_pairs_or_in_thousands_is_a_year(said, written):
    assert read(said) == written


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("sixty one out of three hundred and four", "61 out of 304"),
        ("three thousand one hundred and seven complaints", "3107 complaints"),
        ("fourteen hundred cases", "1400 cases"),
        ("a loss of two lakh fifty thousand rupees", "a loss of 250000 rupees"),
        ("stolen gold worth one lakh", "stolen gold worth 1 lakh"),
        ("population six point five lakh", "population 6.5 lakh"),
        ("what date is sixty days after today", "what date is 60 days after today"),
        ("a seventeen year old was found", "a 17 year old was found"),
    ],
)
def test_a_compound_or_teen_number_is_a_numeral(said, written):
    assert read(said) == written


@pytest.mark.parametrize(
    "typed",
    [
        "which one is still pending",
        "no one has complained so far",
        "is this one charge sheeted",
        "one of the accused absconded",
        "a hundred people gathered",
        "two wheeler thefts in the last three months",
        "give me one line on zero FIR",
        "the second accused is absconding",
        "first of all tell me the status",
        "we may first need to check the register",
        "what is the limitation period",
        "cases registered in that period",
        "the gathering was at two thirty",
        "rate per one lakh population",
        "I was on leave, can I see a list of FIRs",
        "Section 498 A cases in 2025, KR Puram PS",
        "FIRs in Whitefield PS registered in 2025?",
        "Zero FIR andre enu? hege register maadbeku?",
        "kr puram and mandya east thefts",
        "a land dispute turned violent",
        "vehicles sold to wheeler dealers",
    ],
)
def test_a_question_in_written_form_is_not_changed(typed):
    reading = written_form(typed)
    assert reading.text == typed
    assert reading.changes == ()


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("how many f i r s today", "how many FIRs today"),
        ("old i p c section", "old IPC section"),
        ("under the b n s s", "under the BNSS"),
        ("count of e f i r complaints", "count of e-FIR complaints"),
        ("the a s i on duty", "the ASI on duty"),
        ("what is a b n s section", "what is a BNS section"),
        ("cases with the i o s of c c b", "cases with the IOs of CCB"),
        ("thefts in j p nagar", "thefts in JP nagar"),
    ],
)
def test_spelled_letters_are_one_abbreviation(said, written):
    assert read(said) == written


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("murders this year full stop", "murders this year."),
        ("thefts last month comma burglaries", "thefts last month, burglaries"),
        ("is it bailable question mark", "is it bailable?"),
        ("cases in the station new line pending ones", "cases in the station pending ones"),
        ("arrests in twenty twenty five period", "arrests in 2025."),
        ("send the list please period", "send the list please."),
    ],
)
def test_spoken_punctuation_becomes_the_mark(said, written):
    assert read(said) == written


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("burglaries in white field", "burglaries in Whitefield"),
        ("thefts near kuvempu nagar station", "thefts near Kuvempunagar station"),
        ("robbery around rama murthy nagar", "robbery around Ramamurthy Nagar"),
        ("cases in bhadra vathi", "cases in Bhadravathi"),
        ("raja ji nagar police station", "Rajajinagar police station"),
    ],
)
def test_a_split_place_name_is_joined_only_into_a_known_name(said, written):
    assert read(said) == written


def test_words_that_join_into_no_known_place_stay_apart():
    assert read("thefts in green field") == "thefts in green field"
    assert read("cases in raja nagar") == "cases in raja nagar"


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("arrested on the third of march", "arrested on 3 March"),
        ("from the twenty first of june", "from 21 June"),
        ("remand ends october the second", "remand ends October 2"),
        ("seized on fifth august twenty twenty five", "seized on 5 August 2025"),
    ],
)
def test_an_ordinal_beside_a_month_is_a_date(said, written):
    assert read(said) == written


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("status of f i r four zero one", "status of FIR 401"),
        ("status of f i r number eight one", "status of FIR number 81"),
        ("i o of f i r twenty twenty four zero zero three one two", "IO of FIR-2024-00312"),
        ("accused in f i r twenty twenty five seven seven", "accused in FIR-2025-00077"),
        ("fir number fifty one of twenty twenty four", "fir number 51 of 2024"),
        ("fir number nine", "fir number 9"),
    ],
)
def test_a_fir_number_said_in_words(said, written):
    assert read(said) == written


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("i p c four twenty is which b n s section", "IPC 420 is which BNS section"),
        ("dowry death three zero four b ipc", "dowry death 304B ipc"),
        ("section four ninety eight a ipc", "section 498A ipc"),
        ("b n s one fifteen two punishment", "BNS 115(2) punishment"),
        ("bnss thirty five notice", "bnss 35 notice"),
        ("section nine of the act", "section 9 of the act"),
    ],
)
def test_a_section_said_in_words(said, written):
    assert read(said) == written


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("stolen for wheelers in our station", "stolen four wheelers in our station"),
        ("to wheeler thefts this year", "two wheeler thefts this year"),
    ],
)
def test_a_number_misheard_before_wheeler_is_the_number(said, written):
    assert read(said) == written


def test_changes_name_the_rules_that_applied():
    reading = written_form("how many f i r s in indira nagar in twenty twenty six full stop")
    assert reading.text == "how many FIRs in Indiranagar in 2026."
    assert reading.changes == ("letters", "place", "number", "punctuation")


def _regression_questions() -> list[str]:
    questions: list[str] = []
    for path in sorted(EVAL.glob("*.jsonl")):
        if "_v7" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            questions += [q for q in (case.get("question"), *case.get("history", [])) if q]
    return questions


def test_typed_regression_questions_are_read_as_typed():
    """v1..v6 are typed: only a split known place name ("indira nagar") is rewritten."""
    changed = {q: written_form(q) for q in _regression_questions()}
    rewritten = {q: r.changes for q, r in changed.items() if r.text != q}
    assert all(changes == ("place",) for changes in rewritten.values()), rewritten
    assert len(rewritten) <= 2
