"""Answer selection by the shape of what is asked (the know5 probe classes): the passage
with a period for a time limit, a penalty for a punishment, a named actor for "who"; all
"Step N" sections of a document in order; a definition of something no passage names is
not answered; a second ask joined with "and" gets its own sentence."""

from __future__ import annotations

from tools.knowledge.answer import compose_extractive_answer, is_abstention, question_type
from tools.knowledge.index import Passage
from tools.knowledge.query_text import expand_query


def _part(doc: str, title: str, section: str, text: str, score: float) -> Passage:
    return Passage(f"c-{doc}-{section}", doc, title, section, text, 1, (), score)


STRAY = "Stray cattle on highways"


def test_a_penalty_question_quotes_the_section_that_states_the_penalty() -> None:
    passages = [
        _part(
            "sop-cattle",
            STRAY,
            "Records of stray cattle",
            "Owners of stray cattle are noted "
            "in the cattle register and the register is not disclosed.",
            9.0,
        ),
        _part(
            "sop-cattle",
            STRAY,
            "Owners who let cattle stray",
            "Letting cattle stray on a "
            "highway is an offence. The penalty is imprisonment up to 3 months or fine.",
            8.9,
        ),
    ]
    answer = compose_extractive_answer("penalty for an owner who lets cattle stray", passages)
    assert "3 months" in answer.answer


def test_a_who_question_prefers_the_sentence_naming_the_actor_over_a_when_heading() -> None:
    passages = [
        _part(
            "sop-cattle",
            STRAY,
            "When stray cattle are found",
            "Record the stray cattle and the place where they were found.",
            9.0,
        ),
        _part(
            "sop-cattle",
            STRAY,
            "Impounding stray cattle",
            "Stray cattle are impounded by an officer not below the rank of Sub-Inspector.",
            8.5,
        ),
    ]
    answer = compose_extractive_answer("who should impound stray cattle", passages)
    assert "Sub-Inspector" in answer.answer


def test_a_steps_question_over_numbered_step_sections_quotes_every_step_in_order() -> None:
    doc, title = "sop-flood", "Flood response"
    passages = [
        _part(doc, title, "Step 2: shift people", "Shift people in low areas to relief camps.", 9),
        _part(
            doc, title, "Step 1: warn the public", "Warn the public by siren and loudspeaker.", 8
        ),
        _part(doc, title, "Step 3: report", "Report the flood to the control room.", 7),
    ]
    answer = compose_extractive_answer("flood in our area, what to do first", passages)
    lines = answer.answer.splitlines()
    assert [line.split()[0] for line in lines[:3]] == ["Warn", "Shift", "Report"]


def test_a_definition_of_something_no_passage_names_is_not_answered() -> None:
    passages = [
        _part(
            "sop-cattle",
            STRAY,
            "Impounding stray cattle",
            "Stray cattle are impounded by a Sub-Inspector in uniform.",
            9.0,
        )
    ]
    answer = compose_extractive_answer("what is the uniform allowance for sub-inspectors", passages)
    assert is_abstention(answer) and "sop-cattle" in answer.answer


def test_a_second_ask_joined_with_and_gets_its_own_period() -> None:
    doc, title = "sop-cattle", STRAY
    passages = [
        _part(
            doc,
            title,
            "Impounding within 6 hours",
            "Stray cattle are impounded within 6 hours of the complaint.",
            9.0,
        ),
        _part(doc, title, "Auction", "Unclaimed cattle are auctioned after 15 days.", 6.0),
    ]
    answer = compose_extractive_answer(
        "how soon are stray cattle impounded and when are unclaimed cattle auctioned", passages
    )
    assert "6 hours" in answer.answer and "15 days" in answer.answer


def test_written_in_asks_for_the_contents() -> None:
    assert question_type("what should be written in a seizure memo") == "steps"
    assert expand_query("what should be written in a seizure memo").endswith("contents")


def test_the_listener_of_an_explanation_is_not_its_subject() -> None:
    assert expand_query("explain what a mahazar is to a new constable") == (
        "explain what a mahazar is"
    )
    assert expand_query("powers given to a constable") == "powers given to a constable"
    assert question_type("explain what a mahazar is to a new constable") == "definition"


def test_an_everyday_name_for_a_crime_scene_is_the_crime_scene() -> None:
    assert "crime scene" in expand_query("first officer at a murder spot")
    assert "crime scene" in expand_query("reached the spot of the incident")


def test_kannada_produce_and_must_are_translated() -> None:
    assert expand_query("magistrate munde haajar madbeku") == "magistrate before produce must"


def test_answer_format_words_and_run_together_initials_are_not_topic_words() -> None:
    assert expand_query("what is a zero FIR, in one line") == "what is a zero FIR,"
    assert expand_query("DK Basu rules briefly") == "D.K. Basu rules"


def test_an_unknown_kannada_verb_keeps_its_modal() -> None:
    assert expand_query("handcuff yaarige haakabahudu") == "handcuff to whom can"
    assert expand_query("report kodabeku") == "report must"


def test_consequence_and_jail_questions_are_punishment_questions() -> None:
    assert question_type("jail for publishing a victim's name") == "punishment"
    assert question_type("what happens to an officer who ignores the checklist") == "punishment"


def test_a_kind_noun_in_a_definition_subject_need_not_be_named() -> None:
    passages = [
        _part(
            "sop-flood",
            "Flood response",
            "Flood alert",
            "A flood alert is a siren warning sounded by the control room.",
            9.0,
        )
    ]
    answer = compose_extractive_answer("what is the flood alert system", passages)
    assert "siren warning" in answer.answer


def test_list_items_quoted_alone_are_introduced_by_their_heading() -> None:
    passages = [
        _part(
            "sop-media",
            "Media",
            "Never release to the media",
            "- The victim's school.\n- The victim's address.",
            9.0,
        )
    ]
    answer = compose_extractive_answer("can I give the media the victim's school", passages)
    assert answer.answer.splitlines()[0].startswith("Never release to the media:")
