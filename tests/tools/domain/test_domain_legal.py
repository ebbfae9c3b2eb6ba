"""The legal reference table and its look-up."""

from __future__ import annotations

import pytest

from tools.domain.legal import bns_sections, find_by_ipc, legal_answer, provisions


def test_table_has_at_least_60_sections_each_with_offence_and_punishment() -> None:
    rows = bns_sections()
    assert len(rows) >= 60
    assert len({r.bns for r in rows}) == len(rows)
    assert all(r.offence and r.punishment for r in rows)
    assert all(r.cognisable in ("", "yes", "no") or "as for" in r.cognisable for r in rows)


def test_time_limits_cover_the_bnss_sections_the_issue_names() -> None:
    sections = {(p.act, p.section) for p in provisions()}
    for wanted in ("187(3)", "58", "35(3)-(6)", "43(5)", "173(1)", "193(2)"):
        assert ("BNSS", wanted) in sections
    assert {p.act for p in provisions()} >= {"BNSS", "POCSO Act", "JJ Act"}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("punishment for BNS 303", ["BNS 303(2)", "up to 3 years"]),
        ("IPC 420 in BNS", ["IPC 420 corresponds to BNS 318(4)"]),
        ("is BNS 318 bailable", ["BNS 318(2)", "bailable: yes", "BNS 318(4)", "bailable: no"]),
        ("charge-sheet limit for a 10-year offence", ["187(3)", "90 days", "60 days"]),
        ("charge-sheet limit for a 3-year offence", ["60-day class"]),
        ("is murder under section 103(1) of BNS triable by a magistrate", ["Court of Session"]),
        ("BNSS 43(5)", ["sunset", "Judicial Magistrate"]),
        ("POCSO section 19", ["POCSO Act s.19", "24 hours"]),
    ],
)
def test_lookups_answer_from_the_table(question: str, expected: list[str]) -> None:
    found = legal_answer(question)
    assert found is not None
    for fact in expected:
        assert fact in found.text, fact
    assert len(found.entries) == len(found.sentences)


def test_questions_that_are_not_lookups_fall_through() -> None:
    for question in ("what is a zero FIR", "steps for a POCSO complaint", "how many thefts"):
        assert legal_answer(question) is None


def test_unknown_sections_are_said_to_be_missing_not_guessed() -> None:
    found = legal_answer("punishment for BNS 999")
    assert found is not None and "not in the reference table" in found.text
    assert find_by_ipc("377") == []


def test_blank_classification_is_reported_as_not_recorded() -> None:
    found = legal_answer("is BNS 304 triable by a magistrate")
    assert found is not None and "not recorded" in found.text


@pytest.mark.parametrize(
    ("question", "expected", "absent"),
    [
        ("what is the punishment for theft?", "BNS 303(2)", "BNS 305"),
        ("is cheating bailable", "bailable: yes", "BNS 318(4)"),
        ("punishment for attempt to murder", "BNS 109(1)", "BNS 103(1)"),
        ("which court tries dacoity", "Court of Session", "BNS 310(3)"),
    ],
)
def test_an_offence_named_as_the_subject_is_looked_up_by_name(
    question: str, expected: str, absent: str
) -> None:
    found = legal_answer(question)
    assert found is not None
    assert expected in found.text and absent not in found.text


def test_an_offence_word_that_only_qualifies_another_noun_is_not_a_lookup() -> None:
    assert legal_answer("punishment for publishing a rape victim's name") is None
    assert legal_answer("how to record a theft case diary") is None


def test_the_notice_of_appearance_states_when_it_is_served() -> None:
    found = legal_answer("when is a BNSS 35(3) notice served")
    assert found is not None and "2 weeks" in found.text and "Superintendent" in found.text


def test_no_is_said_with_its_plain_word() -> None:
    found = legal_answer("can an accused under BNS 318(4) get bail as of right")
    assert found is not None
    assert "bailable: no (non-bailable)" in found.text
    theft = legal_answer("is BNS 303(2) bailable and cognisable")
    assert theft is not None
    assert "cognisable: yes; bailable: no (non-bailable)." in theft.text
