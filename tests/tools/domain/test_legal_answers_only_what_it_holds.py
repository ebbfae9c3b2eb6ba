"""The legal table answers a cited section only when what is asked is what its row holds
(a column, the IPC mapping, the offence); a time limit, the steps of a procedure or who may
act, asked about the same section, is left to the knowledge base (issue 15). The charge-sheet
limit is tabled: for a cited section it is read from the section's punishment."""

from __future__ import annotations

import pytest

from tools.legal_lookup import table_answer


@pytest.mark.parametrize(
    "question",
    [
        "raid planning checklist for an organised crime gang booked under BNS 111",
        "what is the time limit to finish investigation in a rape case u/s 64 BNS",
        "within how many days must the probe into a BNS 64 case be completed",
        "steps for recording the victim's statement in a BNS 74 case",
        "procedure to follow when seizing the vehicle in a theft under section 303 of BNS",
        "who can investigate a case registered under BNS 111",
        "how do I prepare the seizure mahazar in a BNS 309(4) robbery",
        "time limit for investigation under BNS 999",
        "default bail period in a BNS 999 case",
    ],
)
def test_other_questions_citing_a_section_are_not_answered_with_its_row(question: str) -> None:
    assert table_answer(question) is None


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how long imprisonment for BNS 303(2)", "punishment: up to 3 years"),
        ("is BNS 111 cognisable", "cognisable: yes"),
        ("which court tries an offence under BNS 64", "triable by: Court of Session"),
        ("IPC 379 under the new law, BNS which section", "BNS 303(2)"),
        ("what is BNS 111", "organised crime"),
        ("is BNS 111 a new offence", "organised crime (new offence)"),
        ("procedure for arrest - is BNS 318(4) bailable", "bailable: no (non-bailable)"),
        ("who decides bail, is BNS 64 bailable", "bailable: no (non-bailable)"),
    ],
)
def test_look_ups_of_what_the_row_holds_are_still_answered(question: str, expected: str) -> None:
    found = table_answer(question)
    assert found is not None and expected in found.text


@pytest.mark.parametrize(
    ("question", "section", "period"),
    [
        ("deadline for filing the chargesheet in an IPC 420 case", "BNS 318(4)", "60-day class"),
        ("charge sheet time limit in a BNS 103 murder case", "BNS 103(1)", "90-day class"),
    ],
)
def test_the_charge_sheet_limit_of_a_cited_section_comes_from_its_punishment(
    question: str, section: str, period: str
) -> None:
    found = table_answer(question)
    assert found is not None and "BNSS 187(3)" in found.text
    assert section in found.text and period in found.text


def test_a_time_limit_the_table_holds_is_still_answered() -> None:
    found = table_answer("time limit for a preliminary enquiry under BNSS 173(3)")
    assert found is not None and "14 days" in found.text
