"""The know9 classes through the whole graph, offline, in wording of their own: the subject of
an identity question (a juvenile or a POCSO child victim) decides who may allow disclosure, a
steps question about eSakshya gets eSakshya's own steps, what a preliminary enquiry may test,
the remedies after a refusal to register, whom to inform after an arrest made at a named
place, an Aadhaar press-note question on the knowledge route, and a question only a document
above the officer's clearance answers not answered from a near miss (whether that document
exists must not change the reply: tests/noninterference/test_knowledge_pair.py)."""

from __future__ import annotations

import pytest

from tools.knowledge.answer import NOT_COVERED

NOT_ANSWERED_DIRECTLY = "The knowledge base does not answer this question directly."

pytestmark = pytest.mark.asyncio(loop_scope="session")


def _documents(response) -> set[str]:
    return {c.id.split("#")[0] for c in response.citations}


async def test_a_juveniles_identity_is_released_only_by_the_board_or_committee(ask):
    response = await ask("KA-1001", "who can allow a juvenile offender's photo in the papers")
    assert response.route == "rag"
    assert "JJB" in response.answer and "Child Welfare Committee" in response.answer
    assert "sop-juveniles-in-conflict-with-law" in _documents(response)


async def test_a_pocso_victims_identity_is_released_only_by_the_special_court(ask):
    response = await ask("KA-1001", "who may permit revealing a POCSO victim's identity")
    assert response.route == "rag"
    assert "Special Court" in response.answer
    assert "sop-pocso-procedure" in _documents(response)


async def test_esakshya_steps_come_from_the_esakshya_document(ask):
    response = await ask("KA-1001", "steps to capture a house search on eSakshya")
    assert response.route == "rag"
    assert "Log in with your own official credentials" in response.answer
    assert response.citations[0].id.startswith("sop-esakshya#")


async def test_a_pe_tests_only_whether_a_cognizable_offence_is_disclosed(ask):
    response = await ask("KA-1001", "is a PE conducted to check if the complaint is true")
    assert response.route == "rag"
    assert "never an enquiry into whether the allegation is true" in response.answer
    assert response.citations[0].id.startswith("sop-preliminary-enquiry#")


@pytest.mark.parametrize(
    "message",
    [
        "thana wale complaint nahi le rahe, shikayatkarta kya kare",
        "what are the options for a person whose FIR the police refused to register",
    ],
)
async def test_a_refusal_to_register_is_answered_with_both_remedies(ask, message):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert "Superintendent of Police" in response.answer and "Magistrate" in response.answer


async def test_whom_to_inform_after_an_arrest_at_his_office(ask):
    response = await ask("KA-1001", "after I arrest a man at his office whom should I intimate")
    assert response.route == "rag"
    assert "control rooms" in response.answer and "relative, friend" in response.answer
    assert "sop-arrest-memo" in _documents(response)


async def test_an_aadhaar_press_note_question_is_a_knowledge_question(ask):
    response = await ask("KA-1001", "can we print the arrested man's Aadhaar in our press release")
    assert response.route == "rag"
    assert "must not be published" in response.answer
    assert "sop-aadhaar-display" in _documents(response)


async def test_a_question_only_a_restricted_document_answers_is_not_answered_from_a_near_miss(ask):
    response = await ask("KA-1001", "how do we handle and register an informer")
    assert response.route == "rag"
    assert response.answer.startswith((NOT_COVERED, NOT_ANSWERED_DIRECTLY))
    assert "restricted" not in response.answer.lower()


async def test_the_same_question_is_answered_for_an_officer_cleared_for_it(ask):
    response = await ask("KA-5005", "how do we handle and register an informer")
    assert response.route == "rag"
    assert "restricted-informant-handling" in _documents(response)
