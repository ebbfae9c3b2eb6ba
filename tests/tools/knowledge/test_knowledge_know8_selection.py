"""A document's own verb ("what should the memo record") asks for its contents; preparing a
document is writing its contents; a contents answer lists the whole list; "whom must we
inform" is answered from the section naming who is informed."""

from __future__ import annotations

from tools.knowledge.answer import _asked_part, compose_extractive_answer, question_type
from tools.knowledge.index import Passage
from tools.knowledge.query_text import expand_query

TITLE = "Seizure memo for a vehicle"


def _p(section: str, text: str, score: float) -> Passage:
    return Passage(f"c-veh-{section}", "sop-vehicle", TITLE, section, text, 1, (), score)


VIDEO = _p(
    "Video recording of the seizure memo",
    "The seizure of the vehicle is recorded on video with a mobile phone and the recording "
    "is sent to the Magistrate.",
    12.0,
)
CONTENTS = _p(
    "Contents of the seizure memo",
    "- FIR number and sections.\n- Make, model and chassis number of the vehicle.\n"
    "- Odometer reading.\n- Names of two witnesses.\n- Seal impression used.\n"
    "- Fuel level.\n- Damage seen.\n- Keys handed over.\n- Signature of the officer.\n"
    "- For a vehicle with a phone or tracker inside: its IMEI number.",
    6.0,
)
INFORMED = _p(
    "Who must be informed of the seizure",
    "- The registered owner of the seized vehicle is informed as soon as practicable.\n"
    "- The RTO is informed of the seizure within 7 days.",
    5.0,
)


def test_what_a_document_records_is_its_contents() -> None:
    assert "contain" in expand_query("what should the vehicle seizure memo record")
    answer = compose_extractive_answer(
        "we seized a vehicle, what should the seizure memo record", [VIDEO, CONTENTS]
    )
    assert answer.citations[0].id.endswith("#contents-of-the-seizure-memo")


def test_preparing_a_document_is_writing_its_contents() -> None:
    answer = compose_extractive_answer(
        "how to prepare a seizure memo for a vehicle", [VIDEO, CONTENTS]
    )
    assert answer.citations[0].id.endswith("#contents-of-the-seizure-memo")


def test_a_contents_answer_quotes_the_whole_list() -> None:
    answer = compose_extractive_answer("what must a vehicle seizure memo contain", [CONTENTS])
    assert "Signature of the officer" in answer.answer and "IMEI" in answer.answer


def test_whom_to_inform_is_answered_from_the_section_naming_them() -> None:
    question = "after seizing a vehicle, whom must we inform"
    assert question_type(question) == "permission"
    answer = compose_extractive_answer(question, [VIDEO, CONTENTS, INFORMED])
    assert answer.citations[0].id.endswith("#who-must-be-informed-of-the-seizure")
    assert "registered owner" in answer.answer and "RTO" in answer.answer


def test_a_heading_saying_what_a_report_must_state_is_its_contents() -> None:
    states = _p("What the seizure report must state", "- The owner of the seized vehicle.", 5.0)
    assert _asked_part("what particulars go in a vehicle seizure report", states) == 1.0
    assert _asked_part("what particulars go in a vehicle seizure report", VIDEO) == 0.0


def test_format_and_this_assistant_name_what_the_base_calls_form_and_this_system() -> None:
    system = _p(
        "Ids in this system",
        "In this system, vehicle ids have the form VEH-<year>-<5 digits>.",
        4.0,
    )
    answer = compose_extractive_answer("format of vehicle ids used by this assistant", [system])
    assert "VEH-<year>-<5 digits>" in answer.answer


def test_a_hinglish_meaning_question_is_a_definition() -> None:
    assert question_type("UDR ka matlab kya hai") == "definition"
