"""The offline planner on tool questions in fresh wording: festivals as date anchors, offsets
whose anchor cannot be read, weeks and months with their counting rule, legal deadlines the
statutory table does not hold, deadlines naming a crime, complaint-mode shares and ratios in
the order the question names them."""

from __future__ import annotations

from datetime import date

import pytest

from graph.fallback.compute import computation
from graph.fallback.date_plan import asks_date_arithmetic, asks_legal_deadline, date_call
from graph.fallback.prompts import OFFLINE_PREFIX, UNVERIFIED
from graph.fallback.records_math import records_math
from graph.routing.rules import rule_route
from tests.graph.fallback.harness import FakeRecords, context_for, run_loop
from tools.agent.services import FallbackServices

TODAY = date(2026, 12, 2)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "which date comes 20 days after Deepavali 2025?",
            "Deepavali 2025 is Monday, 20 October 2025 (India and Karnataka public holiday "
            "calendar). 20 days after Monday, 20 October 2025 is Sunday, 9 November 2025",
        ),
        ("how many days are still to go till Ugadi?", "126 days from Wednesday, 2 December 2026"),
        (
            "count the days between Holi 2026 and Ganesh Chaturthi 2026",
            "194 days from Wednesday, 4 March 2026 to Monday, 14 September 2026",
        ),
        (
            "date exactly 5 weeks on from 12 November 2026?",
            "5 weeks (35 days) after Thursday, 12 November 2026 is Thursday, 17 December 2026",
        ),
        (
            "give me the date 4 weeks ahead of 1 Jan 2027",
            "4 weeks (28 days) after Friday, 1 January 2027 is Friday, 29 January 2027",
        ),
        ("10 days prior to 3 March 2027?", "10 days before Wednesday, 3 March 2027 is Sunday"),
        (
            "3 months after 31 December 2026 falls on which date",
            "the same date that many months on, or the month's last day",
        ),
        (
            "the complaint reached us on 10 November 2026; what date is 12 days after that",
            "12 days after Tuesday, 10 November 2026 is Sunday, 22 November 2026",
        ),
    ],
)
async def test_fresh_date_questions_compute(question: str, expected: str) -> None:
    run = await run_loop(context_for(FallbackServices()), question)
    answer = run.result.answer
    assert answer.startswith(OFFLINE_PREFIX)
    assert expected in answer
    assert not run.result.partial


async def test_offset_from_an_unreadable_event_says_what_is_missing() -> None:
    run = await run_loop(context_for(FallbackServices()), "what date is 15 days after the raid?")
    answer = run.result.answer
    assert UNVERIFIED in answer
    assert "could not read a date from 'the raid'" in answer
    assert "2026" not in answer


async def test_a_festival_that_fits_two_days_is_asked_about() -> None:
    run = await run_loop(context_for(FallbackServices()), "what is 10 days after Bakri Eid 2026")
    assert "Bakri Eid 2026 is Wednesday, 27 May 2026" in run.result.answer
    run = await run_loop(context_for(FallbackServices()), "which date is 10 days after eid 2026")
    assert "could mean Eid Al-Fitr" in run.result.answer
    assert "say which" in run.result.answer


@pytest.mark.parametrize(
    ("question", "named"),
    [
        (
            "the magistrate convicted him on 3 November 2026; last date to file a revision?",
            "file a revision",
        ),
        (
            "time limit for serving summons if the order came on 14 Oct 2026",
            "serving summons",
        ),
    ],
)
async def test_a_deadline_the_table_lacks_is_said_plainly(question: str, named: str) -> None:
    run = await run_loop(context_for(FallbackServices()), question)
    answer = run.result.answer
    assert f"The statutory deadlines table has no time limit for '{named}'" in answer
    assert "I have not computed a date" in answer
    assert "day 60" not in answer and "day 90" not in answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "POCSO FIR lodged on 5 October 2026 - when is the investigation due to finish?",
            "ends on Saturday, 5 December 2026",
        ),
        (
            "dacoity accused remanded first on 1 October 2026 (punishable with life), "
            "last day for the charge sheet?",
            "day 90 is Tuesday, 29 December 2026",
        ),
    ],
)
async def test_legal_deadlines_naming_a_crime_compute_and_route_to_the_fallback(
    question: str, expected: str
) -> None:
    assert asks_legal_deadline(question)
    route = rule_route(question, None)
    assert route is not None and route[0] == "fallback"
    run = await run_loop(context_for(FallbackServices()), question)
    assert expected in run.result.answer


@pytest.mark.parametrize(
    "question",
    [
        "how many thefts were registered between 1 Oct 2026 and 30 Nov 2026 in Jayanagar?",
        "list rape FIRs registered after 5 October 2026",
    ],
)
def test_records_questions_with_dates_are_not_deadlines(question: str) -> None:
    assert not asks_legal_deadline(question)


def test_festival_date_questions_are_date_arithmetic() -> None:
    assert asks_date_arithmetic("how many days since Ugadi this year")
    assert asks_date_arithmetic("how many weeks till Christmas")
    assert not asks_date_arithmetic("what is Ugadi")
    call = date_call("25 days before Holi 2027", TODAY)
    assert call is not None
    assert call.args == {"operation": "add_days", "start": "holi 2027", "days": -25}


@pytest.mark.parametrize(
    ("question", "base", "part"),
    [
        (
            "among all FIRs at Jayanagar in 2025, what percentage were filed through the portal?",
            "how many FIRs at Jayanagar in 2025",
            "how many filed online FIRs at Jayanagar in 2025",
        ),
        (
            "what proportion of Hebbal's cases this year arrived as walk-ins",
            "how many Hebbal's cases this year",
            "how many walk-in Hebbal's cases this year",
        ),
        (
            "tell me the number of robberies in Yelahanka in 2025 and the percentage detected",
            "how many robberies in Yelahanka in 2025",
            "how many charge sheeted robberies in Yelahanka in 2025",
        ),
    ],
)
def test_share_questions_ask_both_counts(question: str, base: str, part: str) -> None:
    math = records_math(question, TODAY)
    assert math is not None and math.operation == "share"
    assert math.questions == (base, part)


async def test_a_share_whose_part_is_not_grounded_is_not_counted_as_all() -> None:
    question = "what share of Hebbal FIRs in 2025 were noisy?"
    math = records_math(question, TODAY)
    assert math is not None and math.unplaced == "noisy"
    records = FakeRecords()
    run = await run_loop(context_for(FallbackServices(records=records)), question)
    assert len(records.calls) == 1
    assert "I could not tell which records 'noisy' means" in run.result.answer
    assert "100%" not in run.result.answer


@pytest.mark.parametrize(
    ("question", "expression"),
    [
        ("412 complaints, 103 resolved: give the resolved to total ratio", "round(103/412, 2)"),
        ("we seized 45 phones and 15 laptops, ratio of laptops to phones?", "round(15/45, 2)"),
        ("ratio of 64 chargesheets to 16 acquittals", "round(64/16, 2)"),
    ],
)
def test_ratios_follow_the_named_order(question: str, expression: str) -> None:
    found = computation(question)
    assert found is not None
    assert found.expression == expression


@pytest.mark.parametrize(
    ("question", "questions"),
    [
        (
            "For 2024, what was the ratio of burglaries to robberies across Udupi district?",
            (
                "how many burglaries across Udupi district For 2024",
                "how many robberies across Udupi district For 2024",
            ),
        ),
        (
            "In Mysuru district, what share of robberies in 2025 were undetected?",
            (
                "how many robberies in 2025 in Mysuru district",
                "how many undetected robberies in 2025 in Mysuru district",
            ),
        ),
        (
            "In Atlantis, what share of robberies in 2025 were undetected?",
            (
                "how many robberies in 2025 in Atlantis",
                "how many undetected robberies in 2025 in Atlantis",
            ),
        ),
    ],
)
def test_sub_questions_keep_the_period_and_place_said_elsewhere(
    question: str, questions: tuple[str, ...]
) -> None:
    math = records_math(question, TODAY)
    assert math is not None
    assert math.questions == questions


def test_a_pair_of_places_is_not_merged_into_each_count() -> None:
    math = records_math("gap between Jayanagar and Hebbal FIR counts in 2025", TODAY)
    assert math is not None
    assert math.questions == (
        "how many FIRs in Jayanagar in 2025",
        "how many FIRs in Hebbal in 2025",
    )


@pytest.mark.parametrize(
    ("question", "expression"),
    [
        ("by how much does 2,310 exceed 1,975?", "2310 - 1975"),
        ("how much lower is 48 than 131", "131 - 48"),
    ],
)
def test_comparative_differences(question: str, expression: str) -> None:
    found = computation(question)
    assert found is not None and found.expression == expression


async def test_an_offset_from_now_is_date_arithmetic_counted_from_today() -> None:
    question = "what will the date be 3 weeks from now"
    assert asks_date_arithmetic(question)
    run = await run_loop(context_for(FallbackServices()), question)
    assert "3 weeks (21 days) after Wednesday, 2 December 2026 is Wednesday, 23 December" in (
        run.result.answer
    )


def test_a_default_bail_date_naming_the_crime_is_a_deadline() -> None:
    question = "house-breaking accused remanded on 4 Nov 2026 - default bail date?"
    assert asks_legal_deadline(question)
    call = date_call(question, TODAY)
    assert call is not None and call.args["deadline"] == "chargesheet_60"


async def test_an_explicit_web_request_only_says_web_search_is_not_configured() -> None:
    records = FakeRecords()
    question = "look it up online: has the DGP issued a new order on FIR translation?"
    run = await run_loop(context_for(FallbackServices(records=records)), question)
    assert records.calls == []
    assert "Web search is not configured" in run.result.answer


def test_an_age_limit_on_the_part_is_not_carried_into_the_whole() -> None:
    math = records_math("what percent of our pending cases are older than six months?", TODAY)
    assert math is not None
    assert math.questions[0] == "how many of our pending cases"
    assert math.questions[1].startswith("how many of our pending cases registered before")


@pytest.mark.parametrize(
    ("question", "expression"),
    [
        ("Of 240 stolen bikes, 66 were found. Finding rate?", "round(66*100/240, 2)"),
        (
            "1,800 petitions were open in April and 600 were disposed since; what percent remain?",
            "round((1800 - 600)*100/1800, 2)",
        ),
        (
            "out of 700 warrants, 210 are still pending - what percentage remains pending?",
            "round(210*100/700, 2)",
        ),
        ("if 45,000 is 15% of the fund, what is the total fund?", "round(45000*100/15, 2)"),
    ],
)
def test_more_share_wordings(question: str, expression: str) -> None:
    found = computation(question)
    assert found is not None and found.expression == expression


@pytest.mark.parametrize(
    ("question", "questions"),
    [
        (
            "How many chain snatchings in Mandya in 2025, and how many of those were detected, "
            "in percent?",
            (
                "How many chain snatchings in Mandya in 2025",
                "how many charge sheeted chain snatchings in Mandya in 2025",
            ),
        ),
        (
            "give the percentage of unsolved burglaries in Tumakuru for 2024",
            (
                "how many burglaries in Tumakuru for 2024",
                "how many undetected burglaries in Tumakuru for 2024",
            ),
        ),
    ],
)
def test_more_records_share_wordings(question: str, questions: tuple[str, ...]) -> None:
    math = records_math(question, TODAY)
    assert math is not None and math.operation == "share"
    assert math.questions == questions


@pytest.mark.parametrize(
    ("question", "args"),
    [
        (
            "date one fortnight after 3 January 2027",
            {"operation": "add_days", "start": "2027-01-03", "weeks": 2},
        ),
        (
            "two quarters before 31 August 2027?",
            {"operation": "add_months", "start": "2027-08-31", "months": -6},
        ),
        (
            "a year after 29 February 2028",
            {"operation": "add_months", "start": "2028-02-29", "months": 12},
        ),
        (
            "what is 1,100 days after 2 March 2026",
            {"operation": "add_days", "start": "2026-03-02", "days": 1100},
        ),
    ],
)
def test_fortnights_quarters_years_and_grouped_counts(
    question: str, args: dict[str, object]
) -> None:
    call = date_call(question, TODAY)
    assert call is not None and call.args == args


@pytest.mark.parametrize(
    "question",
    [
        "Search online: did the state issue a fresh order on CCTV retention this month?",
        "browse the internet for the new SOP on drone surveillance",
    ],
)
def test_a_web_request_routes_to_the_fallback(question: str) -> None:
    route = rule_route(question, None)
    assert route is not None and route[0] == "fallback"


@pytest.mark.parametrize(
    ("question", "operation", "questions"),
    [
        (
            "what's the snatching to robbery ratio at Hebbal in 2025",
            "ratio",
            (
                "how many snatching FIRs at Hebbal in 2025",
                "how many robbery FIRs at Hebbal in 2025",
            ),
        ),
        (
            "car to bike theft ratio in Mysuru district for 2024?",
            "ratio",
            (
                "how many car thefts in Mysuru district for 2024",
                "how many bike thefts in Mysuru district for 2024",
            ),
        ),
        (
            "how many fewer robberies than burglaries at Jayanagar last year?",
            "difference",
            (
                "how many robberies at Jayanagar last year",
                "how many burglaries at Jayanagar last year",
            ),
        ),
        (
            "percentage rise in cyber cases in Udupi district between 2023 and 2025",
            "change",
            (
                "how many cyber cases in Udupi district in 2023",
                "how many cyber cases in Udupi district in 2025",
            ),
        ),
    ],
)
def test_more_records_pair_wordings(
    question: str, operation: str, questions: tuple[str, ...]
) -> None:
    math = records_math(question, TODAY)
    assert math is not None and math.operation == operation
    assert math.questions == questions


def test_how_a_share_is_asked_is_not_read_as_a_place() -> None:
    math = records_math(
        "what share of all FIRs in our district in 2024 were robberies, as a percentage?", TODAY
    )
    assert math is not None
    assert math.questions == (
        "how many FIRs in our district in 2024",
        "how many robberies FIRs in our district in 2024",
    )
