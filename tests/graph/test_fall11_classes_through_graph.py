"""The fall11 classes through the whole offline graph.

- A default-bail deadline takes its period (60 or 90 days) from the punishment of the offence
  or BNS section the question names, read from the legal table, and says which offence and
  rule it used; "date line" asks the date too.
- A notice given instead of arrest has the two-week limit (BNSS 35(3), Arnesh Kumar), counted
  without the day the case was instituted.
- A festival's date asked in Kanglish ("yaav date"), the days from one festival to another and
  a weekday asked in Hinglish are date arithmetic.
- A percentage change said in Hinglish or Kanglish ("kitne percent badhe", "eshtu percent kadime
  aagide"), and a figure per one unit ("obba PC ge sarasari", "har constable ko") are computed.
- Records parts: "A to B <crime> FIRs, <place>, <year>. Ratio." and "<records>, 2025 versus
  2026 - by how many did they fall" count each side through the records service.
- A court ruling of the last days is only on the web, and said so.
- Errands (a product to pick, a price ceiling, cheap flights, whether the assistant is a robot)
  are declined; case work beside the same words is not.
- Law and procedure framed as "is the day counted", "what papers do I carry", "what should the
  team do", "can the SHO ...", "who orders ..." go to the knowledge base.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from tests.graph.records_truth import OFFICER, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")

YEAR_2025 = "f.registered_at >= '2025-01-01' AND f.registered_at < '2026-01-01'"
YEAR_2026 = "f.registered_at >= '2026-01-01'"
DECLINE = "outside what I can help with"
NOT_CONFIGURED = "web search is not configured"


def _count(records, condition: str) -> int:
    where, scoped = scope()
    sql = f"SELECT COUNT(*) FROM firs f WHERE {where} AND {condition}"
    return int(scalar(records, sql, *scoped))


def _long(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


@pytest.mark.parametrize(
    ("question", "start", "days", "named"),
    [
        (
            "dacoity case, accused first remanded on 5 March 2026 - final report due by when",
            date(2026, 3, 5),
            90,
            "BNS 310(2) (dacoity)",
        ),
        (
            "kidnapping for ransom, first remand 10/01/2026, last date for charge sheet?",
            date(2026, 1, 10),
            90,
            "BNS 140(2) (kidnapping for ransom)",
        ),
        (
            "cheating under BNS 318(4), first remanded on 2 Feb 2026, charge sheet last date",
            date(2026, 2, 2),
            60,
            "BNS 318(4)",
        ),
        (
            "BNS 310(2) accused remanded 1 June 2026 - default bail date line?",
            date(2026, 6, 1),
            90,
            "BNS 310(2)",
        ),
    ],
)
async def test_default_bail_period_follows_the_offence_named(ask, question, start, days, named):
    response = await ask(OFFICER, question)
    assert response.route == "fallback", response.route
    due = start + timedelta(days=days - 1)
    assert _long(due) in response.answer, response.answer
    assert named in response.answer and f"the {days}-day period applies" in response.answer
    assert "day 1" in response.answer


@pytest.mark.parametrize(
    "question",
    [
        "robbery accused first remanded on 4 April 2026 - charge sheet last date?",
        "BNS 309(4) case, first remand 04/04/2026, default bail deadline",
    ],
)
async def test_a_longer_term_only_for_named_cases_keeps_the_offence_period(ask, question):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert _long(date(2026, 4, 4) + timedelta(days=59)) in response.answer, response.answer
    assert "the 60-day period applies" in response.answer
    assert "in named cases applies, 90 days" in response.answer


@pytest.mark.parametrize(
    ("question", "due"),
    [
        (
            "theft case registered on 3 March 2026, giving notice instead of arrest - by which "
            "date must it be served",
            date(2026, 3, 17),
        ),
        (
            "10 Feb 2026 ko case darj hua, arrest ke bajaye notice dena hai - last date kya hai",
            date(2026, 2, 24),
        ),
    ],
)
async def test_notice_instead_of_arrest_has_the_two_week_limit(ask, question, due):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert _long(due) in response.answer, response.answer
    assert "Arnesh Kumar" in response.answer


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("Ugadi 2027 yaav date ge barutte", "7 April 2027"),
        ("Christmas 2027 yaav date?", "25 December 2027"),
    ],
)
async def test_a_festival_date_asked_in_kanglish(ask, question, day):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert day in response.answer, response.answer


@pytest.mark.parametrize(
    ("question", "days"),
    [
        ("days from Republic Day 2027 to Independence Day 2027", 201),
        ("number of days from Christmas 2026 to Republic Day 2027", 32),
    ],
)
async def test_days_from_one_festival_to_another(ask, question, days):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert f"{days} days from" in response.answer, response.answer


@pytest.mark.parametrize(
    ("question", "weekday"),
    [
        ("15 August 2027 kis din padta hai", "Sunday"),
        ("2 October 2027 kaun sa din hai", "Saturday"),
        ("which weekday is 1 May 2027", "Saturday"),
    ],
)
async def test_a_weekday_asked_in_other_words(ask, question, weekday):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert weekday in response.answer, response.answer


@pytest.mark.parametrize(
    ("question", "shown"),
    [
        ("pichle mahine 80 chain snatching, is mahine 96 - kitne percent badhe", "a rise of 20%"),
        ("last year 250 thefts, this year 200, kitne percent ghate", "a fall of 20%"),
        ("kaleda varsha 150 case, ee varsha 120, eshtu percent kadime aagide", "a fall of 20%"),
    ],
)
async def test_a_percentage_change_said_in_hinglish_or_kanglish(ask, question, shown):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert shown in response.answer, response.answer


@pytest.mark.parametrize(
    ("question", "shown"),
    [
        ("600 case ide, 30 PC - obba PC ge sarasari eshtu case", "600 over 30 is 20"),
        ("360 challan, 12 constable - har constable ko ausatan kitne challan", "360 over 12 is 30"),
        ("480 FIR, 16 thaane - ondu thaanege sarasari eshtu FIR", "480 over 16 is 30"),
    ],
)
async def test_a_figure_per_one_unit_in_kanglish_or_hinglish(ask, question, shown):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert shown in response.answer, response.answer


@pytest.mark.parametrize(
    ("question", "a", "b"),
    [
        (
            "Burglary to robbery FIRs, our stations, 2025. Ratio.",
            "f.crime_group IN ('BURGLARY - DAY', 'BURGLARY - NIGHT')",
            "f.crime_group = 'ROBBERY'",
        ),
        (
            "two-wheeler vs four-wheeler theft cases in the division during 2025 - the ratio?",
            "f.crime_head = 'TWO-WHEELER THEFT'",
            "f.crime_head = 'FOUR-WHEELER THEFT'",
        ),
    ],
)
async def test_a_ratio_asked_last_counts_both_sides(ask, demo_settings, question, a, b):
    na = _count(demo_settings.records_path, f"{a} AND {YEAR_2025}")
    nb = _count(demo_settings.records_path, f"{b} AND {YEAR_2025}")
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert f"is {na} to {nb}, a ratio of {round(na / nb, 2):g} : 1" in response.answer, (
        response.answer
    )


@pytest.mark.parametrize(
    ("question", "crime"),
    [
        (
            "burglaries in our stations, 2025 versus 2026 so far - by how many did they fall",
            "f.crime_group IN ('BURGLARY - DAY', 'BURGLARY - NIGHT')",
        ),
        ("theft FIRs in the division 2025 vs 2026, how many fewer", "f.crime_group = 'THEFT'"),
    ],
)
async def test_a_difference_between_two_years_asked_after_the_topic(
    ask, demo_settings, question, crime
):
    earlier = _count(demo_settings.records_path, f"{crime} AND {YEAR_2025}")
    later = _count(demo_settings.records_path, f"{crime} AND {YEAR_2026}")
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert f"has {abs(earlier - later)} more than" in response.answer, response.answer
    assert f"({earlier} against {later};" in response.answer


@pytest.mark.parametrize(
    "question",
    [
        "any High Court judgment yesterday on anticipatory bail in NDPS cases",
        "latest Supreme Court verdict on bail in dowry death cases - what was held",
    ],
)
async def test_a_recent_court_ruling_is_only_on_the_web(ask, question):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert NOT_CONFIGURED in response.answer.lower(), response.answer
    assert not response.citations


@pytest.mark.parametrize(
    "question",
    [
        "which raincoat is best for traffic duty in the monsoon",
        "suggest a good power bank under rs 2000 for night beat",
        "cheapest flights from Hubballi to Delhi for the training course",
        "are you a human or a computer program",
    ],
)
async def test_errands_and_questions_about_the_assistant_are_declined(ask, question):
    response = await ask(OFFICER, question)
    assert response.route == "out_of_scope", response.route
    assert DECLINE in response.answer and not response.citations


@pytest.mark.parametrize(
    "question",
    [
        "accused booked flights to Dubai after the fraud, can we issue a look out circular",
        "theft of a smartwatch under rs 5000 - which section applies",
        "balatkar peedita ki medical jaanch kaun karega",
    ],
)
async def test_case_work_beside_errand_words_is_not_declined(ask, question):
    response = await ask(OFFICER, question)
    assert response.route != "out_of_scope"


@pytest.mark.parametrize(
    "question",
    [
        "is the day of arrest counted in the 24 hours for production",
        "for the preliminary enquiry limit, is the date of the complaint itself counted",
        "what documents do we attach when sending the accused for remand",
        "phone found switched on during a search - what should the team do",
        "can the SHO release a seized vehicle to its owner himself",
        "who orders the release of property from the malkhana",
        "arrested at night, family lives in another taluk - what is the intimation window",
        "nakli note ke saath pakda gaya, case mein kaunsa kanoon lagega",
    ],
)
async def test_law_and_procedure_framings_go_to_the_knowledge_base(ask, question):
    response = await ask(OFFICER, question)
    assert response.route == "rag", (response.route, response.answer)


@pytest.mark.parametrize(
    "question",
    [
        "annual refresher training - how many hours per constable",
        "canteen card renewal: how many days does it take",
    ],
)
async def test_a_count_question_naming_no_records_is_not_a_records_clarification(ask, question):
    response = await ask(OFFICER, question)
    assert response.route == "rag", (response.route, response.answer)
