"""Deterministic routing rules the trained classifier cannot see: out-of-scope requests,
conversation follow-ups and questions that need tools (arithmetic, dates, outside figures).

- An out-of-scope request (weather, sport, chat, creative writing, personal advice, trivia;
  see `graph.routing.scope`) is `out_of_scope`, before any other rule: a records-looking
  word inside it ("how many medals") never sends it to records. Only a day-to-day figure
  (below) is taken first.

- A figure that changes day to day (today's price of something, a rate "as of today") that
  names no police work goes to the fallback engine, which searches the web for it or says
  plainly that web search is not configured; it is not declined as out of scope. So does a
  court ruling of the last days ("any High Court judgment yesterday on NDPS bail").

- A short elliptical follow-up ("and in 2024?", "what about Whitefield?") right after a
  records answer is a records question: route `zcql`, never `hybrid`, so it picks up no
  procedure text.
- A records question that asks for a percentage, ratio or rate, or compares with an outside
  figure (NCRB, a national or state average), needs the fallback engine's tools: route
  `fallback`. The records pipeline only counts and lists.
- So does arithmetic over numbers the message states ("58 of 730 were detected, what
  percentage?", "18% GST on 2,40,000", "what is 18% of 2,35,000" when it names no records and
  asks no law), arithmetic over records counts ("difference between KR Puram and Whitefield
  FIR counts last month", "average FIRs per month in Lashkar during 2025", "days since the
  last robbery"), and date arithmetic on a stated date (N days/weeks/months after it, its
  weekday, a statutory deadline that starts on it). A legal deadline from a stated date is
  date arithmetic even when it names a crime or an FIR. So is a request, in so many words, to
  search the web or check online (the fallback says when web search is not configured).
- A forecast of records figures ("how many thefts will KR Puram see next month"), unless it needs
  tools (an "estimate" to compute a rate with) or asks when the law has something happen
  ("yaavaga transfer aagutte"), is `zcql`:
  the records reader declines it in so many words rather than the fallback guessing.
- A "how many" question that names no records term at all (no crime, place, period, status,
  FIR, section, IO or person, and words the records reader cannot place: "how many casual
  leave days does a PSI get", also after a topic and a dash: "annual refresher - how many
  hours per constable") is not a records count: route `rag`, where the knowledge base
  answers it or says it does not.
- A question framed as law or procedure (a punishment, a time limit, a meaning, who may act,
  what a document contains, how to do something; `graph.routing.knowledge_frame`) that names
  no FIR, plate, place, period, IO or person and counts nothing is `rag`, even when it names
  a crime: the records hold no punishments or deadlines.
- A records question over a period named by festivals ("FIRs from Diwali day till now",
  "chain snatching between Dasara and Deepavali") is never date arithmetic: the date
  calculator takes only questions that ask for a date or a number of days
  (`records_over_festival_days`; the cascade sends such a question to records when the
  classifier would send it to the fallback engine).
- A records count or list that mentions tomorrow only as context ("meeting with the DCP
  tomorrow, how many thefts last month") is `zcql`; the word alone does not make it date
  arithmetic, which still goes to the fallback engine.
"""

from __future__ import annotations

import re
from datetime import date

from graph.fallback.compute import computation
from graph.fallback.date_plan import asks_date_arithmetic, asks_legal_deadline
from graph.fallback.expression import extract_expression
from graph.fallback.records_math import asks_records_arithmetic
from graph.fallback.web_need import RECENT_RULING, asks_web_search, live_figure_clause
from graph.routing.knowledge_frame import asks_law_or_procedure
from graph.routing.mixed import has_record_signal
from graph.routing.scope import out_of_scope_class, police_work_named
from tools.text2zcql.dates import festival_mentions
from tools.text2zcql.offline import asks_forecast
from tools.text2zcql.understand import understand

FOLLOW_UP = re.compile(
    r"^\s*(?:and|also|what about|how about|same for|now for|then|only|just|but)\b"
    r"|^\s*(?:in|for|during|from|since)\s+\S+"
    r"|^\s*(?:last|this|next|previous)\s+(?:year|month|week|quarter)\b",
    re.IGNORECASE,
)
MAX_FOLLOW_UP_WORDS = 7
COMPUTATION = re.compile(
    r"\bpercent(?:age)?s?\b|%|\bratio\b|\bproportion\b|\bshare of\b|\brate per\b"
    r"|\bper (?:lakh|100,?000|1,?00,?000|capita)\b|\bcrime rate\b|\btheft rate\b|\b\w+ rate\b",
    re.IGNORECASE,
)
OUTSIDE_FIGURE = re.compile(
    r"\bncrb\b|\bnational (?:average|rate|figure)\b|\ball[- ]india\b|\bstate average\b"
    r"|\bcountry(?:wide)? average\b|\blatest (?:figure|statistics|data|average)\b",
    re.IGNORECASE,
)
RECORD_WORDS = re.compile(
    r"\b(?:thefts?|burglar(?:y|ies)|robber(?:y|ies)|cases?|firs?|crimes?|snatchings?|"
    r"murders?|arrests?|solved|detected|charge[- ]?sheeted|district|precinct|station)\b",
    re.IGNORECASE,
)

COUNT_QUESTION = re.compile(
    r"(?:^|[-–—:;]\s*)how (?:many|much)\b|\b(?:kitne|kitni|kitna|eshtu|estu|yeshtu)\b",
    re.IGNORECASE,
)

COMING_DAY = re.compile(r"\btomorrow\b|\btmrw?\b|\bnaale\b", re.IGNORECASE)
COUNT_OR_LIST = re.compile(
    r"\bhow many\b|\bcount\b|\bnumber of\b|\blist\b|\bfir numbers\b"
    r"|\b(?:kitne|kitni|kitna|eshtu|estu|yeshtu)\b",
    re.IGNORECASE,
)


def records_ask_beside_a_coming_day(text: str) -> bool:
    """A records count or list that names tomorrow only as the officer's reason for asking (a
    meeting, a hearing): no date arithmetic, law or procedure is asked."""
    return (
        COMING_DAY.search(text) is not None
        and COUNT_OR_LIST.search(text) is not None
        and names_records(text)
        and not asks_date_arithmetic(text)
        and not asks_law_or_procedure(text)
    )


def names_no_records(text: str) -> bool:
    """A count question in which the records reader places nothing and leaves words over."""
    if not COUNT_QUESTION.search(text) or has_record_signal(text) or RECORD_WORDS.search(text):
        return False
    u = understand(text, date.today())
    e = u.entities
    placed = (
        e.fir_ids,
        e.plates,
        e.sections,
        e.stations,
        e.districts,
        e.crimes,
        e.statuses,
        e.modes,
        e.io_badge,
        e.person_name,
        e.unknown_place,
        e.juvenile,
        e.sexual_offence,
        e.vehicle_status,
        e.io_candidates,
    )
    return bool(u.unknown) and not any(placed)


def names_records(text: str) -> bool:
    """A records word, or a crime or place the records reader places ("Mandya mein chori")."""
    if has_record_signal(text) or RECORD_WORDS.search(text):
        return True
    e = understand(text, date.today()).entities
    return bool(e.crimes or e.stations or e.districts)


_DATE_OR_DAYS_ASKED = re.compile(
    r"\bhow (?:many|long)\s+(?:days|weeks|months|years)\b|\bnumber of (?:days|weeks)\b"
    r"|\b(?:kitne|kitni|eshtu|estu|yeshtu)\s+(?:din|dino|dina\w*|hafte|mahine|vaara|tingal\w*)\b"
    r"|\b(?:what|which)\s+(?:date|day|weekday)\b|\bday of the week\b|\bwhen\b|\bkab\b"
    r"|\b(?:yaavaga|yavaga|yaava dina|yava dina|yaava dinanka)\b"
    r"|\bdays? (?:left|ago|to go|remain\w*|between|since|until)\b|\bhow long\b"
    r"|^\s*(?:the\s+)?(?:number of\s+)?(?:days|weeks)\s+from\b",
    re.IGNORECASE,
)
"""Asking for a date or a number of days: the date calculator's questions."""
_RECORD_NOUN = re.compile(r"\b(?:firs?|cases?|crimes?|complaints?|incidents?|arrests?)\b", re.I)


def records_over_festival_days(text: str) -> bool:
    """Records (an FIR or case noun, or a crime) over a period named by festivals, asking for
    no date or number of days ("FIRs in the division from Diwali day till now, total")."""
    if not festival_mentions(text.lower(), date.today()) or _DATE_OR_DAYS_ASKED.search(text):
        return False
    if asks_legal_deadline(text):
        return False
    if _RECORD_NOUN.search(text):
        return True
    return bool(understand(text, date.today()).entities.crimes)


def is_records_follow_up(text: str, last_route: str | None) -> bool:
    """A short follow-up right after a records answer."""
    if last_route != "zcql":
        return False
    return len(text.split()) <= MAX_FOLLOW_UP_WORDS and bool(FOLLOW_UP.search(text))


def plain_arithmetic(text: str) -> bool:
    """Arithmetic over numbers the message states, written out ("what is 18% of 2,35,000",
    "multiply 36 by 25") or in words ("18% GST on 2,40,000", "average of 12, 15 and 20"),
    naming no records and asking no law or procedure: a section pair ("302/34") in a records
    or law question is not a division."""
    if extract_expression(text) is None and computation(text) is None:
        return False
    return not names_records(text) and not asks_law_or_procedure(text)


def needs_tools(text: str) -> bool:
    """Arithmetic (over stated numbers or records counts), date arithmetic on a stated date,
    a comparison with a figure from outside the records, or a web search asked for."""
    if computation(text) is not None or asks_records_arithmetic(text) or asks_web_search(text):
        return True
    if plain_arithmetic(text):
        return True
    if (
        asks_date_arithmetic(text)
        and not records_over_festival_days(text)
        and (not has_record_signal(text) or asks_legal_deadline(text))
    ):
        return True
    about_records = has_record_signal(text) or bool(RECORD_WORDS.search(text))
    if not about_records:
        return False
    return bool(COMPUTATION.search(text) or OUTSIDE_FIGURE.search(text))


def rule_route(text: str, last_route: str | None) -> tuple[str, str] | None:
    """The route a rule decides, with its reason; None leaves it to the classifier."""
    live = live_figure_clause(text)
    if live is not None and not police_work_named(live) and not RECORD_WORDS.search(live):
        return "fallback", "a figure that changes day to day: only a web search has it"
    if RECENT_RULING.search(text):
        return "fallback", "a court ruling of the last days: only a web search has it"
    scope = out_of_scope_class(text)
    if scope is not None:
        return "out_of_scope", f"out of scope ({scope.replace('_', ' ')})"
    if (
        asks_forecast(text)
        and names_records(text)
        and not needs_tools(text)
        and not asks_law_or_procedure(text)
    ):
        return "zcql", "a forecast of records figures: the records reader declines it"
    if is_records_follow_up(text, last_route):
        return "zcql", "records follow-up after a records answer"
    if plain_arithmetic(text):
        return "fallback", "arithmetic over numbers the message states"
    if needs_tools(text):
        return "fallback", "needs arithmetic or an outside figure over records"
    if records_ask_beside_a_coming_day(text):
        return "zcql", "a records count or list; tomorrow is only the reason for asking"
    if names_no_records(text):
        return "rag", "a count question naming no records term"
    if asks_law_or_procedure(text):
        return "rag", "a law or procedure question naming no records"
    return None
