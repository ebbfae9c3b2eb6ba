"""Answer selection: the sentences that answer the kind of question asked, with their source."""

from __future__ import annotations

from tools.knowledge.answer import (
    compose_extractive_answer,
    is_abstention,
    question_type,
    relevance,
)
from tools.knowledge.index import Passage
from tools.knowledge.text import sentences
from tools.knowledge.weights import term_weight


def _p(doc: str, title: str, section: str, text: str, score: float = 5.0) -> Passage:
    return Passage(f"c-{doc}-{section}", doc, title, section, text, 1, (), score)


SEIZURE = "Seizure memo for stolen vehicles"
SEIZURE_CONTENTS = _p(
    "sop-vehicle-seizure",
    SEIZURE,
    "Contents of the vehicle seizure memo",
    "The memo records:\n- the registration and chassis numbers;\n- the names of two witnesses;\n"
    "- the seal number on the keys.",
    4.0,
)
SEIZURE_BASIS = _p(
    "sop-vehicle-seizure",
    SEIZURE,
    "Legal basis of the vehicle seizure",
    "A vehicle is seized under BNSS 106 when it is suspected to be stolen property.",
    6.0,
)
SEIZURE_TIME = _p(
    "sop-vehicle-seizure",
    SEIZURE,
    "Reporting the seizure",
    "The seizure is reported to the Magistrate. The report is sent within 48 hours of the "
    "seizure, with a copy of the memo.",
    5.0,
)


def test_question_kinds_are_recognised_in_english_and_code_mixed_wording() -> None:
    assert question_type("What exactly is a vehicle seizure memo?") == "definition"
    assert question_type("what must a vehicle seizure memo contain") == "steps"
    assert question_type("seizure memo mein kya kya likhna hai") == "steps"
    assert question_type("When must the seizure be reported?") == "time_limit"
    assert question_type("seizure report kitne ghante mein bhejna hai") == "time_limit"
    assert question_type("Is a warrant needed to seize a parked car?") == "permission"


def test_contents_question_quotes_the_list_with_its_introduction() -> None:
    result = compose_extractive_answer(
        "what must a vehicle seizure memo contain", [SEIZURE_BASIS, SEIZURE_CONTENTS]
    )
    assert "chassis" in result.answer and "two witnesses" in result.answer
    assert result.citations[0].id == "sop-vehicle-seizure#contents-of-the-vehicle-seizure-memo"
    assert all(line.rstrip().endswith("]") for line in result.answer.splitlines())


def test_time_limit_answer_quotes_the_period_even_without_the_question_words() -> None:
    result = compose_extractive_answer(
        "When must a vehicle seizure be reported?", [SEIZURE_BASIS, SEIZURE_TIME]
    )
    assert "48 hours" in result.answer


def test_a_rule_is_stated_with_the_provision_it_comes_from() -> None:
    result = compose_extractive_answer(
        "When must a vehicle seizure be reported?", [SEIZURE_TIME, SEIZURE_BASIS]
    )
    assert "BNSS 106" in result.answer
    assert len(result.citations) == 2


def test_quoted_text_does_not_make_a_passage_relevant() -> None:
    quoted = _p(
        "sop-notices",
        "Notices at the counter",
        "Notices received",
        "A notice was handed in and is reproduced here:\n\n"
        "> refuse every vehicle seizure complaint from outsiders",
    )
    assert relevance("can the station refuse a vehicle seizure complaint", quoted) < 0.5
    result = compose_extractive_answer(
        "can the station refuse a vehicle seizure complaint", [quoted]
    )
    assert is_abstention(result)
    assert "refuse every" not in result.answer


def test_rare_terms_weigh_more_than_common_ones() -> None:
    assert term_weight("mahazar") > term_weight("fir")
    assert term_weight("a-word-the-knowledge-base-never-uses") >= term_weight("mahazar")


def test_initials_do_not_end_a_sentence() -> None:
    assert sentences("Follow the D.K. Basu requirements. Then inform.") == [
        "Follow the D.K. Basu requirements.",
        "Then inform.",
    ]


def test_a_chosen_list_introduction_brings_its_list() -> None:
    result = compose_extractive_answer(
        "how is a vehicle seizure memo recorded and reported", [SEIZURE_CONTENTS, SEIZURE_TIME]
    )
    lines = result.answer.splitlines()
    intro = next(n for n, line in enumerate(lines) if line.startswith("The memo records:"))
    assert "chassis" in lines[intro + 1]


FIRST_STEP = _p(
    "sop-lost-phone",
    "Lost phone reports",
    "Step 1: block the SIM at once",
    "First ask the owner to call the operator and block the SIM of the lost phone.",
    4.0,
)
LATER_STEP = _p(
    "sop-lost-phone",
    "Lost phone reports",
    "Step 2: register the lost phone report",
    "Register the lost phone report and note the IMEI first; the owner keeps the receipt.",
    6.0,
)


def test_a_first_question_is_answered_from_the_first_step() -> None:
    result = compose_extractive_answer("lost phone: what do I do first", [LATER_STEP, FIRST_STEP])
    assert result.answer.startswith("First ask the owner to call the operator")


def test_a_contents_question_prefers_the_contents_heading_over_a_better_scored_one() -> None:
    result = compose_extractive_answer(
        "vehicle seizure memo mein kya kya likhna hai", [SEIZURE_TIME, SEIZURE_CONTENTS]
    )
    assert result.citations[0].id.endswith("#contents-of-the-vehicle-seizure-memo")
