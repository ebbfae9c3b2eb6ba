"""Routing rules: records follow-ups stay records; arithmetic over records goes to tools."""

from __future__ import annotations

import pytest

from graph.routing.rules import is_records_follow_up, needs_tools, plain_arithmetic, rule_route


@pytest.mark.parametrize("text", ["and in 2024?", "what about Whitefield?", "last year?"])
def test_short_follow_up_after_a_records_answer_is_records(text: str) -> None:
    assert rule_route(text, "zcql") == ("zcql", "records follow-up after a records answer")


def test_follow_up_rule_needs_a_records_answer_just_before() -> None:
    assert not is_records_follow_up("and in 2024?", "rag")
    assert not is_records_follow_up("and in 2024?", None)
    assert not is_records_follow_up(
        "and what is the procedure for arresting the accused in that theft case", "zcql"
    )


@pytest.mark.parametrize(
    "text",
    [
        "how many thefts in Whitefield this year, and what percentage were solved?",
        "Compare our district's theft rate with the latest NCRB national average",
        "If 37 out of 412 thefts were solved, what percentage is that?",
    ],
)
def test_arithmetic_or_outside_figures_over_records_need_tools(text: str) -> None:
    assert needs_tools(text)
    assert rule_route(text, None) == (
        "fallback",
        "needs arithmetic or an outside figure over records",
    )


@pytest.mark.parametrize("text", ["how many thefts in Whitefield this year", "hello"])
def test_plain_counts_and_greetings_are_left_to_the_classifier(text: str) -> None:
    assert rule_route(text, None) is None


@pytest.mark.parametrize(
    "text",
    [
        "what is 18% of 2,35,000",
        "how much is 12.5 percent of 3 lakh 60 thousand",
        "multiply 36 by 25",
        "18% GST on 2,40,000",
        "increase 450 by 12%",
        "3 lakh ka 8 percent kitna hota hai",
    ],
)
def test_arithmetic_over_stated_numbers_goes_to_the_fallback_tools(text: str) -> None:
    assert rule_route(text, None) == ("fallback", "arithmetic over numbers the message states")


@pytest.mark.parametrize(
    "text",
    [
        "how many cases under 302/34 in Whitefield",
        "what does section 302/34 IPC mean",
        "list FIRs 120/2026 and 121/2026",
    ],
)
def test_a_section_pair_or_fir_number_in_a_records_or_law_question_is_no_arithmetic(
    text: str,
) -> None:
    assert not plain_arithmetic(text)


@pytest.mark.parametrize(
    "text",
    [
        "Of 96 missing-person complaints, 71 were traced. What percentage?",
        "difference between 540 and 512 arrests",
        "ratio of Whitefield thefts to KR Puram thefts in 2025",
        "average number of robberies per month in Jayanagar in 2024",
        "how many days since the last dacoity FIR in Udupi Town",
        "What is the date 10 weeks after 4 March 2027?",
        "Which day of the week is 1 January 2028?",
        "Preliminary enquiry began on 9 December 2026; by when must it finish?",
    ],
)
def test_arithmetic_and_date_arithmetic_need_the_fallback_tools(text: str) -> None:
    assert needs_tools(text)


@pytest.mark.parametrize(
    "text",
    [
        "list thefts in Whitefield between 1 March 2026 and 15 March 2026",
        "how many cases are under investigation since 1 January 2026",
        "what is the time limit for a preliminary enquiry",
    ],
)
def test_records_with_dates_and_plain_procedure_are_not_tool_questions(text: str) -> None:
    assert not needs_tools(text)


def test_out_of_scope_comes_before_the_records_follow_up_rule() -> None:
    assert rule_route("what about the weather?", "zcql") == (
        "out_of_scope",
        "out of scope (weather)",
    )


@pytest.mark.parametrize(
    "text",
    [
        "how many holidays does a head constable get for Diwali",
        "how many uniforms are issued to a woman constable each year",
        "ASI ko saal mein kitni chhutti milti hai",
    ],
)
def test_a_count_naming_no_records_term_goes_to_knowledge(text: str) -> None:
    assert rule_route(text, None) == ("rag", "a count question naming no records term")


@pytest.mark.parametrize(
    "text",
    [
        "how many burglaries in Whitefield last month",
        "how many vehicles were seized in KR Puram",
        "how many chain snatchings in 2025",
        "how many days for a charge sheet",
        "kitne bike chori hue Indiranagar mein",
    ],
)
def test_a_count_naming_a_records_term_is_not_sent_to_knowledge(text: str) -> None:
    assert rule_route(text, None) != ("rag", "a count question naming no records term")


@pytest.mark.parametrize(
    "text",
    [
        "using the census estimate of Mandya's population, what is our murder rate per lakh",
        "what percentage of burglaries in Lashkar were solved, going by the estimated total",
    ],
)
def test_an_estimate_to_compute_with_is_not_a_forecast(text: str) -> None:
    """'Estimate' names a figure to compute with here, not a future count to decline."""
    assert rule_route(text.lower(), None) == (
        "fallback",
        "needs arithmetic or an outside figure over records",
    )


@pytest.mark.parametrize(
    "text",
    [
        "will Vidyanagar register more robberies next week",
        "agle mahine Lashkar mein kitne chori honge",
    ],
)
def test_a_forecast_of_records_figures_goes_to_the_records_reader(text: str) -> None:
    assert rule_route(text.lower(), None) == (
        "zcql",
        "a forecast of records figures: the records reader declines it",
    )


def test_when_the_law_has_something_happen_is_not_a_forecast() -> None:
    """Kanglish 'aagutte' (it happens) in a 'when' question asks the rule, not a future count."""
    decided = rule_route("theft case chargesheet yaavaga file aagutte", None)
    assert decided is None or decided[0] != "zcql"
