"""Words that address or frame a records question (an addressee, a handover heading, a reason
it is needed, a reply instruction) are set aside and the answer says so; a filter inside such a
clause is still read, and words outside the closed classes are still asked about."""

from __future__ import annotations

from tests.tools.text2zcql.east import draft, sql

PLAIN = "robbery FIRs in Whitefield in 2025 how many"


def test_an_addressee_and_a_reply_instruction_are_set_aside_and_named():
    d = draft("Duty officer, robbery FIRs in Whitefield in 2025 how many. Reply in group")
    assert d.statement == sql(PLAIN)
    assert "set aside: 'Duty officer', 'Reply in group'" in d.explanation


def test_a_handover_heading_and_a_senior_officers_purpose_are_set_aside():
    d = draft("before handover pls check: robbery FIRs in Whitefield in 2025, ACP wants the count")
    assert d.statement == sql(PLAIN)
    assert "'ACP wants the count'" in d.explanation


def test_self_description_before_the_question_is_set_aside():
    d = draft("madam i just joined, robbery FIRs in Whitefield in 2025 how many")
    assert d.statement == sql(PLAIN)
    assert "set aside: 'madam i just joined'" in d.explanation


def test_setting_aside_lowers_the_confidence():
    framed = draft(f"{PLAIN}, needed for the crime review")
    assert framed.statement == sql(PLAIN)
    assert 0 < framed.confidence < draft(PLAIN).confidence


def test_number_only_asks_a_count_and_calendar_year_is_the_year():
    assert sql("robbery FIRs in Whitefield this calendar year - number only") == sql(
        "how many robbery FIRs in Whitefield this year"
    )


def test_a_station_inside_a_purpose_clause_is_read_as_a_filter():
    statement = sql("robbery FIRs in 2025 how many, needed for the Whitefield report")
    assert "BLR-E-WFD" in statement


def test_a_leading_clause_outside_the_closed_classes_is_asked_about():
    d = draft("parcel room, robbery FIRs in Whitefield in 2025 how many")
    assert d.statement is None
    assert "parcel" in (d.clarification or "")


def test_a_crime_in_the_addressee_position_is_not_set_aside():
    d = draft("team robbery, FIRs in Whitefield in 2025 how many")
    assert d.statement is None
    assert "'team'" in (d.clarification or "")


def test_a_hinglish_reply_instruction_and_a_closing_addressee_are_set_aside():
    d = draft("Whitefield me 2025 me kitni robbery FIR hui, group me bata do")
    assert d.statement == sql(PLAIN)
    assert "set aside: 'group me bata do'" in d.explanation
    assert sql("robbery FIRs in Whitefield in 2025 how many saar") == sql(PLAIN)
