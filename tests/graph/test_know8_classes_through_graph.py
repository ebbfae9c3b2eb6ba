"""The know8 classes through the whole graph, offline, in wording of their own: the officer's
own wellbeing and pay declined, who grants bail, the rape/POCSO two-month limit, Hinglish and
Kanglish procedure questions, the mahazar of a phone, this system's data rules, whom to inform
after an arrest, and a pronoun inside a procedure question."""

from __future__ import annotations

import pytest

from graph.nodes.decline import DECLINE

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest.mark.parametrize(
    "message",
    [
        "since my posting to the new station I can't sleep at night, any advice",
        "how much income tax will I pay on my salary this year",
        "how many bones does the human hand have",
    ],
)
async def test_the_officers_own_life_and_trivia_are_declined(ask, message):
    response = await ask("KA-1001", message)
    assert response.route == "out_of_scope"
    assert response.routes_executed == ["decline"]
    assert response.answer.startswith(DECLINE)
    assert response.citations == [] and response.records == []


async def test_who_grants_bail_names_the_court_for_a_non_bailable_section(ask):
    response = await ask("KA-1001", "who may grant bail to someone arrested under BNS 305")
    assert response.route == "rag"
    assert "bailable: no" in response.answer and "Magistrate under BNSS 480" in response.answer
    assert any(c.id == "legal-table#bnss-480" for c in response.citations)


async def test_who_grants_bail_names_the_station_for_a_bailable_section(ask):
    response = await ask("KA-1001", "bail in a BNS 351(2) case - station or court?")
    assert "officer in charge of the police station" in response.answer


async def test_a_gang_rape_charge_sheet_limit_is_two_months(ask):
    response = await ask(
        "KA-1001", "charge sheet has to be filed within how long in a gang rape case"
    )
    assert response.route == "rag"
    assert response.answer.startswith("BNSS 193(2)") and "two months" in response.answer


async def test_hinglish_refusal_to_register_reaches_the_remedies(ask):
    response = await ask("KA-1001", "thana FIR likhne se mana kare to shikayatkarta kya kare")
    assert response.route == "rag"
    assert "Superintendent of Police" in response.answer and "Magistrate" in response.answer


async def test_kanglish_handcuff_question_answers_with_bnss_43_3(ask):
    response = await ask("KA-1001", "aaropi ge hathkadi haakabahuda, yaava case alli")
    assert response.route == "rag"
    assert "43(3)" in response.answer
    assert all(c.id.startswith("sop-handcuffs#") for c in response.citations)


async def test_the_mahazar_of_a_phone_quotes_its_contents(ask):
    response = await ask(
        "KA-1001", "what should the seizure mahazar record when we take a suspect's phone"
    )
    assert response.route == "rag"
    assert "IMEI" in response.answer and "hash values" in response.answer
    assert response.citations[0].id == "sop-mahazar-panchnama#contents-of-the-mahazar"


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("in what format are FIR ids written in this system", "FIR-<year>-<5 digits>"),
        ("what status values can an FIR have in this system", "Charge Sheeted"),
    ],
)
async def test_this_systems_data_rules_are_answered_from_the_knowledge_base(ask, message, fact):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert fact in response.answer


async def test_whom_to_inform_after_an_arrest_lists_who_is_informed(ask):
    response = await ask("KA-1001", "once we arrest a man, whom do we have to inform")
    assert response.route == "rag"
    assert "control rooms" in response.answer and "Magistrate" in response.answer
    assert response.citations[0].id == "sop-arrest-memo#who-must-be-informed-of-the-arrest"


async def test_a_pronoun_inside_a_procedure_question_is_not_a_records_referent(ask):
    response = await ask("KA-1001", "victim says the SHO did not register her FIR, what can she do")
    assert response.route == "rag"
    assert "173(4)" in response.answer and "Magistrate" in response.answer


async def test_a_time_limit_the_base_does_not_state_comes_from_the_table(ask):
    response = await ask("KA-1001", "within how many hours must a juvenile be taken to the board")
    assert response.route == "rag"
    assert "within 24 hours" in response.answer
    assert response.citations[0].id == "legal-table#jj-act-10"


async def test_a_time_limit_nothing_states_is_still_abstained(ask):
    response = await ask("KA-1001", "within how many days is a passport verification finished")
    assert response.answer.startswith("The knowledge base does not")
