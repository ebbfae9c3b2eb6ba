"""Law and procedure frames in phone wording (know6 probes): padding before the question,
texting spellings, a yes/no asked mid-sentence, a station's standing order; records
questions stay records questions."""

from __future__ import annotations

import pytest

from graph.routing.knowledge_frame import asks_law_or_procedure


@pytest.mark.parametrize(
    "text",
    [
        "sir pls tell me what exactly is UDR, we got one body near the canal",
        "wat is zero fir sir",
        "complainant mailed the complaint to the PS, is that valid as an FIR?",
        "can accused see the case diary, his advocate is asking",
        "missing child not found after how many months goes to AHTU",
        "which BNSS section replaced CrPC 41A",
        "what should IO do first before a search without warrant",
        "Whitefield standing order for cyber help desk timings",
        "for preliminary enquiry under BNSS 173(3) whose permission is needed",
    ],
)
def test_a_procedure_question_in_phone_wording_is_a_knowledge_question(text: str) -> None:
    assert asks_law_or_procedure(text)


@pytest.mark.parametrize(
    "text",
    [
        "how many thefts in Whitefield this year",
        "list the cases in KR Puram last month",
        "what is the status of FIR 1234/2026",
    ],
)
def test_a_records_question_is_not_made_a_knowledge_question(text: str) -> None:
    assert not asks_law_or_procedure(text)
