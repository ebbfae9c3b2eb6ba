"""Question kinds read from wordings the earlier readers missed: a subject followed by "how",
"explain" at the end, a new-law section or number asked for, "how much time", a modal closing
a Kannada or Hindi clause, a question after an introduction; the document a contents question
names; a question about a local order is not a legal-table look-up."""

from __future__ import annotations

import pytest

from tools.knowledge.answer import (
    contents_object,
    names_local_order,
    question_type,
    topic_terms,
)
from tools.knowledge.sparse import analyse
from tools.legal_lookup import table_answer


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("bail bond for a seized car - how?", "steps"),
        ("sending exhibits to FSL, how", "steps"),
        ("BSA 63 certificate - explain", "definition"),
        ("panchnama, explain please", "definition"),
        ("dowry death ka naya BNS section", "mapping"),
        ("IPC 406 ka new law number", "mapping"),
        ("in how much time should the inquest report reach the magistrate", "time_limit"),
        ("mahazar tayar maadalu eshtu hottu, limit enu", "time_limit"),
        ("hengasu aaropiyannu ratri bandhisabahuda", "permission"),
        ("bachche ko hathkadi laga sakte hain?", "permission"),
        ("just joined the station - what is a UDR", "definition"),
    ],
)
def test_the_kind_of_question_is_read_from_these_wordings(question, kind) -> None:
    assert question_type(question) == kind


@pytest.mark.parametrize(
    ("question", "document"),
    [
        ("what goes in the operation order for a raid", "operation order for a raid"),
        ("what all goes into a seizure mahazar", "seizure mahazar"),
        ("contents of the inspection memo?", "inspection memo"),
        ("what must an arrest memo contain", "arrest memo"),
    ],
)
def test_a_contents_question_names_its_document(question, document) -> None:
    assert contents_object(question) == set(analyse(document))


def test_a_question_without_a_document_has_no_contents_object() -> None:
    assert contents_object("how soon is a Zero FIR transferred") == set()


@pytest.mark.parametrize(
    "question",
    [
        "as per our standing order, within how many days is a Zero FIR transferred",
        "what does the commissioner's circular say about BNS 303 cases",
    ],
)
def test_a_question_about_a_local_order_is_not_a_table_look_up(question) -> None:
    assert names_local_order(question)
    assert table_answer(question) is None


def test_the_same_question_without_the_order_is_a_table_look_up() -> None:
    assert table_answer("punishment for BNS 303") is not None
    assert not names_local_order("punishment for BNS 303")


@pytest.mark.parametrize(
    "question",
    [
        "how often is a detained accused examined by a doctor",
        "how frequently is the lock-up checked",
    ],
)
def test_how_often_is_a_time_limit_question(question) -> None:
    assert question_type(question) == "time_limit"


@pytest.mark.parametrize(
    "question",
    ["what is the new BNS section for murder", "old law number for dowry death ka naya section"],
)
def test_new_or_old_before_a_section_or_law_is_its_version_not_a_topic(question) -> None:
    assert "new" not in topic_terms(question) and "old" not in topic_terms(question)


def test_new_offences_keep_new_as_their_topic() -> None:
    assert "new" in topic_terms("what are the new offences in the BNS")
