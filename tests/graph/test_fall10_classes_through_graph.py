"""The fall10 classes through the whole offline graph.

- An outcome rate ("detection rate", "charge-sheeting rate") over records is the share of the
  counted FIRs with that outcome; a crime within the counted crime ("share of two-wheeler
  theft in our total thefts") is counted with the part's crime instead of both at once; the
  unit named before what is counted ("division FIRs") is the officer's own area; two months
  joined by a dash and a year ("Feb-Jul 2025") are that range, never the whole year; a bracket
  that restates the arithmetic is no filter. Counts are checked on the demo database as the
  officer may see them.
- Numbers named before them ("constables 18, patrol hours 252") divide as named.
- A festival's date asked beside a reason that names duty words is the festival's date.
- What only the web has (news, today's rate) says web search is not configured and names what
  was needed, even when records words stand beside it.
- Shopping, travel, cooking, a forecast, trivia are declined as out of scope even with duty
  words beside them; case work beside the same words is never declined.
"""

from __future__ import annotations

import pytest

from tests.graph.records_truth import OFFICER, scalar, scope

pytestmark = pytest.mark.asyncio(loop_scope="session")

YEAR_2025 = "f.registered_at >= '2025-01-01' AND f.registered_at < '2026-01-01'"
NOT_CONFIGURED = "web search is not configured"
DECLINE = "outside what I can help with"


def _count(records, condition: str) -> int:
    where, scoped = scope()
    sql = f"SELECT COUNT(*) FROM firs f WHERE {where} AND {condition}"
    return int(scalar(records, sql, *scoped))


def _share_said(answer: str, part: int, whole: int) -> bool:
    return f"{part} of {whole} is {round(part * 100 / whole, 2):g}%" in answer


@pytest.mark.parametrize(
    ("question", "crime"),
    [
        ("detection rate for 2025 thefts in our stations, in %", "f.crime_group = 'THEFT'"),
        ("what is the charge sheeting rate of 2025 FIRs in the division", "1 = 1"),
    ],
)
async def test_an_outcome_rate_is_the_share_with_that_outcome(ask, demo_settings, question, crime):
    whole = _count(demo_settings.records_path, f"{crime} AND {YEAR_2025}")
    part = _count(
        demo_settings.records_path, f"{crime} AND {YEAR_2025} AND f.status = 'Charge Sheeted'"
    )
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert _share_said(response.answer, part, whole), response.answer


@pytest.mark.parametrize(
    ("question", "head"),
    [
        (
            "share of two-wheeler theft in the total theft FIRs of our stations in 2025, in %",
            "TWO-WHEELER THEFT",
        ),
        ("percentage of mobile phone theft among all thefts in 2025 in my stations", None),
    ],
)
async def test_a_crime_within_the_counted_crime_is_counted_alone(
    ask, demo_settings, question, head
):
    head = head or "MOBILE PHONE THEFT"
    whole = _count(demo_settings.records_path, f"f.crime_group = 'THEFT' AND {YEAR_2025}")
    part = _count(demo_settings.records_path, f"f.crime_head = '{head}' AND {YEAR_2025}")
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert _share_said(response.answer, part, whole), response.answer


@pytest.mark.parametrize(
    "question",
    [
        "what percent of 2025 division FIRs are charge sheeted",
        "of the jurisdiction cases registered in 2025, what percentage were charge sheeted",
    ],
)
async def test_the_unit_named_before_the_records_is_the_own_area(ask, demo_settings, question):
    whole = _count(demo_settings.records_path, YEAR_2025)
    part = _count(demo_settings.records_path, f"{YEAR_2025} AND f.status = 'Charge Sheeted'")
    response = await ask(OFFICER, question)
    assert "What do you mean" not in response.answer
    assert _share_said(response.answer, part, whole), response.answer


async def test_a_dashed_month_range_is_that_range_in_a_records_count(ask, demo_settings):
    n = _count(
        demo_settings.records_path,
        "f.crime_group = 'THEFT' AND f.registered_at >= '2025-03-01' "
        "AND f.registered_at < '2025-06-01'",
    )
    response = await ask(OFFICER, "how many thefts in the division Mar-May 2025")
    assert response.route == "zcql"
    assert "2025-03-01 to 2025-05-31" in response.answer and f": {n}." in response.answer


async def test_a_dashed_month_range_sets_the_months_of_an_average(ask, demo_settings):
    n = _count(
        demo_settings.records_path,
        "f.registered_at >= '2025-02-01' AND f.registered_at < '2025-08-01'",
    )
    response = await ask(OFFICER, "average FIRs per month in our stations Feb-Jul 2025")
    assert response.route == "fallback"
    assert f"{n} over 6 months is an average of {round(n / 6, 2):g} per month" in response.answer


@pytest.mark.parametrize(
    "question",
    [
        "ratio of 2026 to 2025 FIRs, our stations (2026 count divided by 2025 count)",
        "ratio of 2026 to 2025 thefts in the division (2026 count over the 2025 count)",
    ],
)
async def test_a_bracket_restating_the_arithmetic_is_no_filter(ask, demo_settings, question):
    crime = "f.crime_group = 'THEFT' AND " if "thefts" in question else ""
    later = _count(demo_settings.records_path, f"{crime}f.registered_at >= '2026-01-01'")
    earlier = _count(demo_settings.records_path, f"{crime}{YEAR_2025}")
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert f"is {later} to {earlier}, a ratio of {round(later / earlier, 2):g} : 1" in (
        response.answer
    ), response.answer


@pytest.mark.parametrize(
    ("question", "shown"),
    [
        ("constables 18, night patrol hours 252 - hours per constable", "is 14 hours per"),
        ("jeeps 8; patrol km 960 - km per jeep?", "960 over 8 is 120"),
    ],
)
async def test_numbers_named_before_them_divide_as_named(ask, question, shown):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert shown in response.answer


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("date of Ugadi 2027? planning leave for the bandobast team", "7 April 2027"),
        ("Christmas 2027 date, need it for the station bandobast roster", "25 December 2027"),
    ],
)
async def test_a_festival_date_beside_a_duty_reason(ask, question, day):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert day in response.answer


@pytest.mark.parametrize(
    ("question", "needed"),
    [
        (
            "today's gold rate per gram, needed to value the jewellery in a theft complaint",
            "today's gold rate per gram",
        ),
        (
            "any news on the Hebbal chain snatching gang arrests this week, for the case diary",
            "any news on the Hebbal chain snatching gang arrests this week",
        ),
    ],
)
async def test_what_only_the_web_has_is_named_beside_records_words(ask, question, needed):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert NOT_CONFIGURED in response.answer.lower()
    assert f"Needed from the web: '{needed}'" in response.answer


@pytest.mark.parametrize(
    "question",
    [
        "good rain boots under 1500 for patrol duty, suggest",
        "where can I buy a torch for night beat",
        "book a train ticket to Hubballi for my transfer joining",
        "will it rain tonight during the Hebbal patrol?",
        "how to make chicken biryani for the station party",
        "who designed the Vidhana Soudha building",
        "ek kahani likho traffic constable par",
    ],
)
async def test_errands_with_duty_words_are_declined(ask, question):
    response = await ask(OFFICER, question)
    assert response.route == "out_of_scope"
    assert DECLINE in response.answer and not response.citations


@pytest.mark.parametrize(
    "question",
    [
        "which brand of phone was stolen most in KR Puram this year",
        "rain during the procession caused an accident, how do we register the FIR",
        "accused bought a smartwatch with the stolen card, which section applies",
    ],
)
async def test_case_work_beside_errand_words_is_not_declined(ask, question):
    response = await ask(OFFICER, question)
    assert response.route != "out_of_scope"


@pytest.mark.parametrize(
    ("question", "crime", "status"),
    [
        (
            "percentage of FIRs still pending from 2025 in our stations",
            "1 = 1",
            "Under Investigation",
        ),
        (
            "of the 2025 thefts in the division, how many percent are undetected",
            "f.crime_group = 'THEFT'",
            "Undetected",
        ),
        (
            "clearance rate of 2025 robberies, our 4 stations",
            "f.crime_group = 'ROBBERY'",
            "Charge Sheeted",
        ),
    ],
)
async def test_a_share_asked_in_other_words(ask, demo_settings, question, crime, status):
    whole = _count(demo_settings.records_path, f"{crime} AND {YEAR_2025}")
    part = _count(demo_settings.records_path, f"{crime} AND {YEAR_2025} AND f.status = '{status}'")
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert _share_said(response.answer, part, whole), response.answer


async def test_a_monthly_average_said_adjective_first(ask, demo_settings):
    n = _count(
        demo_settings.records_path,
        "f.crime_group = 'THEFT' AND f.registered_at >= '2025-02-01' "
        "AND f.registered_at < '2025-08-01'",
    )
    response = await ask(OFFICER, "monthly average of thefts in the division Feb-Jul 2025")
    assert response.route == "fallback"
    assert f"{n} over 6 months is an average of {round(n / 6, 2):g} per month" in response.answer


@pytest.mark.parametrize(
    ("question", "needed"),
    [
        ("any news today on the Whitefield ATM fraud gang", "any news today on the Whitefield"),
        ("current silver price per kg for the temple theft FIR", "current silver price per kg'"),
    ],
)
async def test_what_only_the_web_has_gets_no_knowledge_text(ask, question, needed):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert NOT_CONFIGURED in response.answer.lower() and needed in response.answer
    assert not response.citations and not response.records


@pytest.mark.parametrize(
    "question",
    [
        "train timings to Mysuru for court duty",
        "weather tomorrow for the procession duty in Mysuru",
        "good restaurant near the station for the team dinner",
        "how to lose belly fat with night shifts",
    ],
)
async def test_errands_beside_court_or_procession_duty_are_declined(ask, question):
    response = await ask(OFFICER, question)
    assert response.route == "out_of_scope"


@pytest.mark.parametrize(
    "question",
    [
        "how to get police permission for a procession",
        "rain damaged the court records room, procedure for reconstructing case files",
    ],
)
async def test_court_or_procession_work_is_not_declined(ask, question):
    response = await ask(OFFICER, question)
    assert response.route != "out_of_scope"


@pytest.mark.parametrize(
    ("question", "shown"),
    [
        ("1,80,000 compensation split equally between 12 victims", "is 15000 each"),
        ("divide 4,500 litres of fuel among 9 patrol jeeps", "is 500 each"),
    ],
)
async def test_an_amount_shared_out_is_divided(ask, question, shown):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert shown in response.answer


@pytest.mark.parametrize(
    ("question", "crime", "status"),
    [
        (
            "2025 mein division me kitni chori hui aur kitne percent solve hue",
            "f.crime_group = 'THEFT'",
            "Charge Sheeted",
        ),
        (
            "2025 alli namma division nalli eshtu robbery, adaralli eshtu percent undetected",
            "f.crime_group = 'ROBBERY'",
            "Undetected",
        ),
        ("2025 ke division ke FIRs ka kitna percent abhi bhi pending hai", "1 = 1", None),
    ],
)
async def test_a_share_asked_in_hinglish_or_kanglish(ask, demo_settings, question, crime, status):
    status = status or "Under Investigation"
    whole = _count(demo_settings.records_path, f"{crime} AND {YEAR_2025}")
    part = _count(demo_settings.records_path, f"{crime} AND {YEAR_2025} AND f.status = '{status}'")
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert _share_said(response.answer, part, whole), response.answer


@pytest.mark.parametrize(
    "question", ["Christmas ke liye kitne din baaki hain", "Christmas ge innu eshtu dina ide"]
)
async def test_days_left_to_a_festival_in_hinglish_or_kanglish_count_ahead(ask, question):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert "Christmas 2025" not in response.answer, "a past Christmas is not days left"
    assert "Christmas 2026" in response.answer or "Christmas 2027" in response.answer


@pytest.mark.parametrize(
    "question",
    [
        "thefts in 2026 compared to 2025 in the division, % change",
        "robberies in our stations 2026 vs 2025 - by what percent did they change",
    ],
)
async def test_a_change_asked_after_the_years_compared(ask, demo_settings, question):
    crime = "THEFT" if "thefts" in question else "ROBBERY"
    earlier = _count(demo_settings.records_path, f"f.crime_group = '{crime}' AND {YEAR_2025}")
    later = _count(
        demo_settings.records_path,
        f"f.crime_group = '{crime}' AND f.registered_at >= '2026-01-01'",
    )
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    change = round(abs(later - earlier) * 100 / earlier, 2)
    assert f"From {earlier} (2025) to {later} (2026)" in response.answer
    assert f"of {change:g}%" in response.answer


@pytest.mark.parametrize(
    ("question", "precinct", "crime", "population"),
    [
        (
            "Whitefield cheating cases per lakh in 2025, population 3.2 lakh",
            "BLR-E-WFD",
            "f.crime_group = 'CHEATING'",
            320_000,
        ),
        (
            "KR Puram theft FIRs per 100000 people in 2025 (population 4 lakh)",
            "BLR-E-KRP",
            "f.crime_group = 'THEFT'",
            400_000,
        ),
    ],
)
async def test_a_rate_of_crime_firs_counts_that_crime(
    ask, demo_settings, question, precinct, crime, population
):
    n = _count(
        demo_settings.records_path, f"f.precinct_id = '{precinct}' AND {crime} AND {YEAR_2025}"
    )
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert "Records: Counting FIRs of" in response.answer and f": {n}." in response.answer
    assert f"is {round(n * 100_000 / population, 2):g} per 1,00,000 people" in response.answer


async def test_a_closing_request_to_reply_is_no_records_word_in_an_average(ask, demo_settings):
    n = _count(demo_settings.records_path, YEAR_2025)
    response = await ask(
        OFFICER, "DCP wants: average FIRs per month in the division in 2025, pls send"
    )
    assert response.route == "fallback"
    assert f"{n} over 12 months is an average of {round(n / 12, 2):g} per month" in response.answer


async def test_a_closing_request_to_reply_is_no_records_word_in_a_share(ask, demo_settings):
    theft = f"f.crime_group = 'THEFT' AND {YEAR_2025}"
    whole = _count(demo_settings.records_path, theft)
    part = _count(demo_settings.records_path, f"{theft} AND f.status = 'Charge Sheeted'")
    response = await ask(
        OFFICER, "what % of 2025 thefts in the division were detected - kindly share asap"
    )
    assert _share_said(response.answer, part, whole), response.answer


@pytest.mark.parametrize(
    ("question", "shown"),
    [
        ("what day of the week is 26 Jan 2027", "26 January 2027 is a Tuesday"),
        ("which day is 15 Aug 2027", "15 August 2027 is a Sunday"),
    ],
)
async def test_a_weekday_asked_with_is_before_the_date(ask, question, shown):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert shown in response.answer


@pytest.mark.parametrize(
    ("question", "shown"),
    [
        ("10 Jan 2027 inda 45 dina mele yaava date", "Wednesday, 24 February 2027"),
        ("26 Jan 2027 se 10 din pehle kaunsi date", "Saturday, 16 January 2027"),
        ("15 Dec 2026 ke 3 hafte baad kya date hai", "Tuesday, 5 January 2027"),
    ],
)
async def test_days_after_or_before_in_hinglish_or_kanglish(ask, question, shown):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert shown in response.answer


@pytest.mark.parametrize(
    ("question", "needed"),
    [
        ("nifty right now? victim invested through a fake trading app", "nifty right now"),
        ("current sensex for the share trading fraud complaint", "current sensex"),
    ],
)
async def test_a_market_figure_is_only_on_the_web(ask, question, needed):
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert NOT_CONFIGURED in response.answer.lower()
    assert f"Needed from the web: '{needed}'" in response.answer


@pytest.mark.parametrize(
    "question",
    [
        "compare our 2025 robbery count with Karnataka's NCRB figure",
        "how do our 2025 robberies compare with the state's official average",
    ],
)
async def test_the_owner_of_an_outside_figure_is_not_a_records_word(ask, demo_settings, question):
    n = _count(demo_settings.records_path, f"f.crime_group = 'ROBBERY' AND {YEAR_2025}")
    response = await ask(OFFICER, question)
    assert response.route == "fallback"
    assert f": {n}." in response.answer and NOT_CONFIGURED in response.answer.lower()
