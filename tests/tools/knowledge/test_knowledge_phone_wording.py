"""Questions typed or dictated on a phone (the know6 probe classes): texting spellings and
forms of address do not weigh as topic words, a scenario told before the question does not
dilute what is asked, and a question naming a kind of document is answered only from a
document of that kind."""

from __future__ import annotations

from tools.knowledge.answer import (
    NOT_COVERED,
    asked_clause,
    compose_extractive_answer,
    is_abstention,
    question_type,
    relevance,
)
from tools.knowledge.index import Passage
from tools.knowledge.query_text import expand_query, normalise_texting

TOWER = "Signal tower permits"


def _part(doc: str, title: str, section: str, text: str, score: float = 5.0) -> Passage:
    return Passage(f"c-{doc}-{section}", doc, title, section, text, 1, (), score)


PERMIT = _part(
    "sop-tower",
    TOWER,
    "What a tower permit is",
    "A tower permit is the written clearance a station gives before a signal tower is "
    "climbed for a rescue. It is entered in the General Diary.",
)


def test_texting_spellings_are_written_out_and_padding_dropped() -> None:
    assert normalise_texting("wat r the rules sir pls") == "what are the rules"
    assert normalise_texting("seized u/s 106 BNSS, madam") == "seized under section 106 BNSS,"
    assert normalise_texting("diff between 12 and 9") == "difference between 12 and 9"


def test_kanglish_when_is_read_as_when() -> None:
    assert "when" in expand_query("tower permit yaavaga beku")


def test_padding_does_not_turn_a_definition_into_an_unanswered_question() -> None:
    question = "wat is tower permit sir"
    assert question_type(question) == "definition"
    answer = compose_extractive_answer(question, [PERMIT])
    assert not is_abstention(answer)
    assert "written clearance" in answer.answer


def test_the_question_proper_is_the_text_after_the_scenario() -> None:
    asked = asked_clause("boy stuck on the hill road near the dam, what is a tower permit")
    assert asked == "what is a tower permit"
    assert asked_clause("tower permit duration") == "tower permit duration"


def test_a_scenario_told_first_does_not_dilute_relevance() -> None:
    question = "boy stuck on hill road near the reservoir dam, what is a tower permit"
    assert relevance(question, PERMIT) >= 0.9
    assert not is_abstention(compose_extractive_answer(question, [PERMIT]))
    unrelated = _part("sop-x", "Lost dogs", "When a lost dog is found", "Follow the procedure.")
    assert relevance("signal mast climbing permit checklist steps", unrelated) < 0.5


def test_a_named_standing_order_is_answered_only_from_a_standing_order() -> None:
    question = "Hilltop standing order for tower permit timings"
    answer = compose_extractive_answer(question, [PERMIT])
    assert answer.answer == NOT_COVERED
    assert not answer.citations
    order = _part(
        "so-hilltop",
        "Hilltop station standing order - tower permits",
        "Tower permit timings",
        "Tower permits are issued between 6 am and 6 pm by the duty officer.",
    )
    assert "6 am" in compose_extractive_answer(question, [PERMIT, order]).answer


def test_a_section_named_before_the_question_word_is_kept() -> None:
    assert (
        asked_clause("CrPC 482 is now which BNSS section") == "CrPC 482 is now which BNSS section"
    )
    assert asked_clause("as a clearance 4 officer: what goes into an order") == (
        "as a clearance 4 officer: what goes into an order"
    )


PIGEON = "Carrier pigeon messages at the station"
PIGEON_PROSE = _part(
    "sop-pigeon",
    PIGEON,
    "Pigeon messages: information by bird",
    "A message may reach the station by pigeon post, by courier or by hand. It is a valid "
    "complaint once the sender confirms it.",
    9.0,
)
PIGEON_STEPS = _part(
    "sop-pigeon",
    PIGEON,
    "Handling a pigeon message at the desk",
    "1. Enter the arrival of the pigeon message in the General Diary.\n"
    "2. Call the sender to confirm within 2 days.\n"
    "3. Register the complaint and give a receipt.",
    4.0,
)
PIGEON_CONTENTS = _part(
    "sop-pigeon",
    PIGEON,
    "What the message register holds",
    "The register holds the sender's name, the ring number and the time of arrival.",
    5.0,
)


def test_a_procedure_question_not_a_contents_one_is_answered_by_numbered_steps() -> None:
    answer = compose_extractive_answer(
        "procedure when a complaint comes by pigeon post", [PIGEON_PROSE, PIGEON_STEPS]
    )
    assert answer.answer.startswith("Enter the arrival of the pigeon message")
    contents = compose_extractive_answer(
        "what goes into the pigeon message register", [PIGEON_STEPS, PIGEON_CONTENTS]
    )
    assert "ring number" in contents.answer


def test_what_to_do_when_asks_for_steps() -> None:
    assert question_type("what to do when a pigeon message arrives") == "steps"


def test_a_kannada_verb_form_is_not_a_topic_word() -> None:
    assert expand_query("inquest yaavaga maadtheevi") == "inquest when"


def test_a_clock_time_at_night_reads_as_after_sunset() -> None:
    assert "after sunset" in expand_query("can we pick up the lady at 9.30 pm")
    assert "after sunset" in expand_query("arrest at 4am")
    assert "sunset" not in expand_query("arrest at 11 am")


def test_hindi_verb_forms_and_new_law_are_not_topic_words() -> None:
    assert expand_query("inquest kab karna padta hai aur kaun karta hai") == "inquest when do who"
    assert expand_query("custody under new law") == "custody under the BNS and BNSS"


def test_a_procedure_section_is_not_displaced_by_another_documents_numbered_steps() -> None:
    recording = _part(
        "sop-pigeon",
        PIGEON,
        "Recording a pigeon message report",
        "A pigeon message report is entered in the General Diary and registered as a PMR.",
        8.0,
    )
    other = _part(
        "sop-parrot",
        "Parrot messages at the station",
        "Handling a reported parrot message",
        "1. Note the station and the pigeon's ring.\n2. Report the message to the control room.",
        9.0,
    )
    answer = compose_extractive_answer(
        "procedure when a pigeon message is reported at the station", [recording, other]
    )
    assert "PMR" in answer.answer
