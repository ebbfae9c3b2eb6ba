"""Punishment and court look-ups asked by offence name in everyday wording."""

from __future__ import annotations

import pytest

from tools.domain.legal import legal_answer


@pytest.mark.parametrize(
    ("question", "section"),
    [
        ("jail for voyeurism?", "BNS 77"),
        ("gang rape - how many years", "BNS 70(1)"),
        ("what does hit-and-run attract, maximum years", "BNS 106(2)"),
        ("hit and run on the ring road, punishment", "BNS 106(2)"),
        ("mob lynching carries what sentence", "BNS 103(2)"),
        ("which court tries a dowry death case", "BNS 80(2)"),
    ],
)
def test_offence_named_in_plain_words_reaches_the_table(question, section):
    found = legal_answer(question)
    assert found is not None
    assert any(s.startswith(section + " ") for s in found.sentences)


@pytest.mark.parametrize(
    "question",
    ["how is a robbery case diary kept", "who can visit a rape case file", "what is voyeurism"],
)
def test_no_table_answer_without_an_aspect_or_for_case_records(question):
    assert legal_answer(question) is None


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("extortion 308(2) - how long in jail", "up to 7 years"),
        ("snatching 304 punishment?", "up to 3 years"),
    ],
)
def test_an_offence_named_before_its_bare_section_number_is_looked_up(question, said) -> None:
    found = legal_answer(question)
    assert found is not None and said in " ".join(found.sentences)


def test_a_year_after_an_offence_name_is_not_read_as_its_section() -> None:
    assert legal_answer("theft 2025 cases in Mysuru") is None


def test_a_rank_written_out_in_a_rule_also_gives_its_short_form() -> None:
    found = legal_answer("who may allow a preliminary enquiry under BNSS 173(3)")
    assert found is not None
    said = " ".join(found.sentences)
    assert "Deputy Superintendent of Police (DSP)" in said
    assert "(SP)" not in said
