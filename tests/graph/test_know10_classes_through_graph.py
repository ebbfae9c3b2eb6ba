"""The know10 classes through the whole graph, offline, in wording of their own: an
introduction before a definition question, Kannada words with a glide or a linking syllable
before their ending, everyday Hindi words for a district or an incident, an offence elsewhere
as a Zero FIR, a local standing order asked about by name, "X - how?" as a procedure question
and a contents question naming its document."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest.mark.parametrize(
    ("message", "document", "fact"),
    [
        ("I'm a new PSI - what does inquest actually mean?", "sop-inquest#", "BNSS 194"),
        (
            "just joined the station as a constable - what is a mahazar exactly?",
            "sop-mahazar-panchnama#",
            "written memo of a seizure",
        ),
    ],
)
async def test_an_introduction_before_a_definition_question_is_not_its_topic(
    ask, message, document, fact
):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert response.citations[0].id.startswith(document)
    assert fact in response.answer


@pytest.mark.parametrize(
    "message",
    [
        "hengasu aaropiyannu ratri bandhisabahuda, yaara anumati beku",
        "hengasu aaropiyannu kattaleyaada mele bandhisabahuda",
        "aurat aaropi ko raat mein utha sakte hain kya",
    ],
)
async def test_code_mixed_night_arrest_of_a_woman_names_the_bar_and_the_jmfc(ask, message):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert "sunset" in response.answer and "JMFC" in response.answer
    assert response.citations[0].id.startswith("sop-arrest-of-women#")


async def test_an_offence_in_another_district_reads_as_outside_jurisdiction(ask):
    response = await ask(
        "KA-1001", "dusre zile ki ghatna ka FIR hamare thane mein likh sakte hain kya"
    )
    assert response.route == "rag"
    assert "outside its territorial jurisdiction" in response.answer
    assert response.citations[0].id.startswith("sop-zero-fir#")


@pytest.mark.parametrize(
    "message",
    [
        "as per the KR Puram standing order, by when must a Zero FIR be transferred",
        "as our standing order says, how soon does a Zero FIR go to the other station?",
    ],
)
async def test_a_standing_order_asked_by_name_is_not_answered_from_the_legal_table(ask, message):
    response = await ask("KA-2002", message)
    assert "the same day" in response.answer
    assert not any(c.id.startswith("legal-table#") for c in response.citations)
    assert response.citations[0].id.startswith("so-blr-e-krp-station-standing-order#")


@pytest.mark.parametrize(
    "message",
    [
        "seized two-wheeler returned to the owner on court order - how",
        "interim custody of a seized phone - how?",
    ],
)
async def test_a_subject_followed_by_how_asks_for_the_police_steps(ask, message):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert "Release property only on the court's order" in response.answer
    assert response.citations[0].id == "sop-property-disposal#police-steps-for-interim-disposal"


@pytest.mark.parametrize(
    ("message", "section"),
    [
        (
            "what goes in the property register of the malkhana",
            "sop-chain-of-custody-malkhana#malkhana-property-register-entries",
        ),
        ("what all goes in the arrest memo", "sop-arrest-memo#what-the-arrest-memo-must-contain"),
    ],
)
async def test_a_contents_question_quotes_the_section_naming_its_document(ask, message, section):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert response.citations[0].id == section


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("can an SI view the address of a witness in the records", "clearance 3 or more"),
        ("who is allowed to see the name of a child in conflict with law", "juvenile unit"),
    ],
)
async def test_who_may_see_data_in_this_system_is_answered_by_the_clearance_rule(
    ask, message, fact
):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert fact in response.answer
    assert any(c.id.startswith("sop-data-sensitivity-tiers#") for c in response.citations)


@pytest.mark.parametrize(
    "message",
    [
        "how often is a detained accused examined by a doctor",
        "medical examination of someone in custody - every how many hours?",
    ],
)
async def test_how_often_is_answered_by_the_interval(ask, message):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert "every 48 hours" in response.answer


@pytest.mark.parametrize(
    "message",
    [
        "sexual assault survivor name - can we tell reporters",
        "can we give a rape victim's name to the press",
    ],
)
async def test_a_victims_name_asked_about_reaches_the_identity_rules(ask, message):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert "BNS 72" in response.answer


@pytest.mark.parametrize(
    "message",
    [
        "as per the KR Puram standing order, how frequently is the lock-up checked",
        "our station's standing order: how often does the night officer check the lock-up?",
    ],
)
async def test_how_often_a_standing_order_says_is_not_answered_from_the_law(ask, message):
    unread = await ask("KA-1001", message)
    assert "does not cover" in unread.answer
    assert unread.citations == []
    cleared = await ask("KA-2002", message)
    assert "every 2 hours" in cleared.answer
    assert not any(c.id.startswith("legal-table#") for c in cleared.citations)


@pytest.mark.parametrize(
    "message",
    [
        "what's the procedure for a videographed search and seizure",
        "search and seizure videography procedure under BNSS",
    ],
)
async def test_a_procedure_states_what_the_law_requires_of_it(ask, message):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert "BNSS 105" in response.answer and "audio-video" in response.answer
    assert any(c.id.endswith("#what-bnss-105-requires") for c in response.citations)


@pytest.mark.parametrize(
    "message",
    [
        "steps when a traveller wants to register a Zero FIR for a theft in another city",
        "steps for registering a Zero FIR for a person from a different state",
    ],
)
async def test_zero_fir_steps_for_an_offence_elsewhere_quote_the_steps(ask, message):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert response.citations[0].id == "sop-zero-fir#steps-to-register-a-zero-fir"
    assert "free copy" in response.answer


async def test_zero_fir_steps_go_on_to_the_transfer_the_title_names(ask):
    response = await ask(
        "KA-1001", "steps for registering a Zero FIR for a person from a different state"
    )
    assert "the Zero FIR is transferred to the police station having jurisdiction" in (
        response.answer
    )


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("what is the new BNS section for murder", "BNS: 103(1)"),
        ("new BNS section for attempt to murder?", "BNS: 109"),
    ],
)
async def test_the_new_section_asked_for_is_the_mapping_not_the_new_offences(ask, message, fact):
    response = await ask("KA-1001", message)
    assert response.route == "rag"
    assert fact in response.answer
