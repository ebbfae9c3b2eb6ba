"""Law and procedure questions go to the knowledge base unless they name records."""

from __future__ import annotations

import pytest

from graph.routing.knowledge_frame import asks_law_or_procedure, knowledge_frame
from graph.routing.rules import rule_route
from graph.routing.scope import out_of_scope_class

LAW = ("rag", "a law or procedure question naming no records")


@pytest.mark.parametrize(
    ("text", "frame"),
    [
        ("dacoity with a firearm - up to how many years in jail", "punishment"),
        ("chain snatching ki saza kya hai", "punishment"),
        ("stalking a woman: what is the fine for it", "punishment"),
        ("by when does the inquest report have to reach the magistrate", "time_limit"),
        ("missing child report CWC ko kitne din mein bhejna hai", "time_limit"),
        ("vaidyakiya pariksheya varadi eshtu dinagalalli kodabeku", "time_limit"),
        ("what does the status Closed mean for an FIR", "meaning"),
        ("GD stands for what in station records", "meaning"),
        ("which rank of officer may order a search without a warrant", "authority"),
        ("juvenile case nalli bail yaaru kodtaare", "authority"),
        ("what particulars should an arrest memo carry", "contents"),
        ("at what count is a figure masked in published crime statistics", "data_rule"),
        ("how do we pack and seal blood samples for the lab", "how_to"),
    ],
)
def test_framed_law_questions_go_to_the_knowledge_base(text: str, frame: str) -> None:
    assert knowledge_frame(text) == frame
    assert asks_law_or_procedure(text)
    assert rule_route(text, None) in (LAW, ("rag", "a count question naming no records term"))


@pytest.mark.parametrize(
    "text",
    [
        "punishment section in FIR-2026-01234",
        "chain snatching cases in Whitefield past the deadline",
        "which IOs have dacoity files past the time limit",
        "how many robberies last month, and what is the punishment",
        "is this bailable",
        "what does the status mean for the accused Ravi Kumar",
        "how do I find the pending cases of my station",
    ],
)
def test_a_frame_word_does_not_take_a_records_question_away(text: str) -> None:
    assert not asks_law_or_procedure(text)


@pytest.mark.parametrize(
    "text", ["how do I fix a slow laptop", "how to bake a cake at home", "neevu yaaru"]
)
def test_a_frame_without_police_or_legal_words_is_not_a_law_question(text: str) -> None:
    assert not asks_law_or_procedure(text)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("are you ever tired of typing answers", "chat"),
        ("mood off hai yaar, kuch baat karo", "chat"),
        ("swalpa hottu nanna jothe maatadu", "chat"),
        ("how tall is Mount Everest", "trivia"),
        ("Kudremukh betta eshtu etharavide", "trivia"),
    ],
)
def test_more_chat_and_trivia_is_declined(text: str, kind: str) -> None:
    assert out_of_scope_class(text) == kind


def test_service_matters_of_police_ranks_are_not_declined() -> None:
    assert out_of_scope_class("what allowance does a head constable get for night duty") is None


@pytest.mark.parametrize(
    ("text", "frame"),
    [
        ("how many hours to forward the arrest memo to the magistrate", "time_limit"),
        ("case diary copy to the SP under 192 - within?", "time_limit"),
        ("mahazar yaavaga bareebeku", "time_limit"),
        ("what is a zero FIR", "meaning"),
        ("what is an inquest report meant to establish", "meaning"),
        ("steps before sealing the seized exhibits", "how_to"),
        ("panchnama kaise likhte hai", "how_to"),
    ],
)
def test_time_limit_meaning_and_how_to_asked_in_other_words(text: str, frame: str) -> None:
    assert knowledge_frame(text) == frame
    assert asks_law_or_procedure(text)


def test_a_time_limit_worded_question_about_a_named_fir_stays_a_records_question() -> None:
    assert not asks_law_or_procedure("how many days to close FIR-2026-01234 after it was filed")


@pytest.mark.parametrize(
    ("text", "frame"),
    [
        ("undertrial ko court le jaate waqt hathkadi laga sakte hain kya", "permission"),
        ("magistrate ke saamne diya bayan court mein chalega kya", "permission"),
        ("hengasu saakshi na station ge karesabahuda", "permission"),
        ("explain what a case diary is", "meaning"),
        ("what does an inquest report record", "contents"),
        ("which complaint modes are used in this system", "data_rule"),
        ("in what format are FIR numbers written", "data_rule"),
        ("once a juvenile is caught, whom do we have to notify", "how_to"),
    ],
)
def test_hinglish_modals_and_system_data_rules_are_law_questions(text: str, frame: str) -> None:
    assert knowledge_frame(text) == frame
    assert rule_route(text, None) == LAW


def test_a_station_intake_form_is_a_document_not_records() -> None:
    assert rule_route("what goes in the KR Puram complaint intake form", None) == LAW


@pytest.mark.parametrize(
    "text",
    [
        "how many FIRs in this system are under investigation in Whitefield",
        "list the cases in the firs table registered last week",
    ],
)
def test_records_asked_of_this_system_stay_records(text: str) -> None:
    assert not asks_law_or_procedure(text)


@pytest.mark.parametrize(
    "text",
    [
        "can v arrest a 72 yr old woman for a 2 year offence",
        "hw many days 4 chargesheet in a robbery case",
    ],
)
def test_an_age_or_a_number_of_days_is_not_a_records_period_or_count(text: str) -> None:
    assert asks_law_or_procedure(text)
