""" "Who may allow X" quotes the sentence naming who decides; everyday synonyms of permission
and of the new codes reach the knowledge base's words."""

from __future__ import annotations

from tools.knowledge.answer import compose_extractive_answer, relevance
from tools.knowledge.index import Passage
from tools.knowledge.query_text import expand_query

RELEASE = Passage(
    "c-veh-1",
    "sop-vehicle-release",
    "Releasing a seized vehicle to its owner",
    "Release of a seized vehicle",
    "A seized vehicle is photographed and its papers are copied before release. "
    "The vehicle stays in the station yard until the case property form is filed. "
    "Only the jurisdictional Magistrate may permit release of the vehicle on a bond.",
    1,
    (),
    6.0,
)


def test_who_may_quotes_the_deciding_authority() -> None:
    answer = compose_extractive_answer("who can allow a seized vehicle to be released", [RELEASE])
    assert "Only the jurisdictional Magistrate may permit release" in answer.answer


def test_allow_and_permit_are_one_topic_unit() -> None:
    assert relevance("who may allow release of a seized vehicle", RELEASE) == relevance(
        "who may permit release of a seized vehicle", RELEASE
    )


def test_the_new_code_is_read_as_the_bnss() -> None:
    assert "BNSS" in expand_query("search without warrant under the new code")
