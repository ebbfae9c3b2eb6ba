"""Arithmetic over records counts: which counts a question needs from the records service and
how they combine.

"how many thefts in Whitefield this year, and what percentage were solved?" needs two counts
(all thefts, charge-sheeted thefts) and a share; "percentage change in robberies from 2024 to
2025" two counts and a change; "ratio of two-wheeler to four-wheeler thefts in 2025" two
counts and a ratio; "difference between KR Puram and Whitefield FIR counts last month" two
counts and a difference; "average FIRs per month in Lashkar during 2025" one count and the
period's months; "Mandya West has 2,10,000 people; its theft rate per lakh in 2025?" one count
and the stated population; "how many days since the last robbery FIR in Hubballi Town?" the
newest matching record and a date difference. Each sub-question is plain words for the
records service, which grounds, validates and clears it like any other records question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Literal

from graph.fallback.compute import AVERAGE_WORD, CHANGE_WORD, PERCENT_WORD, RATE_WORD
from graph.fallback.numbers import RATE_BASE, Quantity, quantities, rate_base
from tools.agent.deadlines import add_months
from tools.text2zcql.dates import find_period
from tools.text2zcql.entities import Entities, extract

Operation = Literal["share", "change", "ratio", "difference", "average", "rate", "since", "count"]
OUTCOME_STATUS = {
    "solved": "charge sheeted",
    "detected": "charge sheeted",
    "charge sheeted": "charge sheeted",
    "chargesheeted": "charge sheeted",
    "charge-sheeted": "charge sheeted",
    "closed": "closed",
    "undetected": "undetected",
    "unsolved": "undetected",
    "pending": "under investigation",
    "under investigation": "under investigation",
    "solve": "charge sheeted",
    "charge sheet": "charge sheeted",
}
_SHARE = r"(?:percentage|percent|per cent|share|proportion|fraction|%)"
_ASK = r"(?:what|which|how many|how much)"
"""How a share is asked ("what %", "how many percent")."""
_BE = (
    r"(?:(?:were|was|are|is|have been|has been|got|came(?: in)?|come(?: in)?|arrived|ended up)"
    r"(?:\s+(?:registered|filed|lodged|received|reported|booked|recorded))?"
    r"(?:\s+(?:as|through|via|by|over|on)\b)?)"
)
SHARE_AFTER_COUNT = re.compile(
    rf"^(?P<base>.*?\bhow many\b.+?)(?:,\s*|\s+)(?:and\s+)?{_ASK}\s+{_SHARE}\s+"
    rf"(?:of (?:them|those|these)\s+)?{_BE}\s+(?P<part>[^?.,]+)",
    re.IGNORECASE,
)
SHARE_AFTER_TOPIC = re.compile(
    rf"^(?P<base>[^:?]+?)\s*[:\-–]\s*{_ASK}\s+{_SHARE}\s+(?:of (?:them|those)\s+)?"
    rf"{_BE}\s+(?P<part>[^?.,]+)",
    re.IGNORECASE,
)
SHARE_AND = re.compile(
    rf"^(?P<base>.*?\b(?:how many|number of|count of)\b.+?)\s+and\s+(?:the\s+|what\s+)?{_SHARE}"
    rf"\s+(?:of (?:them|those|these)\s+)?(?:that\s+|which\s+)?(?:{_BE}\s+)?(?P<part>[^?.,]+)",
    re.IGNORECASE,
)
SHARE_BOTH_COUNTS = re.compile(
    rf"^(?P<base>.*?\bhow many\b.+?)(?:,\s*|\s+)and\s+how many\s+(?:of (?:them|those|these)\s+)?"
    rf"{_BE}\s+(?P<part>[^?.,]+?)(?=\s*,?\s*(?:as|in|by)\s+(?:a\s+)?{_SHARE}|[?.,]|$)",
    re.IGNORECASE,
)
_OUTCOMES = "|".join(sorted(OUTCOME_STATUS, key=len, reverse=True))
SHARE_OF_STATUS = re.compile(
    rf"\b{_SHARE}\s+of\s+(?:the\s+)?(?P<part>{_OUTCOMES})\s+(?P<base>[^?]+)",
    re.IGNORECASE,
)
SHARE_SAID = re.compile(
    r"^(?P<base>.+?)\s*(?:,|\baur\b|\bmattu\b|\bhaagu\b|\bka\b|\bki\b|\bke\b)\s*"
    r"(?:unme(?:\s*se)?|usme(?:\s*se)?"
    r"|in ?me(?:\s*se)?|adaralli|avugalalli|avalli)?\s*(?:kitne|kitna|kitni|eshtu|estu|yeshtu)\s+"
    r"(?:percent|per cent|%|pratishat|pratishata|sheka)\s+(?P<part>[^?.,]+)",
    re.IGNORECASE,
)
"""A share asked in Hinglish or Kanglish after the count ("is saal Whitefield mein kitni chori
hui aur kitne percent solve hue", "... eshtu kalavu, adaralli eshtu percent charge sheet
aagide")."""
SAID_VERB = re.compile(
    r"\s+(?:hu[aie]|hu[aie]n|hai|hain|ho gaye|ho gayi|gaye|gayi|aagide|aagive|aagi|aagiddu"
    r"|aagive|agide)\s*$",
    re.IGNORECASE,
)
"""The verb after a Hinglish or Kanglish outcome ("solve hue", "charge sheet aagide")."""
COUNT_SAID = re.compile(r"\b(?:how many|kitne|kitni|kitna|eshtu|estu|yeshtu)\b", re.IGNORECASE)
STILL_SAID = re.compile(r"^(?:abhi bhi|abhi tak|ab bhi|ab tak|still|innu)\s+", re.IGNORECASE)
SHARE_OF_PHRASE = re.compile(
    rf"\b{_SHARE}\s+of\s+(?:all\s+)?(?:the\s+)?(?P<phrase>[^?]+)", re.IGNORECASE
)
STATUS_INSIDE = re.compile(rf"\s*\b(?:still\s+)?(?P<status>{_OUTCOMES})\b", re.IGNORECASE)
"""'percentage of FIRs still pending from last year': the outcome inside the counted phrase."""
SHARE_AFTER_CLAUSE = re.compile(
    rf"^(?!\s*(?:of|out of|among)\b)(?P<base>[^,:?]+?)\s*,\s*(?:and\s+)?{_ASK}\s+"
    rf"{_SHARE}\s+(?:of (?:them|those|these)\s+)?{_BE}\s+(?P<part>[^?.,]+)",
    re.IGNORECASE,
)
"""'thefts in my station last year, what % got chargesheeted': the counted things, then the
share asked after a comma."""
OF_ALL = re.compile(
    r"of\s+(?:all|total|the total|overall)\s+(?:the\s+)?(?P<noun>[a-z]+)"
    r"(?:\s+(?:there|in (?:that|the same) (?:place|station|area|period)|then|registered))*",
    re.IGNORECASE,
)
"""A share's part that is the whole ("of all FIRs there"): the count asked is the part."""
SHARE_OF_ALL = re.compile(
    rf"^\s*(?:of|out of|among)\s+(?:all\s+)?(?:the\s+)?(?P<base>[^,]+),\s*{_ASK}\s+"
    rf"{_SHARE}\s+(?:of (?:them|those|these)\s+)?{_BE}\s+(?P<part>[^?.,]+)",
    re.IGNORECASE,
)
SHARE_AMONG = re.compile(
    rf"\b{_SHARE}\s+of\s+(?:the\s+)?(?P<part>[^?,]+?)\s+(?:among|out of|within"
    r"|in\s+(?=(?:[\w'’]+\s+){0,3}?(?:total|all|overall)\b))\s*"
    r"(?:all\s+)?(?:the\s+)?(?P<base>[^?]+)",
    re.IGNORECASE,
)
"""'share of A among all B', 'share of A in our station's total B': the part A named before
the whole B."""
WHOLE_WORD = re.compile(r"\b(?:the\s+)?(?:total|overall|all)\s+", re.IGNORECASE)
"""'total' in a share's whole ("our PS's total theft FIRs"): what is counted, not a filter."""
POSSESSIVE = re.compile(r"['’]s$")
OUTCOME_RATE = re.compile(
    r"\b(?P<word>charge[- ]?sheet(?:ing)?|detection|clearance|solv(?:e|ing)|closure|pendency)"
    r"\s+rate"
    r"(?:\s*\(?\s*(?:%|in\s+%|in\s+per\s*cent|percent(?:age)?)\s*\)?)?"
    r"\s*(?:of|for|in|among)?\s+(?P<base>[^?]+)",
    re.IGNORECASE,
)
"""'charge-sheeting rate (%) for 2025 FIRs in our stations': the share of the base with that
outcome (a crime rate per population is `RATE_SPAN`)."""
RATE_OUTCOME = {
    "chargesheet": "charge sheeted",
    "chargesheeting": "charge sheeted",
    "detection": "charge sheeted",
    "clearance": "charge sheeted",
    "solve": "charge sheeted",
    "solving": "charge sheeted",
    "closure": "closed",
    "pendency": "under investigation",
}
SHARE_OF = re.compile(
    rf"\b(?:what|which)\s+{_SHARE}\s+of\s+(?:all\s+)?(?:the\s+)?(?P<base>.+?)\s+{_BE}\s+"
    r"(?P<part>[^?.,]+)",
    re.IGNORECASE,
)
CHANGE_SPAN = re.compile(
    r"\b(?:percent(?:age)?|per cent)\s+(?:change|increase|decrease|rise|fall|drop)\s+"
    r"(?:in\s+)?(?P<topic>.+?)\s+(?:from|between)\s+(?P<a>.+?)\s+(?:to|and)\s+(?P<b>[^?,.]+)",
    re.IGNORECASE,
)
CHANGE_OVER = re.compile(
    r"\b(?:percent(?:age)?|per cent)\s+(?:change|increase|decrease|rise|fall|drop)\s+"
    r"(?:in\s+)?(?P<topic>.+?)[\s,]+(?:in\s+|for\s+)?(?P<b>(?:19|20)\d{2})\s+"
    r"(?:over|vs\.?|versus|compared (?:to|with)|against|relative to)\s+(?P<a>(?:19|20)\d{2})\b",
    re.IGNORECASE,
)
"""A change asked later year first: "... 2025 over 2024" (2024 is the base)."""
CHANGE_YEARS = re.compile(
    r"\b(?:percent(?:age)?|per cent)\s+(?:change|increase|decrease|rise|fall|drop)\s+"
    r"(?:in\s+)?(?P<topic>.+?)[\s,]+(?:in\s+|for\s+)?(?P<a>(?:19|20)\d{2})\s*"
    r"(?:to|-|–|vs\.?|versus|and)\s*(?P<b>(?:19|20)\d{2}(?:\s+(?:so far|till date|to date"
    r"|till now|until now))?)\b",
    re.IGNORECASE,
)
"""A change between two years named after the topic: "... thefts, 2025 to 2026 so far"."""
CHANGE_COMPARED = re.compile(
    r"^\s*(?P<topic>[^,?]+?)\s+(?:in\s+)?(?P<b>(?:19|20)\d{2})\s+(?:compared (?:to|with)|vs\.?"
    r"|versus|against|relative to)\s+(?P<a>(?:19|20)\d{2})\b(?P<rest>[^,?]*?)\s*(?=[,?\-–]|$)",
    re.IGNORECASE,
)
"""The counts compared first, the change asked after: "thefts in 2026 compared to 2025 in the
division, % change" (the earlier year is the base)."""
PAIR = re.compile(
    r"\b(?:ratio|difference|gap)\s+(?:of|between)\s+(?P<a>.+?)\s+(?:to|and|vs\.?|versus)\s+"
    r"(?P<b>.+?)(?P<rest>\s+(?:in|across|during|for|at|last|this|since|from|over|between)\b"
    r"[^?]*)?\s*[?.]?$",
    re.IGNORECASE,
)
SHARE_ASKED = re.compile(
    rf"\b(?:in|as an?|by|into)\s+(?:a\s+)?{_SHARE}(?:\s+terms)?|\bin\s+per\s*cent\b", re.IGNORECASE
)
"""How a share is asked for ("in percent"): not a place."""
OWN_PLACE = re.compile(
    r"\b(?:my|our)\s+(?:jurisdiction|district|stations?|precincts?|area|limits|ps|division)"
    r"(?:['’]s)?(?!\w)",
    re.IGNORECASE,
)
RATIO_AFTER = re.compile(
    r"(?P<a>\b[a-z][\w-]*)\s+(?:to|vs\.?|versus)\s+(?P<b>[a-z][\w-]*)\s+(?:(?P<noun>[a-z][\w-]*)\s+)?"
    r"ratio\b(?P<rest>[^?]*)",
    re.IGNORECASE,
)
RATIO_LAST = re.compile(
    r"^\s*(?P<a>[a-z][\w-]*)\s+(?:to|vs\.?|versus)\s+(?P<b>[a-z][\w-]*)\s+(?P<what>[^?.;,]+?)"
    r"(?:\s*,\s*(?P<rest>[^?;]+?))?[\s.,;:-]+(?:the\s+|what(?:'s| is) the\s+)?ratio\s*[?.!]*\s*$",
    re.IGNORECASE,
)
"""'Two-wheeler to four-wheeler theft FIRs, my stations, 2026. Ratio.': the pair named first,
what is counted and where after it, the ratio asked last."""
FIR_NOUN = re.compile(r"\b(?P<noun>firs?|cases?|crimes?)\b", re.IGNORECASE)
PLACE_OR_PERIOD_START = re.compile(
    r"(?:in|during|for|at|across|last|this|since|from|over)\b", re.IGNORECASE
)
MORE_THAN = re.compile(
    r"\bhow many (?:more|fewer|less)\s+(?P<a>[^?]+?)\s+than\s+(?P<b>[^?]+?)"
    r"(?P<rest>\s+(?:in|at|during|for|across|last|this|since|over|between)\b[^?]*)?\s*[?.]?$",
    re.IGNORECASE,
)
MORE_DID = re.compile(
    r"\bhow many (?:more|fewer|less)\s+(?P<noun>[^?]+?)\s+(?:did|does|do|has|have|had)\s+"
    r"(?P<a>[^?]+?)\s+(?:(?:have|has|had|see|saw|record|report|register)\w*\s+)?than\s+"
    r"(?P<b>[^?]+?)"
    r"(?P<rest>\s+(?:in|at|during|for|across|last|this|since|over|between)\b[^?]*)?\s*[?.]?$",
    re.IGNORECASE,
)
"""A difference asked with the counted thing first: "how many more thefts did A have than B"
(each side counts that thing)."""
DIFFERENCE_TAIL = (
    r"(?:by\s+)?how (?:many|much)\b[^?]*?\b(?:differ\w*|more|fewer|less|apart)\b"
    r"|(?:what(?:'s| is)\s+)?(?:the\s+)?(?:difference|gap)\b"
)
VERSUS = re.compile(
    rf"^(?P<a>[^,?]+?)\s+(?:versus|vs\.?|compared (?:to|with)|against)\s+(?P<b>[^,?]+?)"
    rf"\s*(?:,|-|–)?\s*(?:{DIFFERENCE_TAIL})[^?]*\??\s*$",
    re.IGNORECASE,
)
"""A difference asked after the two sides: "A versus B, by how many do they differ"."""
ASIDE = re.compile(
    r"\s*[,;(-]\s*(?:[\w']+\s+){0,3}?(?:difference|differ\w*|ratio|percent\w*|only|just)\b"
    r"[^?]*$",
    re.IGNORECASE,
)
"""A trailing remark about the arithmetic ("..., difference only"): not a records filter."""
ARITHMETIC_ASIDE = re.compile(
    r"\s*\((?=[^()]*\b(?:divided|multiplied|over|times|minus|counts?)\b)[^()]*\)", re.IGNORECASE
)
"""A bracket that restates the arithmetic ("(2026 count divided by 2025 count)"): no filter."""
YEARS_DIFFERENCE = re.compile(
    r"^\s*(?P<topic>[^?]+?)[\s,]+(?:in\s+|for\s+)?(?P<a>(?:19|20)\d{2})\s*"
    r"(?:to|-|–|vs\.?|versus|and|against|compared (?:to|with))\s*"
    r"(?P<b>(?:19|20)\d{2}(?:\s+(?:so far|till date|to date|till now|until now))?)\s*[,:;–-]?\s*"
    r"(?:by\s+)?how (?:many|much)\b[^?]*?\b(?:differ\w*|more|fewer|less|apart|up|down|ris\w*"
    r"|rose|fell|fall\w*|drop\w*|increas\w*|decreas\w*|reduc\w*)\b",
    re.IGNORECASE,
)
"""A difference between two years asked after the topic: "burglary FIRs in Mandya, 2025 versus
2026 so far - by how many did they go down"."""
COUNT_NOUN = re.compile(r"\s+(?P<noun>firs?|cases?|crimes?)?(?:\s+counts?|\s+numbers?)?$", re.I)
STATE_WIDE = re.compile(r"\s*\b(?:across|in|throughout|all over) the state\b|\bstatewide\b", re.I)
AVERAGE_SPAN = re.compile(
    r"\b(?:average|mean|avg)\s+(?:number\s+of\s+|no\.? of\s+|count of\s+)?(?P<what>.+?)\s+"
    r"per\s+(?P<unit>month|week|day|year)\b(?P<rest>[^?]*)"
    r"|\b(?:average|mean|avg)\s+(?P<adverb>monthly|weekly|daily|yearly|annual)\s+"
    r"(?:number\s+of\s+|count of\s+)?(?P<what2>[^?]+)"
    r"|\b(?P<adverb3>monthly|weekly|daily|yearly|annual)\s+(?:average|mean|avg)\s+"
    r"(?:number\s+of\s+|count\s+)?(?:of\s+)?(?P<what3>[^?]+)",
    re.IGNORECASE,
)
ADVERB_UNIT = {"monthly": "month", "weekly": "week", "daily": "day", "yearly": "year"}
ADVERB_UNIT["annual"] = "year"
RATE_SPAN = re.compile(r"(?P<own>\b(?:my|our)\s+)?\b(?P<crime>[a-z-]+)\s+rate\b", re.I)
PER_BASE = re.compile(
    rf"(?P<own>\b(?:my|our)\s+)?\b(?P<crime>[a-z-]+)\s+(?:{RATE_BASE.pattern})", re.I
)
"""A rate asked as "<crime> per 100,000" (no word "rate")."""
SINCE_LAST = re.compile(
    r"\bhow (?:many|long)\s+(?:days|weeks)?\s*(?:has it been\s+)?since\s+(?:the\s+)?"
    r"(?:last|latest|most recent|previous)\s+(?P<what>[^?]+)",
    re.IGNORECASE,
)
PERIOD_WORDS = re.compile(
    r"\b(?:in|during|for|over)?\s*(?:(?:19|20)\d{2}|(?:last|this|previous|current)\s+"
    r"(?:year|month|week|quarter))\b",
    re.IGNORECASE,
)
NOUNISH = re.compile(r"\b(?:firs?|cases?|crimes?|thefts?|\w+ies|\w+s)\b", re.IGNORECASE)
AGE = re.compile(
    r"\b(?:more than|over|older than|at least)\s+(?P<n>\d+|an?|one|two|three|six)\s+"
    r"(?P<unit>day|week|month|year)s?(?:\s+old)?\b",
    re.IGNORECASE,
)
OWN = re.compile(r"(?:my|our)\b", re.IGNORECASE)
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "six": 6}
CHANNELS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bzero[- ]?firs?\b", re.I), "zero FIR"),
    (
        re.compile(r"\be-?firs?\b|\bonline\b|\belectronic\w*|\bportal\b|\be-?mail", re.I),
        "filed online",
    ),
    (
        re.compile(r"\bwalk(?:ed)?[- ]?ins?\b|\bin person\b|\bat the (?:station|counter)\b", re.I),
        "walk-in",
    ),
    (re.compile(r"\b(?:tele)?phon\w*|\bcalls?\b|\b112\b", re.I), "by phone"),
    (re.compile(r"\bsu[oe][- ]mot[ou]\b|\bon (?:its|their) own\b", re.I), "suo motu"),
)
"""How a complaint came in, as officers say it -> the phrase the records reader knows."""
CRIME_PLURAL = {"crime": "FIRs", "fir": "FIRs", "case": "FIRs"}
DAYS_IN = {"day": 1, "week": 7}


@dataclass(frozen=True)
class RecordsMath:
    """Records questions to ask and how their results combine."""

    operation: Operation
    questions: tuple[str, ...]
    labels: tuple[str, ...]
    population: Quantity | None = None
    per: int = 100_000
    unit: str = ""
    periods: int = 0
    outcome: str = ""
    unplaced: str = ""
    """A share's part the records reader cannot place: said, not counted as 'all'."""


def about_records(text: str) -> bool:
    """The words name something the records hold: a crime, a status, a place, FIRs or cases."""
    e = extract(text.lower(), date(2000, 1, 1))
    return bool(e.crimes or e.statuses or e.domain_words or e.stations or e.districts)


REPLY_TAIL = re.compile(
    r"\s*[,;:.\-–]\s*(?:pls|please|plz|kindly)?\s*(?:send|share|reply|tell|give|revert)"
    r"(?:\s+(?:me|us|it|asap|quickly|soon|today|back|sir))*\s*[.!]*\s*$",
    re.IGNORECASE,
)
"""A closing request to reply ("..., pls send"): how to answer, not what to count."""


def tidy(text: str) -> str:
    """The words with state-wide qualifiers, a closing request to reply and spare spaces and
    punctuation dropped."""
    text = REPLY_TAIL.sub("", STATE_WIDE.sub("", text))
    return re.sub(r"\s+", " ", text).strip(" ,;:-?")


def count_question(text: str) -> str:
    """A "how many ..." question for the records service over the words given."""
    text = re.sub(r"^\s*(?:give|tell|show|get|find)(?:\s+(?:me|us))?\s+", "", text, flags=re.I)
    text = tidy(re.sub(r"^\s*(?:what|how)\s+(?:is|are|was|were)\s+", "", text, flags=re.I))
    text = re.sub(r"^(?:the\s+)?(?:number of|count of|total)\s+", "", text, flags=re.I)
    if re.match(r"(?i)how many\b", text):
        return text
    of = "of " if OWN.match(text) else ""
    return f"how many {of}{text}"


def _age_limit(part: str, today: date) -> str | None:
    """'more than a year old' -> 'registered before <the date a year ago>'."""
    m = AGE.search(part)
    if m is None:
        return None
    n = _amount(m["n"])
    unit = m["unit"].lower()
    days = {"day": 1, "week": 7}.get(unit)
    if days:
        limit = today - timedelta(days=n * days)
    else:
        months = n * (12 if unit == "year" else 1)
        limit = add_months(today, -months)
    return f"registered before {limit.day} {limit.strftime('%B %Y')}"


def _amount(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word.lower(), 1)


def _outcome(part: str) -> str:
    words = tidy(part.lower())
    words = re.sub(r"\b(?:in percent|as a percentage|in percentage|percentage)\b", "", words)
    return tidy(words)


def _share(question: str, today: date) -> RecordsMath | None:
    both = SHARE_BOTH_COUNTS.search(question)
    patterns = (
        SHARE_AFTER_COUNT,
        both if both and PERCENT_WORD.search(question) else None,
        SHARE_AND,
        SHARE_AFTER_TOPIC,
        SHARE_OF_ALL,
        SHARE_AFTER_CLAUSE,
        SHARE_AMONG,
        SHARE_OF,
        SHARE_OF_STATUS,
    )
    found = (p if isinstance(p, re.Match) else p.search(question) if p else None for p in patterns)
    m = next((f for f in found if f is not None and _counted_base(f["base"])), None)
    if m is None:
        return None
    whole = OF_ALL.fullmatch(tidy(m["part"]))
    if whole is not None:
        return _share_of_whole(count_question(SHARE_ASKED.sub(" ", m["base"])), whole, today)
    base = count_question(WHOLE_WORD.sub("", SHARE_ASKED.sub(" ", m["base"])))
    outcome = _outcome(m["part"])
    if not outcome:
        return None
    narrower = _crime_within(base, outcome, today)
    if narrower is not None:
        return RecordsMath("share", (base, narrower), ("all", outcome), outcome=outcome)
    aged = _age_limit(outcome, today)
    status = OUTCOME_STATUS.get(outcome) or _channel(outcome) or outcome
    if aged is not None:
        part, status = f"{base} {aged}", outcome
    else:
        part = re.sub(r"\bhow many\b(?: of)?", f"how many {status}", base, count=1, flags=re.I)
        if not _narrows(base, part, today):
            return RecordsMath("share", (base,), ("all",), outcome=outcome, unplaced=outcome)
    return RecordsMath("share", (base, part), ("all", status), outcome=outcome)


def _share_said(question: str, today: date) -> RecordsMath | None:
    """A Hinglish or Kanglish share: the count question as said (the records reader reads it),
    and the same with the outcome."""
    m = SHARE_SAID.search(question)
    if m is None or not _counted_base(m["base"]):
        return None
    said = tidy(SAID_VERB.sub("", STILL_SAID.sub("", tidy(m["part"]))).lower())
    status = OUTCOME_STATUS.get(said)
    base = tidy(m["base"])
    base = base if COUNT_SAID.search(base) else count_question(base)
    if status is None or not _narrows(base, f"{base} {status}", today):
        return None
    return RecordsMath("share", (base, f"{base} {status}"), ("all", status), outcome=said)


def _share_status_inside(question: str, today: date) -> RecordsMath | None:
    """ "percentage of FIRs still pending from last year in our stations": the phrase counted
    without its outcome, and with it."""
    m = SHARE_OF_PHRASE.search(question)
    inside = STATUS_INSIDE.search(m["phrase"]) if m is not None else None
    if m is None or inside is None:
        return None
    phrase = m["phrase"]
    rest = tidy(f"{phrase[: inside.start()]} {phrase[inside.end() :]}")
    if not _counted_base(rest):
        return None
    status = OUTCOME_STATUS[inside["status"].lower()]
    base = count_question(SHARE_ASKED.sub(" ", rest))
    part = re.sub(r"\bhow many\b(?: of)?", f"how many {status}", base, count=1, flags=re.I)
    if not _narrows(base, part, today):
        return None
    return RecordsMath("share", (base, part), ("all", status), outcome=inside["status"])


def _counted_base(base: str) -> bool:
    """A share's base names records and states no numbers of its own."""
    return not _stated(base) and about_records(base)


OWN_COUNTED = re.compile(
    r"\b(?:my|our)\s+\d{1,2}\s+(?:police\s+)?(?:stations|precincts|ps)\b", re.I
)
"""'our 4 stations': the number counts the officer's own stations, not a figure to compute on."""


def _stated(text: str) -> list[Quantity]:
    """The numbers the words state, besides the count of the officer's own stations."""
    return quantities(OWN_COUNTED.sub(" ", text))


def _share_of_whole(counted: str, whole: re.Match[str], today: date) -> RecordsMath | None:
    """ "how many cheating cases in Whitefield this year, and what percent of all FIRs there":
    the count asked is the part; the whole counts every FIR of the same place and period."""
    noun = whole["noun"].lower()
    if not re.fullmatch(r"firs?|cases?|crimes?|complaints?|records?", noun):
        return None
    label = tidy(re.sub(r"(?i)^how many\s+", "", counted))
    questions = (f"how many FIRs{_where_when(counted, today)}", counted)
    return RecordsMath("share", questions, ("all FIRs", label), outcome=label)


def _where_when(counted: str, today: date) -> str:
    """The place and period a records question names, as words to count something else over
    ("in Whitefield PS this year")."""
    found = extract(counted.lower(), today)
    where = "".join(f" in {s.station_name}" for s in found.stations)
    where += "".join(f" in {d} district" for d in found.districts)
    own = OWN_PLACE.search(counted)
    where += f" in {POSSESSIVE.sub('', own.group(0))}" if own and not where else ""
    period, span = find_period(counted.lower(), today)
    when = f" {counted[span[0] : span[1]].strip()}" if period is not None and span else ""
    return f"{where}{when}"


def _crime_within(base: str, part: str, today: date) -> str | None:
    """ "share of two-wheeler theft in our thefts this year": a part that is a crime within the
    base's crime is counted over the base's place, period and status with the part's crime
    instead of the base's (asking for both crimes at once would count either of them)."""
    named, whole = extract(part.lower(), today), extract(base.lower(), today)
    if not (named.crimes and whole.crimes) or named.statuses or named.crimes == whole.crimes:
        return None
    status = "".join(f" {s.lower()}" for s in whole.statuses)
    return f"how many{status} {tidy(part)} FIRs{_where_when(base, today)}"


def _outcome_rate(question: str) -> RecordsMath | None:
    """ "charge-sheeting rate (%) for 2025 FIRs in our four stations": the base counted, and
    the same with the outcome's status."""
    m = OUTCOME_RATE.search(question)
    if m is None or not _counted_base(m["base"]):
        return None
    word = re.sub(r"[- ]", "", m["word"].lower())
    status = RATE_OUTCOME[word]
    base = count_question(SHARE_ASKED.sub(" ", m["base"]))
    part = re.sub(r"\bhow many\b(?: of)?", f"how many {status}", base, count=1, flags=re.I)
    return RecordsMath("share", (base, part), ("all", status), outcome=status)


def _channel(part: str) -> str | None:
    """How a complaint came in, in the records reader's words ("online" -> "filed online")."""
    return next((said for cue, said in CHANNELS if cue.search(part)), None)


def _narrows(base: str, part: str, today: date) -> bool:
    """The part question names records the base does not: a status, complaint mode, crime,
    section or person class the records reader can place (else the part is not grounded)."""
    a, b = extract(base.lower(), today), extract(part.lower(), today)
    fields = (
        "statuses",
        "modes",
        "crimes",
        "sections",
        "juvenile",
        "sexual_offence",
        "domain_words",
    )
    return any(getattr(a, f, None) != getattr(b, f, None) for f in fields)


def _change(question: str) -> RecordsMath | None:
    m = (
        CHANGE_SPAN.search(question)
        or CHANGE_OVER.search(question)
        or CHANGE_YEARS.search(question)
        or CHANGE_COMPARED.search(question)
    )
    if m is None or not (PERCENT_WORD.search(question) and CHANGE_WORD.search(question)):
        return None
    topic = tidy(re.sub(r"\bacross\b", "in", m["topic"], flags=re.I))
    if "rest" in m.re.groupindex and m["rest"]:
        topic = tidy(f"{topic} {m['rest']}")
    if not about_records(topic):
        return None
    a, b = tidy(m["a"]), tidy(m["b"])
    if not (PERIOD_WORDS.fullmatch(a) or re.fullmatch(r"(?:19|20)\d{2}", a)):
        return None
    first, second = (f"{count_question(topic)} in {p}" for p in (a, b))
    return RecordsMath("change", (first, second), (a, b))


def _years_difference(question: str) -> RecordsMath | None:
    m = YEARS_DIFFERENCE.search(question)
    if m is None or not about_records(m["topic"]):
        return None
    topic, a, b = tidy(m["topic"]), tidy(m["a"]), tidy(m["b"])
    first, second = (f"{count_question(topic)} in {p}" for p in (a, b))
    return RecordsMath("difference", (first, second), (a, b))


def _side(side: str, noun: str, rest: str) -> str:
    side = tidy(side)
    if NOUNISH.search(side) and not noun:
        return count_question(f"{side} {rest}")
    found = extract(side.lower(), date(2000, 1, 1))
    if not noun and found.crimes:
        return count_question(f"{side} FIRs {rest}")
    if noun and _describes(side, found):
        return count_question(f"{side} {noun} {rest}")
    return count_question(f"{noun or 'FIRs'} in {side} {rest}")


def _describes(side: str, found: Entities) -> bool:
    """A side that describes the counted things ("stolen" vehicles, "solved" cases) rather
    than naming a place: lower-case words the records reader does not read as a place."""
    return side[:1].islower() and not (found.stations or found.districts or found.unknown_place)


def _ratio_last(m: re.Match[str]) -> str:
    """ "ratio of A <thing> to B <thing> FIRs in <rest>" for `RATIO_LAST`: the words before the
    FIR noun name what both sides count, those after it (and after a comma) where and when."""
    what = tidy(m["what"])
    noun = FIR_NOUN.search(what)
    core, counted, tail = (
        (what[: noun.start()], noun["noun"], what[noun.end() :]) if noun else (what, "FIRs", "")
    )
    a, b = (tidy(f"{side.lower()} {core}") for side in (m["a"], m["b"]))
    rest = ", ".join(part for part in (tidy(tail), tidy(m["rest"] or "")) if part)
    if rest and not PLACE_OR_PERIOD_START.match(rest):
        rest = f"in {rest}"
    return tidy(f"ratio of {a} to {b} {counted} {rest}")


def _pair_wording(question: str) -> str:
    """ "A to B theft ratio" and "how many more A than B" in the words `PAIR` reads."""
    last = RATIO_LAST.search(question)
    if last is not None:
        return _ratio_last(last)
    m = RATIO_AFTER.search(question)
    if m is not None:
        noun = m["noun"]
        a, b = (f"{side} {_plural(noun)}" if noun else side for side in (m["a"], m["b"]))
        return f"ratio of {a} to {b}{m['rest']}"
    m = MORE_DID.search(question)
    if m is not None:
        a, b = (f"{tidy(side)} {tidy(m['noun'])}" for side in (m["a"], m["b"]))
        return f"difference between {a} and {b}{m['rest'] or ''}"
    m = MORE_THAN.search(question)
    if m is not None:
        return f"difference between {m['a']} and {m['b']}{m['rest'] or ''}"
    m = VERSUS.search(question)
    if m is not None:
        return f"difference between {m['a']} and {m['b']}"
    return question


def _periods_only(a: str, b: str) -> tuple[str, str]:
    """Two sides of which one is only a period ("FIRs this year" and "last year"): that side
    counts the same things as the other, in its own period."""
    for named, bare in ((a, b), (b, a)):
        found = PERIOD_WORDS.search(named)
        if PERIOD_WORDS.fullmatch(bare) and found and not PERIOD_WORDS.fullmatch(named):
            counted = f"{named[: found.start()]} {bare.strip()} {named[found.end() :]}"
            return (a, tidy(counted)) if named is a else (tidy(counted), b)
    return a, b


def _pair(question: str) -> RecordsMath | None:
    question = _pair_wording(question)
    m = PAIR.search(tidy(question) + "?")
    if m is None or quantities(m["a"] + " " + m["b"]) or not about_records(m.group(0)):
        return None
    b, noun = m["b"], ""
    counted = COUNT_NOUN.search(b)
    if counted and counted.group(0).strip():
        b = b[: counted.start()]
        noun = (counted["noun"] or "FIR").rstrip("s") + "s"
    shared = re.search(r"\s+(?P<noun>[a-z-]+(?:ies|s))$", tidy(b), re.IGNORECASE)
    if not noun and shared and not NOUNISH.search(tidy(m["a"])):
        b, noun = tidy(b)[: shared.start()], shared["noun"]
    rest = ASIDE.sub("", m["rest"] or "")
    operation: Operation = "ratio" if re.match(r"(?i)ratio", m.group(0)) else "difference"
    a_label, b_label = tidy(m["a"]), tidy(b)
    a_side, b_side = _against_recovered(a_label, b_label)
    dated = _periods_only(a_side, b_side)
    labels = dated if dated != (a_side, b_side) else (a_label, b_label)
    a_side, b_side = dated
    return RecordsMath(operation, (_side(a_side, noun, rest), _side(b_side, noun, rest)), labels)


STOLEN = re.compile(r"^(?:stolen|lost|missing)$", re.IGNORECASE)
RECOVERED = re.compile(r"^(?:recovered|traced|found)$", re.IGNORECASE)


def _against_recovered(a: str, b: str) -> tuple[str, str]:
    """ "stolen to recovered": set against the recovered ones, "stolen" means those still
    stolen (not yet recovered), not every vehicle ever stolen."""
    if STOLEN.match(a) and RECOVERED.match(b):
        return "still stolen", b
    if RECOVERED.match(a) and STOLEN.match(b):
        return a, "still stolen"
    return a, b


def _months(question: str, today: date) -> int | None:
    period, _ = find_period(question.lower(), today)
    if period is None or period.start is None:
        return None
    end = min(period.end or today, today) if period.end else today
    months = (end.year - period.start.year) * 12 + end.month - period.start.month
    return months + (1 if end.day > 1 else 0) if months >= 0 else None


def _average(question: str, today: date) -> RecordsMath | None:
    m = AVERAGE_SPAN.search(question)
    if m is None or quantities(question) or not AVERAGE_WORD.search(question):
        return None
    what, rest = (m["what"], m["rest"]) if m["what"] else (m["what2"] or m["what3"], "")
    if not about_records(what):
        return None
    adverb = m["adverb"] or m["adverb3"]
    unit = m["unit"].lower() if m["unit"] else ADVERB_UNIT[adverb.lower()]
    period, _ = find_period(question.lower(), today)
    if period is None or period.start is None:
        return None
    end = min(period.end, today) if period.end else today
    if unit == "month":
        count = _months(question, today)
    elif unit == "year":
        count = max(1, round((end - period.start).days / 365))
    else:
        count = max(1, (end - period.start).days // DAYS_IN[unit])
    if not count:
        return None
    asked = count_question(f"{what}{rest}")
    return RecordsMath("average", (asked,), (tidy(what),), unit=unit, periods=count)


def _rate(question: str, today: date) -> RecordsMath | None:
    crime = RATE_SPAN.search(question) if RATE_WORD.search(question) else None
    crime = crime or PER_BASE.search(question)
    stated = quantities(question)
    based = RATE_BASE.search(question)
    if (crime is None and based is None) or len(stated) > 1:
        return None
    word = crime["crime"].lower() if crime is not None else ""
    word = word[:-1] if word in ("firs", "cases", "crimes") else word
    end = crime.end("crime") if crime is not None else based.start() if based else 0
    subject = _rate_subject(question, end, word)
    if crime is None and subject is None:
        return None
    if subject is not None:
        asked = count_question(subject)
        base = rate_base(question)
        per = base[0] if base and base[0] > 1 else 100_000
        if not stated:
            return RecordsMath("count", (asked,), (tidy(subject),), per=per)
        return RecordsMath("rate", (asked,), (tidy(subject),), population=stated[0], per=per)
    noun = CRIME_PLURAL.get(word) or _plural(word)
    own = crime is not None and crime["own"]
    places = [p for p in _places(question) if p] or (["my jurisdiction"] if own else [])
    places = places or _read_places(question)
    if not places:
        return None
    period, span = find_period(question.lower(), today)
    where = f" in {places[0]}" if places else ""
    when = f" {question[span[0] : span[1]].strip()}" if period is not None and span else ""
    asked = f"how many {noun}{where}{when}"
    base = rate_base(question)
    per = base[0] if base and base[0] > 1 else 100_000
    if not stated:
        return RecordsMath("count", (asked,), (noun,), per=per)
    return RecordsMath("rate", (asked,), (noun,), population=stated[0], per=per)


CLAUSE_BREAK = re.compile(r"[,;:?]|\b(?:if|where|when|given|with)\b", re.IGNORECASE)


def _rate_subject(question: str, end: int, word: str) -> str | None:
    """What a rate counts, when the word before "rate"/"per lakh" (ending at `end`) is not
    itself a crime ("Udupi theft FIRs this year per lakh", "robbery FIRs in my jurisdiction
    per lakh", "Whitefield thefts in 2025 per lakh"): the whole clause before it, if it names
    records (with a crime or FIRs in it); after "FIRs" or "cases", only if it names a crime
    ("Mandya cheating cases per lakh" counts cheating, never every FIR)."""
    if word and word not in CRIME_PLURAL and extract(word, date(2000, 1, 1)).crimes:
        return None
    head = tidy(CLAUSE_BREAK.split(question[:end])[-1])
    head = re.sub(r"^(?:what(?:'s| is)|give|tell me|find)\s+(?:the\s+)?", "", head, flags=re.I)
    found = extract(head.lower(), date(2000, 1, 1))
    if word in CRIME_PLURAL and not found.crimes:
        return None
    if not (found.crimes or re.search(r"\b(?:firs?|cases?|crimes?)\b", head, re.I)):
        return None
    return head if about_records(head) else None


PLACE = re.compile(
    r"^\s*(?P<a>[A-Z][\w.]*(?:\s+[A-Z][\w.]*){0,3}(?:\s+(?:district|city|taluk|town))?)(?:'s)?"
    r"\s+(?:has|had|with|population)\b"
    r"|\b(?:in|of|for|at)\s+(?P<b>(?:my|our)\s+(?:district|jurisdiction|stations?|precincts?)"
    r"|[A-Z][\w.]*(?:\s+[A-Z][\w.]*){0,3})"
    r"|\b(?P<c>(?:my|our)\s+(?:district|jurisdiction|stations?|precincts?))(?:'s)?\b",
)


def _places(question: str) -> list[str]:
    out: list[str] = []
    for m in PLACE.finditer(question):
        found = m["a"] or m["b"] or m["c"]
        if found and not re.fullmatch(r"(?i)what|which|how|ncrb|bns|ipc|india", found.split()[0]):
            out.append(found)
    return out


def _read_places(question: str) -> list[str]:
    """The stations and districts the records reader finds anywhere in the question ("Mysuru
    city 2025 FIRs per 100,000"), for a rate whose place is not introduced by a preposition."""
    found = extract(question.lower(), date(2000, 1, 1))
    return [s.station_name for s in found.stations] + [f"{d} district" for d in found.districts]


def _plural(word: str) -> str:
    if word.endswith("s"):
        return word
    if word.endswith("y") and word[-2:-1] not in tuple("aeiou"):
        return f"{word[:-1]}ies"
    return f"{word}s"


def _since(question: str) -> RecordsMath | None:
    m = SINCE_LAST.search(question)
    if m is None:
        return None
    what = tidy(m["what"])
    if not about_records(what):
        return None
    return RecordsMath("since", (f"latest {what}",), (what,))


def records_math(question: str, today: date) -> RecordsMath | None:
    """The records counts and combination a question asks for, if it is one."""
    question = ARITHMETIC_ASIDE.sub("", question)
    if computed_from_stated(question):
        return None
    math = (
        _outcome_rate(question)
        or _share(question, today)
        or _share_status_inside(question, today)
        or _share_said(question, today)
        or _change(question)
        or _years_difference(question)
        or _pair(question)
        or _average(question, today)
        or _since(question)
        or _rate(question, today)
    )
    if math is None:
        return None
    return replace(math, questions=_carried(math.questions, question, today))


def _carried(questions: tuple[str, ...], question: str, today: date) -> tuple[str, ...]:
    """The sub-questions with the period and place the whole question names outside their
    spans ("For 2025, ratio of A to B in Mysuru" asks both counts for 2025), so no filter the
    officer gave is dropped (a place the reader does not know is carried too, for the records
    service to ask about). A period or place is carried only when no sub-question names its
    own (a share "more than a year old" dates only its part)."""
    lowered = question.lower()
    period, span = find_period(lowered, today)
    whole = extract(SHARE_ASKED.sub(" ", lowered), today)
    parts = [extract(q.lower(), today) for q in questions]
    placed = any(p.stations or p.districts or p.unknown_place for p in parts) or any(
        OWN_PLACE.search(q) for q in questions
    )
    dated = any(find_period(q.lower(), today)[0] is not None for q in questions)
    out = []
    for sub in questions:
        if period is not None and span and not dated:
            sub = f"{sub} {question[span[0] : span[1]].strip(' ,')}"
        if not placed:
            sub += "".join(f" in {s.station_name}" for s in whole.stations)
            sub += "".join(f" in {d} district" for d in whole.districts)
            if whole.unknown_place and not (whole.stations or whole.districts):
                sub += f" in {whole.unknown_place.title()}"
        out.append(sub)
    return tuple(out)


def computed_from_stated(question: str) -> bool:
    """Two or more numbers stated: the arithmetic is over them, not over records."""
    return len(quantities(question)) >= 2


def single_count(rows: list[dict[str, object]]) -> int | None:
    """The count in a one-row, one-number records result."""
    if len(rows) != 1:
        return None
    numbers = [v for v in rows[0].values() if isinstance(v, int) and not isinstance(v, bool)]
    return numbers[0] if len(numbers) == 1 else None


def newest_date(rows: list[dict[str, object]]) -> str | None:
    """The latest registration date among listed records (ISO), if they carry one."""
    stamps = [str(r["registered_at"])[:10] for r in rows if r.get("registered_at")]
    return max(stamps) if stamps else None


def asks_records_arithmetic(question: str) -> bool:
    """Arithmetic over records counts is asked for (the router's test; needs no date)."""
    question = ARITHMETIC_ASIDE.sub("", question)
    if computed_from_stated(question):
        return False
    today = date.today()
    if _outcome_rate(question) or _share(question, today) or _change(question):
        return True
    if _share_status_inside(question, today) or _share_said(question, today):
        return True
    if _years_difference(question) or _pair(question) or _since(question):
        return True
    average = AVERAGE_SPAN.search(question)
    return bool(
        average
        and not quantities(question)
        and about_records(average["what"] or average["what2"] or average["what3"])
    )
