"""Which date_utility call a question needs: offsets in days, weeks or calendar months, the day
of the week, differences, working days, time-zone conversion, the BNS cut-over, and statutory
deadlines recognised from the event the question names (a preliminary enquiry, an e-FIR's
signature, a medical report, a POCSO investigation, production after arrest, a charge sheet,
a notice of appearance, a missing child's transfer to the AHTU),
counted by the tool the way the law counts them.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from graph.fallback.calls import PlannedCall
from tools.agent.base import ToolError
from tools.agent.dates import ZONE_ALIASES, date_mentions, find_dates
from tools.domain.legal import bail_period
from tools.text2zcql.dates import festival_mentions

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "a": 1, "an": 1,
}  # fmt: skip
_COUNT = rf"(?<![\w,.])(\d{{1,3}}(?:,\d{{2,3}})*,\d{{3}}|\d{{1,5}}|{'|'.join(NUMBER_WORDS)})"
_UNIT = (
    r"(days?|weeks?|fortnights?|months?|quarters?|years?"
    r"|dina|dinagalu|din|dino|hafte|hafta|vaara|mahine|mahina|tingalu|saal|varsha)"
)
UNIT_SIZE = {"day": (1, "days"), "week": (7, "days"), "fortnight": (14, "days")}
UNIT_SIZE |= {"month": (1, "months"), "quarter": (3, "months"), "year": (12, "months")}
"""A unit as a number of days or of calendar months."""
UNIT_SAID = {"dina": "day", "dinagalu": "day", "din": "day", "dino": "day", "hafte": "week"}
UNIT_SAID |= {"hafta": "week", "vaara": "week", "mahine": "month", "mahina": "month"}
UNIT_SAID |= {"tingalu": "month", "saal": "year", "varsha": "year"}
"""Units as officers write them in Hinglish and Kanglish."""
AFTER_SAID = ("mele", "nantara", "aadmele", "baad", "ke baad")
BEFORE_SAID = ("hinde", "munche", "pehle", "ke pehle")
"""'after' and 'before' written after the number of days, in Kanglish and Hinglish ("10 Jan
inda 45 dina mele", "26 Jan se 10 din pehle"): they count from the date said before them."""
TIME_CONVERT = re.compile(
    r"(\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?)\s*([A-Za-z][A-Za-z_/]{0,30})\s+(?:to|in|into)\s+"
    r"([A-Za-z][A-Za-z_/]{0,30})",
    re.IGNORECASE,
)
OFFSET = re.compile(
    rf"{_COUNT}\s*(working |business |calendar )?{_UNIT}\s+"
    r"(from|after|before|since|of|later|afterwards|hence|on|ahead of|prior to"
    r"|mele|nantara|aadmele|ke baad|baad|ke pehle|pehle|hinde|munche)\b",
    re.IGNORECASE,
)
ADD_TO = re.compile(
    rf"\b(?:add|plus)\s+{_COUNT}\s*(working |business |calendar )?{_UNIT}\s+(to)\b", re.I
)
IN_DAYS = re.compile(rf"\bin\s+{_COUNT}\s*(working |business |calendar )?{_UNIT}\b", re.I)
PACE_ASKED = re.compile(
    rf"\b(?:per|each|every|prati|har)\s+{_UNIT}|\b(?:daily|weekly|monthly) (?:average|rate)\b",
    re.IGNORECASE,
)
"""'120 cases in 30 days, how many per day': 'in 30 days' is the span of a pace, not a date."""
N_DAY = re.compile(r"\b(\d{1,3})[- ]day\b", re.IGNORECASE)
CUTOVER = re.compile(
    r"cut[- ]?over|\b(?:bns|bnss|bsa|new criminal laws?)\b.*\b(?:c[oa]me? into (?:force|effect)"
    r"|commence\w*|effective|implemented|replaced?)\b|new criminal laws?",
    re.IGNORECASE,
)
WHEN = re.compile(r"\bwhen\b|\bwhich date\b|\bwhat date\b|\bfrom when\b", re.IGNORECASE)
CHARGESHEET = re.compile(
    r"charge[- ]?sheet|final report|default bail|\b187\b|\b(?:first )?remand(?:ed)?\b",
    re.IGNORECASE,
)
"""The final-report (default-bail) period, which runs from the first remand."""
DEADLINE = re.compile(r"\b(deadline|date ?line|due|limit|last date)\b", re.IGNORECASE)
BUSINESS = re.compile(r"\b(working|business) days\b", re.IGNORECASE)
DIFFERENCE = re.compile(
    r"\bhow (?:many|long)\b|\bdays? (?:between|since|until|till|left|ago)\b|\bbetween\b"
    r"|\b(?:kitne|kitni|eshtu|estu)\s+(?:din|dino|dina\w*|hafte|mahine|vaara|tingal\w*)\b",
    re.I,
)
TODAY_ONLY = re.compile(
    r"\b(what(?:'s| is) (?:the )?date today|today'?s date|what day is it)\b", re.I
)
WEEKDAY = re.compile(
    r"\bday of the week\b|\bwhat day (?:is|was|will|does|did)\b|\bwhich day (?:is|was|will)\b"
    r"|\b(?:what|which) weekday\b|\bkaun ?sa (?:din|vaar)\b|\b(?:kis|konsa) (?:din|vaar)\b"
    r"|\byaava? vaara\b",
    re.IGNORECASE,
)
WHEN_DUE = re.compile(
    r"\bby when\b|\bwhen\b|\blast date\b|\bdeadline\b|\bwhich date\b|\bwhat date\b|\bdue\b"
    r"|\bexpire|\bby what\b|\bmust\b|\bend(?:s|ing)?\b|\bruns? out\b|\blapses?\b"
    r"|\blast day\b|\blatest\b"
    r"|\b(?:completed?|finish(?:ed)?|filed?|done|over)\s+by\s*\??\s*$",
    re.IGNORECASE,
)
DAY_ASKED = re.compile(
    r"\bwhen (?:is|does|will|was|did|falls?)\b|\b(?:which|what) (?:date|day)\b|\bon which\b"
    r"|\bdate of\b|\bkis (?:date|din|tarikh|tareekh|day)\b|\bkab (?:hai|padta|padega|aata)\b"
    r"|\b(?:yaava?|yavaga|yaavaga|yavaaga) ?(?:dina|date|dinanka|thareeku)?\b",
    re.IGNORECASE,
)
"""The date of a day asked for (English, Hinglish, Kanglish)."""
DATE_LAST = re.compile(r"\bdate\s*$", re.IGNORECASE)
"""A clause that ends on "date" ("Christmas 2027 date")."""
CLAUSE = re.compile(r"[?;,.!]+")
RECORDS_NOUN = re.compile(
    r"\b(?:firs?|cases?|complaints?|registered|accused|arrest\w*|bandobast)\b", re.IGNORECASE
)
"""Words that make "when was ... Ugadi ..." a records or duty question, not a festival's date."""
NOW = re.compile(r"\s*(?:now|today|this day)\b", re.IGNORECASE)
BACK_REFERENCE = re.compile(
    r"\s*(?:that|it|this|then|the same(?: date| day)?|the above)\b|\s*[?.!]*\s*$", re.I
)
ANCHOR_WORDS = re.compile(r"[^,;:?!.]{1,60}?(?=\s+(?:what|which|is|was|will|falls?)\b|[,;:?!.]|$)")
DAYS_ASKED = re.compile(
    r"\bhow (?:many|long)\s+(?:days|weeks|months|years)\b|\bdays? (?:between|since|until|till"
    r"|left|ago|to go|remain\w*)\b|\bhow long (?:ago|since|until|till|before)\b"
    r"|^\s*(?:the\s+)?(?:number of\s+)?(?:days|weeks)\s+from\b"
    r"|\bweeks? (?:between|since|until)\b"
    r"|\b(?:kitne|kitni|eshtu|estu)\s+(?:din|dino|dina\w*|hafte|mahine|vaara|tingal\w*)\b",
    re.IGNORECASE,
)
DEADLINE_ASKED = re.compile(
    r"\b(?:deadline|last date|last day|time limit|limitation(?: period)?|due date|due by"
    r"|by when|by which date|by what date|within how many days|how long (?:do|does|have|has|is)"
    r"|latest (?:date|day|by))\b",
    re.IGNORECASE,
)
DEADLINE_NAMED = re.compile(
    r"\b(?:deadline|last (?:date|day)|time limit|limitation(?: period)?|due date)\s+"
    r"(?:to|for|of|in|on)\s+(?P<what>[^,;:?]{3,80}?)(?=\s+(?:if|when|where|since|after|from|on"
    r"|as|given|which|that|counting|expires?|ends?|runs? out|lapses?)\b|[,;:?]|$)"
    r"|\bby when (?:must|should|can|do|does|has|have|is|are)\s+(?:i|we|you|the police|one)?\s*"
    r"(?P<what2>[^,;:?]{3,80}?)(?=\s+(?:if|when|since|after|from|on)\b|[,;:?]|$)",
    re.IGNORECASE,
)
PUNISHMENT_YEARS = re.compile(r"\b(\d{1,2})[- ]years?\b", re.IGNORECASE)
GRAVE = re.compile(
    r"\b(?:death|life imprisonment|imprisonment for life|(?:with|for) life|life (?:term|sentence)"
    r"|murder)\b",
    re.IGNORECASE,
)
DATE_WORD = re.compile(
    r"\b(?:date|day)\s*\??\s*$|\bwhich day\b"
    r"|\b(?:bail|filing|expiry|due|last|closing) (?:date|day) (?:for|of|in|when|where)\b",
    re.IGNORECASE,
)
COUNT_ASKED = re.compile(r"^\s*how many\b(?!\s+(?:days|weeks|months))|\blist\b|\bshow\b", re.I)
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
    (
        "appearance_notice_14",
        re.compile(
            r"\b(?:35\s?\(3\)|41-?a)(?!\w).*\bnotice\b|\bnotice\b.*\b(?:35\s?\(3\)|41-?a)(?!\w)"
            r"|\b(?:notice of appearance|appearance notice)\b|\barnesh kumar\b"
            r"|\bnotice\b[^.?;]{0,40}\b(?:instead of|in lieu of|rather than)\s+(?:an?\s+)?arrest"
            r"|\b(?:instead of|in lieu of|rather than)\s+(?:an?\s+)?arrest\w*[^.?;]{0,40}\bnotice\b"
            r"|\b(?:arrest\w*|giraftar\w*)\s+(?:ke\s+)?(?:bajaye|badle)\b[^.?;]{0,30}\bnotice\b",
            re.I,
        ),
    ),
    (
        "missing_child_ahtu_4m",
        re.compile(r"\b(?:ahtu|anti[- ]human[- ]trafficking unit)\b", re.I),
    ),
)


def asks_unlisted_deadline(question: str) -> bool:
    """A legal deadline is asked for, from a stated date, that the statutory table does not
    hold: no event of the table and no charge-sheet / default-bail period, and no period the
    question states itself ("30-day deadline")."""
    if not DEADLINE_ASKED.search(question) or statutory_event(question) is not None:
        return False
    if CHARGESHEET.search(question) or N_DAY.search(question) or COUNT_ASKED.search(question):
        return False
    return not (OFFSET.search(question) or IN_DAYS.search(question))


def _deadline_named(question: str) -> str:
    """What the unlisted deadline is for, in the question's words."""
    m = DEADLINE_NAMED.search(question)
    what = (m["what"] or m["what2"]) if m else None
    return (what or question).strip()[:80]


def _count(word: str) -> int:
    digits = word.replace(",", "")
    return int(digits) if digits.isdigit() else NUMBER_WORDS[word.lower()]


def _known_zone(name: str) -> bool:
    return name.lower() in ZONE_ALIASES or "/" in name


def statutory_event(question: str) -> str | None:
    """The statutory deadline whose starting event the question names, if any."""
    return next((key for key, cue in STATUTORY_EVENTS if cue.search(question)), None)


def date_call(question: str, today: date) -> PlannedCall | None:
    """The date_utility call a question needs, if any."""
    try:
        positioned = [(m.start, m.written) for m in date_mentions(question, today)]
    except ToolError:
        return _unreadable(question, today)
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
    if event is None and found and asks_unlisted_deadline(question):
        return PlannedCall(
            "date_utility",
            {"operation": "deadline", "start": found[0], "deadline": _deadline_named(question)},
        )
    if event and found and WHEN_DUE.search(question) and not CHARGESHEET.search(question):
        args = {"operation": "deadline", "deadline": event, "start": found[0]}
        clock = CLOCK.search(question)
        if clock:
            args["time"] = clock[1]
        return PlannedCall("date_utility", args)
    if CHARGESHEET.search(question) or (DEADLINE.search(question) and N_DAY.search(question)):
        explicit = OFFSET.search(question) or IN_DAYS.search(question)
        if explicit and not CHARGESHEET.search(question):
            return _offset_call(question, explicit, positioned)
        return _deadline_call(question, found, explicit)
    span = IN_DAYS.search(question) if not PACE_ASKED.search(question) else None
    offset = OFFSET.search(question) or ADD_TO.search(question) or span
    if offset:
        return _offset_call(question, offset, positioned)
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
        if len(found) == 1 and find_dates(question, today)[0][1] > today:
            first, second = "today", first
        return PlannedCall(
            "date_utility", {"operation": "difference", "start": first, "end": second}
        )
    if TODAY_ONLY.search(question):
        return PlannedCall("date_utility", {"operation": "today"})
    festival = _festival_day_asked(question, today)
    if festival is not None:
        return PlannedCall("date_utility", {"operation": "weekday", "start": festival})
    return None


def _festival_day_asked(question: str, today: date) -> str | None:
    """The one festival whose date is asked ("when is Ugadi 2027", "Ugadi kis date ko hai",
    "Christmas 2027 date?"), as the date tool reads it. Records or duty words count only in
    the clause that asks ("date of Deepavali 2027? need to plan bandobast leave" asks a date;
    the reason given beside it is no records question)."""
    asked = [c for c in CLAUSE.split(question) if DAY_ASKED.search(c) or DATE_LAST.search(c)]
    try:
        named = [
            m
            for clause in asked
            if not RECORDS_NOUN.search(clause)
            for m in date_mentions(clause, today)
            if m.festival
        ]
    except ToolError:
        return None
    return named[0].written if len(named) == 1 else None


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
        if not (explicit or n_day or _punishment_stated(question)):
            args["offence"] = question[:300]
    else:
        args["days"] = days
    return PlannedCall("date_utility", args)


def _punishment_stated(question: str) -> bool:
    """The question states the punishment itself ("a 7-year offence", "punishable with life")."""
    return bool(PUNISHMENT_YEARS.search(question) or GRAVE.search(question))


def _bail_class(question: str) -> int:
    """BNSS 187(3): 90 days for death, life or more than ten years; 60 days otherwise (an
    offence of at most ten years is counted in the 60-day class, the safe reading). The
    punishment the question states decides; else that of the offence or section it names, from
    the legal table (dacoity, kidnapping for ransom: life, so 90 days)."""
    years = PUNISHMENT_YEARS.search(question)
    if GRAVE.search(question) or (years is not None and int(years[1]) > 10):
        return 90
    if years is None:
        named = bail_period(question)
        if named is not None:
            return named[0]
    return 60


def _offset_call(
    question: str, offset: re.Match[str], positioned: list[tuple[int, str]]
) -> PlannedCall:
    unit = offset[3].lower()
    count = _count(offset[1])
    direction = offset[4].lower() if offset.re is OFFSET else "from"
    if direction in ("before", "prior to", *BEFORE_SAID):
        count = -count
    start = _anchor(question, offset, positioned)
    size, kind = UNIT_SIZE[UNIT_SAID.get(unit, unit.rstrip("s"))]
    if kind == "months":
        return PlannedCall(
            "date_utility", {"operation": "add_months", "start": start, "months": count * size}
        )
    args: dict[str, Any] = {"operation": "add_days", "start": start}
    if size == 1:
        args["days"] = count
    else:
        args["weeks"] = count * size // 7
    if offset[2] and offset[2].strip().lower() != "calendar":
        args["business"] = True
    return PlannedCall("date_utility", args)


def _anchor(question: str, offset: re.Match[str], positioned: list[tuple[int, str]]) -> str:
    """The date an offset counts from: the date after "after/before/from"; the earlier date
    for "later" or "after that"; today for "in N days" or "from now". Otherwise the words
    after it, which the date tool cannot read and says so (never a silent "today")."""
    tail = question[offset.end() :]
    earlier = [value for pos, value in positioned if pos < offset.start()]
    later = [value for pos, value in positioned if pos > offset.start()]
    forward = offset.re is IN_DAYS or offset[4].lower() in ("later", "afterwards", "hence", "on")
    if NOW.match(tail):
        return "today"
    if offset.re is OFFSET and offset[4].lower() in (*AFTER_SAID, *BEFORE_SAID):
        return earlier[-1] if earlier else "today"
    if later and _near(question, offset.end(), later, positioned):
        return later[0]
    if forward:
        return earlier[-1] if earlier and offset.re is OFFSET else "today"
    if earlier and BACK_REFERENCE.match(tail):
        return earlier[-1]
    words = ANCHOR_WORDS.match(tail)
    return words[0].strip()[:40] if words and words[0].strip() else "the starting event"


def _near(question: str, end: int, later: list[str], positioned: list[tuple[int, str]]) -> bool:
    """The first later date follows the offset within a few words."""
    position = next(pos for pos, value in positioned if value == later[0] and pos >= end)
    return len(question[end:position].split()) <= 6


def _unreadable(question: str, today: date) -> PlannedCall | None:
    """A festival the question names that cannot be read as one day (a name that fits two
    festivals): a date call on it, whose error says which to choose, when the question asks
    date arithmetic at all."""
    if not (OFFSET.search(question) or IN_DAYS.search(question) or DAYS_ASKED.search(question)):
        return None
    lowered = question.lower()
    unread = [m for m in festival_mentions(lowered, today) if m.options or m.day is None]
    if not unread or len(lowered) != len(question):
        return None
    named = question[unread[0].start : unread[0].end]
    return PlannedCall("date_utility", {"operation": "weekday", "start": named})


def asks_date_arithmetic(question: str) -> bool:
    """Date arithmetic on a date the question states (a festival too): N days/weeks/months
    after or before it, days between or since it, its weekday, a festival's date, or a legal
    deadline starting on it (the router's test)."""
    try:
        stated = find_dates(question, date.today())
    except ToolError:
        return _unreadable(question, date.today()) is not None
    offset = OFFSET.search(question)
    if offset and NOW.match(question, offset.end()):
        return True
    if not stated:
        return False
    if _festival_day_asked(question, date.today()) is not None:
        return True
    offset = OFFSET.search(question) or ADD_TO.search(question)
    if offset or WEEKDAY.search(question) or DAYS_ASKED.search(question):
        return True
    return asks_legal_deadline(question)


def asks_legal_deadline(question: str) -> bool:
    """A legal deadline counted from a date the question states, listed in the statutory
    table or not: a deadline question even when it names a crime or an FIR ("rape FIR
    recorded on 3 May, deadline for the investigation"), never a records count."""
    if COUNT_ASKED.search(question):
        return False
    try:
        if not find_dates(question, date.today()):
            return False
    except ToolError:
        return False
    if asks_unlisted_deadline(question):
        return True
    deadline = statutory_event(question) or CHARGESHEET.search(question)
    asked = WHEN_DUE.search(question) or DEADLINE.search(question) or DATE_WORD.search(question)
    return bool(deadline and asked)
