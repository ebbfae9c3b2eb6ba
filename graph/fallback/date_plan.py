"""Which date_utility call a question needs: offsets in days, weeks or calendar months, the day
of the week, differences, working days, time-zone conversion, the BNS cut-over, and statutory
deadlines recognised from the event the question names (a preliminary enquiry, an e-FIR's
signature, a medical report, a POCSO investigation, production after arrest, a charge sheet),
counted by the tool the way the law counts them.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from graph.fallback.calls import PlannedCall
from tools.agent.base import ToolError
from tools.agent.dates import ZONE_ALIASES, find_dates

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12,
}  # fmt: skip
_COUNT = rf"(\d{{1,5}}|{'|'.join(NUMBER_WORDS)})"
TIME_CONVERT = re.compile(
    r"(\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?)\s*([A-Za-z][A-Za-z_/]{0,30})\s+(?:to|in|into)\s+"
    r"([A-Za-z][A-Za-z_/]{0,30})",
    re.IGNORECASE,
)
OFFSET = re.compile(
    rf"{_COUNT}\s*(working |business |calendar )?(days?|weeks?|months?)\s+"
    r"(from|after|before|since|of|later|afterwards|hence|on)\b",
    re.IGNORECASE,
)
IN_DAYS = re.compile(
    rf"\bin\s+{_COUNT}\s*(working |business |calendar )?(days?|weeks?|months?)\b", re.I
)
N_DAY = re.compile(r"\b(\d{1,3})[- ]day\b", re.IGNORECASE)
CUTOVER = re.compile(
    r"cut[- ]?over|\b(?:bns|bnss|bsa|new criminal laws?)\b.*\b(?:c[oa]me? into (?:force|effect)"
    r"|commence\w*|effective|implemented|replaced?)\b|new criminal laws?",
    re.IGNORECASE,
)
WHEN = re.compile(r"\bwhen\b|\bwhich date\b|\bwhat date\b|\bfrom when\b", re.IGNORECASE)
CHARGESHEET = re.compile(r"charge[- ]?sheet|final report|default bail|\b187\b", re.IGNORECASE)
DEADLINE = re.compile(r"\b(deadline|due|limit|last date)\b", re.IGNORECASE)
BUSINESS = re.compile(r"\b(working|business) days\b", re.IGNORECASE)
DIFFERENCE = re.compile(
    r"\bhow (?:many|long)\b|\bdays? (?:between|since|until|till|left|ago)\b|\bbetween\b", re.I
)
TODAY_ONLY = re.compile(
    r"\b(what(?:'s| is) (?:the )?date today|today'?s date|what day is it)\b", re.I
)
WEEKDAY = re.compile(
    r"\bday of the week\b|\bwhat day (?:is|was|will|does|did)\b|\bwhich day (?:is|was|will)\b"
    r"|\bwhat weekday\b",
    re.IGNORECASE,
)
WHEN_DUE = re.compile(
    r"\bby when\b|\bwhen\b|\blast date\b|\bdeadline\b|\bwhich date\b|\bwhat date\b|\bdue\b"
    r"|\bexpire|\bby what\b|\bmust\b|\bend\b|\blast day\b|\blatest\b",
    re.IGNORECASE,
)
PUNISHMENT_YEARS = re.compile(r"\b(\d{1,2})[- ]years?\b", re.IGNORECASE)
GRAVE = re.compile(r"\b(?:death|life imprisonment|imprisonment for life|murder)\b", re.I)
CLOCK = re.compile(r"\b(\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)|\d{1,2}:\d{2})\b", re.IGNORECASE)
STATUTORY_EVENTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("preliminary_enquiry_14", re.compile(r"\bpreliminary (?:enquiry|inquiry)\b|\b173\(3\)", re.I)),
    (
        "efir_signature_3",
        re.compile(
            r"\b(?:e-?fir|electronic\w*|online|e-?mail\w*|whatsapp)\b.*\bsign\w*"
            r"|\bsign\w*\b.*\b(?:e-?fir|electronic\w*|online)\b",
            re.I,
        ),
    ),
    (
        "medical_report_7",
        re.compile(
            r"\b(?:doctor|medical|practitioner)\w*\b.*\breport\b|\breport\b.*\b(?:doctor|medical)",
            re.I,
        ),
    ),
    (
        "sexual_offence_investigation_2m",
        re.compile(
            r"\b(?:pocso|rape|sexual)\b.*\binvestigat\w*|\binvestigat\w*\b.*\b(?:pocso|rape|sexual)"
            r"|\b193\(2\)",
            re.I,
        ),
    ),
    (
        "pocso_report_24h",
        re.compile(r"\b(?:cwc|child welfare committee|special court)\b", re.I),
    ),
    (
        "production_24h",
        re.compile(r"\barrest\w*\b.*\b(?:produc\w+|magistrate)\b|\bbnss 58\b", re.I),
    ),
    (
        "victim_progress_90",
        re.compile(
            r"\bprogress\b.*\b(?:victim|informant)\b|\b(?:victim|informant)\b.*\bprogress\b",
            re.I,
        ),
    ),
    ("further_investigation_90", re.compile(r"\bfurther investigation\b", re.I)),
)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word.lower()]


def _known_zone(name: str) -> bool:
    return name.lower() in ZONE_ALIASES or "/" in name


def statutory_event(question: str) -> str | None:
    """The statutory deadline whose starting event the question names, if any."""
    return next((key for key, cue in STATUTORY_EVENTS if cue.search(question)), None)


def date_call(question: str, today: date) -> PlannedCall | None:
    """The date_utility call a question needs, if any."""
    try:
        positioned = [(pos, value.isoformat()) for pos, value in find_dates(question, today)]
    except ToolError:
        return None
    found = [value for _, value in positioned]
    convert = TIME_CONVERT.search(question)
    if convert and _known_zone(convert[2]) and _known_zone(convert[3]):
        args: dict[str, Any] = {
            "operation": "convert_time",
            "time": convert[1].strip(),
            "from_zone": convert[2],
            "to_zone": convert[3],
        }
        if found:
            args["start"] = found[0]
        return PlannedCall("date_utility", args)
    if CUTOVER.search(question) and found:
        return PlannedCall("date_utility", {"operation": "cutover", "start": found[0]})
    if CUTOVER.search(question) and WHEN.search(question):
        return PlannedCall("date_utility", {"operation": "cutover"})
    event = statutory_event(question)
    if event and found and WHEN_DUE.search(question) and not CHARGESHEET.search(question):
        args = {"operation": "deadline", "deadline": event, "start": found[0]}
        clock = CLOCK.search(question)
        if clock:
            args["time"] = clock[1]
        return PlannedCall("date_utility", args)
    if CHARGESHEET.search(question) or (DEADLINE.search(question) and N_DAY.search(question)):
        explicit = OFFSET.search(question) or IN_DAYS.search(question)
        if explicit and not CHARGESHEET.search(question):
            return _offset_call(explicit, positioned)
        return _deadline_call(question, found, explicit)
    offset = OFFSET.search(question) or IN_DAYS.search(question)
    if offset:
        return _offset_call(offset, positioned)
    if WEEKDAY.search(question):
        return PlannedCall(
            "date_utility", {"operation": "weekday", "start": (found or ["today"])[0]}
        )
    if BUSINESS.search(question) and found:
        end = found[1] if len(found) > 1 else "today"
        return PlannedCall(
            "date_utility", {"operation": "business_days", "start": found[0], "end": end}
        )
    if found and (DIFFERENCE.search(question) or len(found) >= 2):
        first, second = found[0], found[1] if len(found) > 1 else "today"
        return PlannedCall(
            "date_utility", {"operation": "difference", "start": first, "end": second}
        )
    if TODAY_ONLY.search(question):
        return PlannedCall("date_utility", {"operation": "today"})
    return None


def _deadline_call(
    question: str, found: list[str], explicit: re.Match[str] | None
) -> PlannedCall | None:
    if not found:
        return None
    n_day = N_DAY.search(question)
    days = _count(explicit[1]) if explicit else int(n_day[1]) if n_day else _bail_class(question)
    args: dict[str, Any] = {"operation": "deadline", "start": found[0]}
    if CHARGESHEET.search(question) and days in (60, 90):
        args["deadline"] = f"chargesheet_{days}"
    else:
        args["days"] = days
    return PlannedCall("date_utility", args)


def _bail_class(question: str) -> int:
    """BNSS 187(3): 90 days for death, life or more than ten years; 60 days otherwise (an
    offence of at most ten years is counted in the 60-day class, the safe reading)."""
    years = PUNISHMENT_YEARS.search(question)
    if GRAVE.search(question) or (years is not None and int(years[1]) > 10):
        return 90
    return 60


def _offset_call(offset: re.Match[str], positioned: list[tuple[int, str]]) -> PlannedCall:
    unit = offset[3].lower()
    count = _count(offset[1]) * (7 if unit.startswith("week") else 1)
    direction = offset[4].lower() if offset.re is OFFSET else "from"
    if direction == "before":
        count = -count
    after = [value for pos, value in positioned if pos > offset.start()]
    start = after[0] if after else (positioned[0][1] if positioned else "today")
    if unit.startswith("month"):
        return PlannedCall(
            "date_utility", {"operation": "add_months", "start": start, "months": count}
        )
    args: dict[str, Any] = {"operation": "add_days", "start": start, "days": count}
    if offset[2] and offset[2].strip().lower() != "calendar":
        args["business"] = True
    return PlannedCall("date_utility", args)


def asks_date_arithmetic(question: str) -> bool:
    """Date arithmetic on a date the question states: N days/weeks/months after or before it,
    its weekday, or a statutory deadline starting on it (the router's test)."""
    try:
        stated = find_dates(question, date.today())
    except ToolError:
        return False
    if not stated:
        return False
    if OFFSET.search(question) or WEEKDAY.search(question):
        return True
    deadline = statutory_event(question) or CHARGESHEET.search(question)
    return bool(deadline and (WHEN_DUE.search(question) or DEADLINE.search(question)))
