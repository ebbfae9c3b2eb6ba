"""Date expressions in officer text, resolved against `today` into half-open day ranges.

A `Period` is `[start, end)` in whole days. An end after today is dropped (no FIR is
registered in the future), so "this year" needs one condition, not two. Conventions:
"last N days" starts N days before today; a week starts on Monday; a month or day named
without a year is its most recent occurrence up to today.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

import holidays

MONTHS: dict[str, int] = {
    name: i
    for i in range(1, 13)
    for name in (calendar.month_name[i].lower(), calendar.month_abbr[i].lower())
}
MONTHS["sept"] = 9
_MON = r"(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_ORD = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:19|20)\d{2}"
_DAY = (
    rf"(?:(?P<d1>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<m1>{_MON})(?:,?\s+(?P<y1>{_YEAR}))?"
    rf"|(?P<m2>{_MON})\s+(?P<d2>\d{{1,2}}){_ORD}(?:,?\s+(?P<y2>{_YEAR}))?"
    rf"|(?P<iy>{_YEAR})-(?P<im>\d{{1,2}})-(?P<id>\d{{1,2}})"
    rf"|(?P<nd>\d{{1,2}})[/.-](?P<nm>\d{{1,2}})[/.-](?P<ny>{_YEAR})"
    rf"|(?P<mm>{_MON})(?:\s+(?P<my>{_YEAR}))?"
    rf"|(?P<yy>{_YEAR}))"
)
_AMBIGUOUS = frozenset({"may", "mar", "jan", "sep", "dec", "oct", "jun", "aug"})
"""Month abbreviations that are also words or names; they count as months only after "in" etc."""
_UNITS = {"day": 1, "week": 7, "fortnight": 14}
_NUMBER_WORDS = {
    "a": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "ten": 10,
    "twelve": 12,
}
HINDI_KANNADA_NUMERALS = {
    "ek": 1,
    "do": 2,
    "teen": 3,
    "chaar": 4,
    "char": 4,
    "paanch": 5,
    "panch": 5,
    "chhe": 6,
    "saat": 7,
    "das": 10,
    "baarah": 12,
    "ondu": 1,
    "eradu": 2,
    "mooru": 3,
    "naalku": 4,
    "aidu": 5,
    "aaru": 6,
    "elu": 7,
    "hattu": 10,
}
"""Numerals officers write in Hinglish and Kanglish ("pichle teen mahine", "kaleda eradu vaara")."""
_NUMBER_WORDS.update(HINDI_KANNADA_NUMERALS)
_UNIT_WORDS = {
    "din": "day",
    "dina": "day",
    "dinagalu": "day",
    "dinagalalli": "day",
    "dinadalli": "day",
    "vaaragalalli": "week",
    "tingalalli": "month",
    "tingalugalalli": "month",
    "varshagalalli": "year",
    "dinon": "day",
    "hafton": "week",
    "mahino": "month",
    "mahinon": "month",
    "saalon": "year",
    "hafte": "week",
    "hafta": "week",
    "vaara": "week",
    "mahine": "month",
    "mahina": "month",
    "tingalu": "month",
    "saal": "year",
    "varsha": "year",
}


@dataclass(frozen=True)
class Period:
    """Registration dates `[start, end)`; either side may be open."""

    start: date | None
    end: date | None
    label: str
    fir_year: int | None = None
    """Set when the period is one whole registration year written as the FIR numbers' year
    ("FIR-2025-*": one ZCQL condition instead of two date bounds)."""

    def registration_year(self, today: date) -> int | None:
        """The year when the period is all of one calendar year as far as FIRs go (Jan 1 to
        Dec 31, or Jan 1 of this year onwards: none is registered after today), else None."""
        if self.start is None or (self.start.month, self.start.day) != (1, 1):
            return None
        year = self.start.year
        if self.end == date(year + 1, 1, 1):
            return year
        current = year == today.year and (self.end is None or self.end > today)
        return year if current else None

    def describe(self) -> str:
        """Human wording with inclusive dates, e.g. "last month (2026-11-01 to 2026-11-30)"."""
        if self.start and self.end:
            span = f"{self.start} to {self.end - timedelta(days=1)}"
        elif self.start:
            span = f"since {self.start}"
        elif self.end:
            span = f"before {self.end}"
        else:
            span = "any date"
        return f"{self.label} ({span})" if self.label else span


@dataclass(frozen=True)
class _Point:
    """A parsed date expression: the days it covers, `[first, after)`."""

    first: date
    after: date


def _month_span(year: int, month: int) -> _Point:
    last = calendar.monthrange(year, month)[1]
    return _Point(date(year, month, 1), date(year, month, last) + timedelta(days=1))


def _recent_year(month: int, day: int, today: date) -> int:
    """The year in which month/day last occurred on or before today."""
    return today.year if (month, day) <= (today.month, today.day) else today.year - 1


def _point(text: str, today: date) -> _Point | None:
    m = re.fullmatch(_DAY, text.strip())
    if m is None:
        return None
    g = m.groupdict()
    try:
        if g["d1"] or g["d2"]:
            month = MONTHS[(g["m1"] or g["m2"]).rstrip(".")]
            day = int(g["d1"] or g["d2"])
            year_text = g["y1"] or g["y2"]
            year = int(year_text) if year_text else _recent_year(month, day, today)
            d = date(year, month, day)
            return _Point(d, d + timedelta(days=1))
        if g["iy"]:
            d = date(int(g["iy"]), int(g["im"]), int(g["id"]))
            return _Point(d, d + timedelta(days=1))
        if g["nd"]:
            d = date(int(g["ny"]), int(g["nm"]), int(g["nd"]))
            return _Point(d, d + timedelta(days=1))
        if g["mm"]:
            month = MONTHS[g["mm"].rstrip(".")]
            year = int(g["my"]) if g["my"] else _recent_year(month, 1, today)
            return _month_span(year, month)
        year = int(g["yy"])
        return _Point(date(year, 1, 1), date(year + 1, 1, 1))
    except ValueError:
        return None


def _clip(start: date | None, end: date | None, label: str, today: date) -> Period:
    if end is not None and end > today:
        end = None
    return Period(start, end, label)


def _relative(phrase: str, today: date) -> tuple[date, date] | None:
    """Named periods: today, yesterday, this/last week, month, quarter, year."""
    month_start = today.replace(day=1)
    quarter_start = date(today.year, 3 * ((today.month - 1) // 3) + 1, 1)
    week_start = today - timedelta(days=today.weekday())
    previous_month = (month_start - timedelta(days=1)).replace(day=1)
    previous_quarter = date(
        quarter_start.year if quarter_start.month > 1 else quarter_start.year - 1,
        quarter_start.month - 3 if quarter_start.month > 1 else 10,
        1,
    )
    table = {
        "today": (today, today + timedelta(days=1)),
        "yesterday": (today - timedelta(days=1), today),
        "day before yesterday": (today - timedelta(days=2), today - timedelta(days=1)),
        "this week": (week_start, today + timedelta(days=1)),
        "last week": (week_start - timedelta(days=7), week_start),
        "this month": (month_start, today + timedelta(days=1)),
        "last month": (previous_month, month_start),
        "this quarter": (quarter_start, today + timedelta(days=1)),
        "last quarter": (previous_quarter, quarter_start),
        "this year": (date(today.year, 1, 1), today + timedelta(days=1)),
        "last year": (date(today.year - 1, 1, 1), date(today.year, 1, 1)),
    }
    return table.get(phrase)


_ALIASES = {
    "this yr": "this year",
    "last yr": "last year",
    "past yr": "last year",
    "previous yr": "last year",
    "current yr": "this year",
    "aaj": "today",
    "kal": "yesterday",
    "is hafte": "this week",
    "pichle hafte": "last week",
    "is mahine": "this month",
    "pichle mahine": "last month",
    "previous month": "last month",
    "past month": "last month",
    "current month": "this month",
    "so far this month": "this month",
    "is saal": "this year",
    "pichle saal": "last year",
    "previous year": "last year",
    "current year": "this year",
    "so far this year": "this year",
    "year to date": "this year",
    "ytd": "this year",
    "previous quarter": "last quarter",
    "current quarter": "this quarter",
    "previous week": "last week",
    "ee varsha": "this year",
    "ee varsh": "this year",
    "kaleda varsha": "last year",
    "hoda varsha": "last year",
    "ee vaara": "this week",
    "kaleda vaara": "last week",
    "hoda vaara": "last week",
    "ee tingalu": "this month",
    "kaleda tingalu": "last month",
    "hoda tingalu": "last month",
    "ivattu": "today",
    "indu": "today",
    "ninne": "yesterday",
}
_NAMED = (
    r"(?P<named>day before yesterday|so far this (?:month|year)|year to date|ytd"
    r"|(?:this|last|previous|current|past) (?:week|month|quarter|year|yr)"
    r"|today|yesterday|aaj|kal|is hafte|pichle hafte|is mahine|pichle mahine|is saal|pichle saal"
    r"|ee varsha?|kaleda varsha|hoda varsha|ee vaara|kaleda vaara|hoda vaara"
    r"|ee tingalu|kaleda tingalu|hoda tingalu|ivattu|indu|ninne)"
)
_LAST_N = re.compile(
    r"(?:in the |during the |over the |for the |within the )?"
    r"(?:last|past|previous|pichle|kaleda|hinde|hindina)\s+"
    rf"(?:(?P<n>\d{{1,3}}|{'|'.join(_NUMBER_WORDS)})\s+"
    rf"(?P<unit>days?|weeks?|fortnights?|months?|years?|{'|'.join(_UNIT_WORDS)})"
    r"|(?P<fortnight>fortnight))\b"
)
_RANGE = re.compile(
    rf"(?:between|from)\s+(?P<a>{_DAY.replace('?P<', '?P<a_')})\s+(?:and|to|till|until|-)\s+"
    rf"(?P<b>{_DAY.replace('?P<', '?P<b_')})(?!\d)"
)
_TO_TODAY = re.compile(
    rf"(?:between|from)\s+(?P<a>{_DAY.replace('?P<', '?P<a_')})\s+(?:and|to|till|until|-)\s+"
    r"(?:today|now|date|present|aaj|ivattu|the present day)\b"
)
"""A range that runs to today ("between 8 November and today"): since its first day."""
_TO_RANGE = re.compile(
    rf"(?<![\w/-])(?P<a>{_DAY.replace('?P<', '?P<a_')})"
    r"(?:\s+(?:to|till|until|through|-|–|se|inda|rinda|ninda)\s+|(?P<dash>[-–]))"
    rf"(?P<b>{_DAY.replace('?P<', '?P<b_')})(?!\d)(?:\s+(?:tak|takk|varege|varegu|vareg))?"
)
"""A range written without "from" or "between" ("July to September 2026", "Jul-Nov 2026",
"2023-2025"; a tight dash only with a year after it: "Jan-Jun" alone restates a half), also
in Hinglish and Kanglish ("2023 se 2025 tak", "March inda June varege"): both ends included."""
_DAYS_TO = re.compile(
    rf"(?<![\w/.-])(?:from\s+|between\s+)?(?P<d>\d{{1,2}}){_ORD}\s+(?:to|till|until|and|-)\s+"
    rf"(?P<b>\d{{1,2}}{_ORD}\s+(?:of\s+)?{_MON}(?:,?\s+{_YEAR})?)(?![\w/-])"
)
"""Two days of one month ("5 to 11 November 2026"): the first takes the second's month."""
_SINCE = re.compile(rf"(?:since|after|from|starting)\s+(?P<a>{_DAY.replace('?P<', '?P<a_')})(?!\d)")
_ONWARDS = re.compile(r"\s*(?:onwards?|on|se aage)(?![\w-])")
"""After a start ("from 2024 onwards"): the period runs to today; the word is read with it."""
_SINCE_AFTER = re.compile(
    rf"(?P<a>{_DAY.replace('?P<', '?P<a_')})\s+(?:se|inda|rinda|ninda|onwards|onward)"
    r"(?:\s+(?:ab|aaj|ivattu|iddu)\s*(?:tak|varege|varegu))?(?![\w-])"
)
_BEFORE = re.compile(rf"(?:before|until|till|up to)\s+(?P<a>{_DAY.replace('?P<', '?P<a_')})(?!\d)")
_SINGLE = re.compile(
    rf"(?<![\w/-])(?:(?:in|on|during|for|of)\s+)?(?P<a>{_DAY.replace('?P<', '?P<a_')})(?![\w/-])"
)


_N_WORD = rf"(?:\d{{1,3}}|an?|{'|'.join(_NUMBER_WORDS)})"
_UNIT = rf"(?:days?|weeks?|fortnights?|months?|years?|{'|'.join(_UNIT_WORDS)})"
_AGO = re.compile(
    rf"(?:(?:registered|reported|filed|lodged)\s+)?"
    rf"(?:(?:more|older|earlier) than|over|above|beyond|at least)\s+(?P<n>{_N_WORD})\s+"
    rf"(?P<unit>{_UNIT})(?:\s+(?:ago|old|back|before))?"
    rf"|(?P<n2>{_N_WORD})\s*\+?\s+(?P<unit2>{_UNIT})\s+(?:or more\s+)?old"
)
_THIS_OR_LAST = (
    r"(?:the\s+)?(?:this|current|last|previous|past)\s+year|is saal|ee varsha|pichle saal|"
    r"kaleda varsha"
)
_PART_YEAR = rf"(?:{_YEAR}|{_THIS_OR_LAST})"
_HALF = re.compile(
    rf"(?:in\s+|during\s+)?(?:the\s+)?(?P<which>first|second|third|fourth|1st|2nd|3rd|4th|last|"
    rf"h1|h2)\s+(?P<part>half|quarter)\s+(?:of\s+)?(?P<year>{_PART_YEAR})"
    rf"|(?:in\s+|during\s+)?(?P<q>q[1-4]|h[12])\s+(?:of\s+)?(?P<qyear>{_PART_YEAR})"
)
_QUARTERS = re.compile(
    rf"(?:(?P<y1>{_YEAR})\s+)?\bq(?P<a>[1-4])\s*(?:to|till|until|through|-|se)\s*q(?P<b>[1-4])\b"
    rf"(?:\s+(?:of\s+)?(?P<y2>{_YEAR}))?"
)
"""A run of quarters of one year ("2026 Q1 to Q3", "Q2-Q4 2025"): from the first's start to
the last's end."""
_BEFORE_LAST = re.compile(r"(?:in\s+|during\s+)?(?:the\s+)?year before last")


def _count(raw: str) -> int:
    return int(raw) if raw.isdigit() else 1 if raw in ("a", "an") else _NUMBER_WORDS[raw]


def _ago(m: re.Match[str], today: date) -> Period:
    """ "more than 90 days ago", "over a year old": registered before today minus that."""
    n = _count(m["n"] or m["n2"])
    raw_unit = m["unit"] or m["unit2"]
    unit = _UNIT_WORDS.get(raw_unit, raw_unit.rstrip("s"))
    if unit in ("month", "year"):
        end = _months_back(today, n * (12 if unit == "year" else 1))
    else:
        end = today - timedelta(days=n * _UNITS.get(unit, 1))
    label = f"more than {n} {unit}{'s' if n > 1 else ''} ago"
    return Period(None, end, label)


def _year_named(text: str, today: date) -> int:
    """A year written out, or "this year" / "last year" (and their Hinglish and Kanglish)."""
    if text.isdigit():
        return int(text)
    last = re.search(r"last|previous|past|pichle|kaleda", text)
    return today.year - 1 if last else today.year


def _part_of_year(m: re.Match[str], today: date) -> Period:
    """ "first half of 2025" (Jan-Jun), "Q3 2025" (Jul-Sep), "last quarter of 2025"."""
    if m["q"]:
        year, kind, index = _year_named(m["qyear"], today), m["q"][0], int(m["q"][1])
    else:
        year = _year_named(m["year"], today)
        kind = "h" if m["part"] == "half" else "q"
        which = m["which"]
        last = 2 if kind == "h" else 4
        index = {
            "first": 1,
            "1st": 1,
            "second": 2,
            "2nd": 2,
            "third": 3,
            "3rd": 3,
            "fourth": 4,
            "4th": 4,
            "last": last,
        }.get(which, 0)
        index = min(index, last)
        if which in ("h1", "h2"):
            kind, index = "h", int(which[1])
    months = 6 if kind == "h" else 3
    first = date(year, 1 + months * (index - 1), 1)
    after_month = 1 + months * index
    after = date(year + 1, 1, 1) if after_month > 12 else date(year, after_month, 1)
    word = "half" if kind == "h" else "quarter"
    return _clip(first, after, f"{m.group(0).strip()} ({word} {index} of {year})", today)


def _months_back(today: date, n: int) -> date:
    month = today.month - n
    year = today.year + (month - 1) // 12
    month = (month - 1) % 12 + 1
    return date(year, month, min(today.day, calendar.monthrange(year, month)[1]))


def find_period(text: str, today: date) -> tuple[Period | None, tuple[int, int] | None]:
    """The first date expression in normalised text and its span, resolved against today."""
    if (m := _TO_TODAY.search(text)) and (a := _point(m["a"], today)):
        return _clip(a.first, None, "", today), m.span()
    if m := _RANGE.search(text):
        a, b = _point(m["a"], today), _point(m["b"], today)
        if a and b:
            if b.first < a.first and not re.search(_YEAR, m["b"]):
                b = _Point(b.first.replace(year=a.first.year), b.after.replace(year=a.first.year))
            return _clip(a.first, b.after, "", today), m.span()
    if m := _DAYS_TO.search(text):
        b = _point(m["b"], today)
        if b and 1 <= int(m["d"]) <= b.first.day:
            return _clip(b.first.replace(day=int(m["d"])), b.after, "", today), m.span()
    if (m := _TO_RANGE.search(text)) and not (m["dash"] and not re.search(_YEAR, m["b"])):
        a, b = _point(m["a"], today), _point(m["b"], today)
        if a and b and not re.search(_YEAR, m["a"]) and re.search(_YEAR, m["b"]):
            a = _Point(a.first.replace(year=b.first.year), a.after.replace(year=b.first.year))
        if a and b and a.first < b.after:
            return _clip(a.first, b.after, "", today), m.span()
    if m := _AGO.search(text):
        return _ago(m, today), m.span()
    if (m := _QUARTERS.search(text)) and (m["y1"] or m["y2"]) and m["a"] <= m["b"]:
        year = int(m["y1"] or m["y2"])
        last = 3 * int(m["b"])
        end = date(year + 1, 1, 1) if last == 12 else date(year, last + 1, 1)
        return _clip(date(year, 3 * int(m["a"]) - 2, 1), end, "", today), m.span()
    if m := _HALF.search(text):
        return _part_of_year(m, today), m.span()
    if m := _BEFORE_LAST.search(text):
        year = today.year - 2
        return Period(date(year, 1, 1), date(year + 1, 1, 1), "the year before last"), m.span()
    if m := _LAST_N.search(text):
        raw = m["n"] or "one"
        n = int(raw) if raw.isdigit() else _NUMBER_WORDS[raw]
        raw_unit = m["unit"] or m["fortnight"]
        unit = _UNIT_WORDS.get(raw_unit, raw_unit.rstrip("s"))
        if unit == "month":
            start = _months_back(today, n)
        elif unit == "year":
            start = _months_back(today, 12 * n)
        else:
            start = today - timedelta(days=n * _UNITS.get(unit, 1))
        label = f"the last {n} {unit}s" if n > 1 else f"the last {unit}"
        return Period(start, None, label), m.span()
    if m := re.search(rf"(?<![\w-]){_NAMED}(?![\w-])", text):
        phrase = _ALIASES.get(m["named"], m["named"].replace("past ", "last "))
        phrase = _ALIASES.get(phrase, phrase)
        span = _relative(phrase, today)
        if span:
            return _clip(span[0], span[1], phrase, today), m.span()
    for since in (_SINCE, _SINCE_AFTER):
        if m := since.search(text):
            a = _point(m["a"], today)
            whole_year = m[0].startswith("from") and re.fullmatch(_YEAR, m["a"].strip())
            onward = _ONWARDS.match(text, m.end())
            if a and whole_year and not onward:
                return _clip(a.first, a.after, "", today), m.span()  # "FIRs from 2025"
            if a:
                return Period(a.first, None, ""), (m.start(), onward.end() if onward else m.end())
    if m := _BEFORE.search(text):
        a = _point(m["a"], today)
        if a:
            return Period(None, a.first, ""), m.span()
    for m in _SINGLE.finditer(text):
        if m["a"].strip() in _AMBIGUOUS and m.group(0) == m["a"]:
            continue
        a = _point(m["a"], today)
        if a:
            return _clip(a.first, a.after, "", today), m.span()
    return None, None


FESTIVALS: dict[str, tuple[str, ...]] = {
    "diwali": ("diwali", "deepavali", "divali", "deepawali"),
    "dussehra": ("dussehra", "dasara", "dasera", "dussera", "vijayadashami"),
    "republic day": (
        "republic day",
        "gantantra diwas",
        "gantantra divas",
        "ganatantra diwas",
        "ganarajyotsava",
        "ganarajya dina",
    ),
    "independence day": (
        "independence day",
        "swatantrata diwas",
        "swatantrata divas",
        "swatantra diwas",
        "swatantra divas",
        "swatantrya dina",
        "swatantrya dinacharane",
        "azadi diwas",
    ),
    "ganesh chaturthi": (
        "ganesh chaturthi",
        "ganesha chaturthi",
        "ganesh habba",
        "ganesha habba",
        "ganapati habba",
        "ganapathi habba",
        "gowri ganesha",
        "vinayaka chaturthi",
        "vinayaka chavithi",
        "ganeshotsav",
        "ganesh utsav",
    ),
    "ugadi": ("ugadi", "yugadi"),
    "christmas": ("christmas", "xmas"),
    "holi": ("holi",),
    "karnataka rajyotsava": ("karnataka rajyotsava", "rajyotsava", "kannada rajyotsava"),
    "makar sankranti": ("makar sankranti", "sankranti", "sankranthi"),
    "eid al-fitr": (
        "eid al-fitr",
        "eid ul fitr",
        "eid ul-fitr",
        "eid-ul-fitr",
        "ramzan",
        "ramadan eid",
    ),
    "eid al-adha": (
        "eid al-adha",
        "eid ul adha",
        "eid ul-adha",
        "eid-ul-adha",
        "bakrid",
        "bakri eid",
    ),
    "mahatma gandhi's birthday": ("gandhi jayanti", "gandhi jayanthi"),
    "janmashtami": ("janmashtami", "krishna janmashtami", "gokulashtami"),
    "maha shivaratri": ("maha shivaratri", "mahashivaratri", "shivaratri", "shivratri"),
    "dr. b. r. ambedkar's birthday": ("ambedkar jayanti", "ambedkar jayanthi"),
    "ram navami": ("ram navami", "rama navami"),
    "mahavira's birthday": ("mahavir jayanti", "mahaveer jayanti"),
    "guru nanak's birthday": ("guru nanak jayanti", "gurpurab"),
    "buddha purnima": ("buddha purnima", "buddha jayanti"),
    "prophet's birthday": ("eid-e-milad", "eid e milad", "milad-un-nabi", "milad un nabi"),
    "good friday": ("good friday",),
    "may day": ("may day", "labour day"),
    "new year's eve": ("new year's eve", "new years eve", "new year eve"),
    "new year's day": ("new year's day", "new years day", "new year day"),
}
"""Canonical holiday (lower-case start of its `holidays` name) -> how officers write it: the
alias table for English, Hindi ("swatantrata diwas", "gantantra diwas") and Kannada
("ganesha habba", "swatantrya dina") names; the day itself comes from `holidays` (India with
Karnataka). "habba", "festival", "tyohar" after a name add nothing ("Deepavali habba")."""
FIXED_DAYS: dict[str, tuple[int, int]] = {"new year's eve": (12, 31), "new year's day": (1, 1)}
"""Days the `holidays` calendar for India does not carry: (month, day) every year."""
AMBIGUOUS_FESTIVALS: dict[str, tuple[str, ...]] = {"eid": ("eid al-fitr", "eid al-adha")}
"""Names that fit several festivals ("Eid": two Eids): the parser asks which."""
_LAST_WORDS = r"last|pichle|pichhle|previous|kaleda|hoda"
_LAST_YEAR = r"last year|pichle saal|previous year|kaleda varsha|hoda varsha"
_THIS_YEAR = r"this year|is saal|ee varsha|current year"
_FESTIVAL = re.compile(
    rf"(?<![\w-])(?:(?P<last>{_LAST_WORDS})\s+)?(?:(?P<pre>{_YEAR})\s+(?:ke\s+|ki\s+|ka\s+)?)?"
    r"(?P<name>"
    + "|".join(
        sorted(
            (re.escape(v) for vs in [*FESTIVALS.values(), AMBIGUOUS_FESTIVALS] for v in vs),
            key=len,
            reverse=True,
        )
    )
    + r")(?:\s+(?:habba|festival|tyohar|tyohaar))?(?:\s+day)?"
    + r"(?:\s+(?:ke|ki|ka|wale|vale)\s+din|\s+dina|\s+dinadandu)?"
    + rf"(?:\s+(?:of\s+)?(?P<year>{_YEAR}))?(?:\s+(?P<ly>{_LAST_YEAR}))?"
    + rf"(?=\s+(?P<ty>{_THIS_YEAR}))?(?![\w-])"
)
_FESTIVAL_OF = {v: canonical for canonical, vs in FESTIVALS.items() for v in vs}
_LINK = re.compile(r"^\s*(?:and|to|till|until|-|se|mattu)\s*$")


@lru_cache(maxsize=16)
def _holiday_dates(first_year: int, last_year: int) -> tuple[tuple[date, str], ...]:
    """India's holidays with Karnataka's, lower-cased names, in date order."""
    calendar_ = holidays.country_holidays("IN", subdiv="KA", years=range(first_year, last_year + 1))
    return tuple(
        (day, part.strip().lower())
        for day, names in sorted(calendar_.items())
        for part in names.split(";")
    )


def festival_date(name: str, today: date, year: int | None = None) -> date | None:
    """The day of a named festival: in `year`, else its latest occurrence up to today."""
    canonical = _FESTIVAL_OF.get(name, name)
    first, last = (year, year) if year else (today.year - 1, today.year)
    if canonical in FIXED_DAYS:
        month, day_ = FIXED_DAYS[canonical]
        days = [date(y, month, day_) for y in range(first, last + 1)]
    else:
        days = [d for d, n in _holiday_dates(first, last) if n.startswith(canonical)]
    if year is None:
        days = [d for d in days if d <= today]
    return days[-1] if days else None


@dataclass(frozen=True)
class Festivals:
    """Festival names read as dates: the rewritten text, how each was read, and the names
    that fit several festivals (each with the dated options to ask about)."""

    text: str
    notes: list[str]
    ambiguous: list[tuple[str, tuple[str, ...]]]


def _year_of(m: re.Match[str], today: date) -> int | None:
    if m["year"] or m["pre"]:
        return int(m["year"] or m["pre"])
    if m["ly"]:
        return today.year - 1
    if m["ty"]:
        return today.year
    return None


@dataclass(frozen=True)
class FestivalMention:
    """One festival name in a text: where it is, its canonical name, and its day (None when
    the calendar has no such day); `options` lists the dated festivals an ambiguous name
    ("Eid") could mean."""

    start: int
    end: int
    name: str
    day: date | None
    options: tuple[str, ...] = ()


def festival_mentions(text: str, today: date) -> list[FestivalMention]:
    """Every festival named in lower-case `text`, read as a day: the year written with it,
    "last year" / "this year" after it, the only year the text writes, else the latest
    occurrence up to today. A year after the second of two linked festivals ("between
    Sankranti and Ugadi 2025") holds for both."""
    matches = list(_FESTIVAL.finditer(text))
    years = [_year_of(m, today) for m in matches]
    for i in range(len(matches) - 1):
        between = text[matches[i].end() : matches[i + 1].start()]
        if years[i] is None and years[i + 1] is not None and _LINK.match(between):
            years[i] = years[i + 1]
    written = set(re.findall(rf"(?<![\d-]){_YEAR}(?![\d-])", text))
    only_year = int(written.pop()) if len(written) == 1 else None
    years = [only_year if y is None else y for y in years]
    found: list[FestivalMention] = []
    for m, year in zip(matches, years, strict=True):
        name = m["name"]
        if name in AMBIGUOUS_FESTIVALS:
            options = []
            for option in AMBIGUOUS_FESTIVALS[name]:
                day = festival_date(option, today, year)
                options.append(f"{option.title()} ({day.isoformat()})" if day else option.title())
            found.append(FestivalMention(m.start(), m.end(), name, None, tuple(options)))
            continue
        found.append(FestivalMention(m.start(), m.end(), name, festival_date(name, today, year)))
    return found


def read_festivals(text: str, today: date) -> Festivals:
    """Festival names replaced by their dates ("since diwali" -> "since 8 nov 2026"); a day
    named again ("(Diwali day included)") restates it and is read once."""
    notes: list[str] = []
    ambiguous: list[tuple[str, tuple[str, ...]]] = []
    out, pos = [], 0
    seen: set[date] = set()
    for mention in festival_mentions(text, today):
        out.append(text[pos : mention.start])
        pos = mention.end
        if mention.options:
            ambiguous.append((mention.name, mention.options))
            out.append(" ")
            continue
        day = mention.day
        if day is None:
            out.append(text[mention.start : mention.end])
            continue
        if day in seen:  # "after Dussehra (Dussehra day included)": said again, no new bound
            out.append(" ")
            continue
        seen.add(day)
        before = text[: mention.start]
        if not _BOUND_BEFORE.search(before) and _within_dates_given(
            before + " " + text[mention.end :], day, today
        ):
            notes.append(f"{mention.name.title()} ({day.isoformat()}) is within the dates given")
            out.append(" ")
            continue
        notes.append(f"{mention.name.title()} = {day.isoformat()}")
        out.append(f"{day.day} {calendar.month_abbr[day.month].lower()} {day.year}")
    out.append(text[pos:])
    return Festivals("".join(out), notes, ambiguous)


_BOUND_BEFORE = re.compile(
    r"\b(?:since|from|after|before|till|until|upto|up to|to|around|near|roughly|about)\s+"
    r"(?:the\s+)?$"
)
"""A festival that bounds a period ("since Diwali") or is asked about loosely is never only a
label."""


def _within_dates_given(rest: str, day: date, today: date) -> bool:
    """The question also gives explicit dates of more than a day that contain the festival
    ("Dasara week, 14 to 20 October"): those dates are the period, the name only labels it."""
    period, _ = find_period(rest, today)
    if period is None or period.start is None or period.end is None:
        return False
    return period.start <= day < period.end and 1 < (period.end - period.start).days <= 31


def resolve_festivals(text: str, today: date) -> tuple[str, list[str]]:
    """Text with festival names replaced by their dates, and how each was read."""
    read = read_festivals(text, today)
    return read.text, read.notes
