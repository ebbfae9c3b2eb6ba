"""Comparisons as one statement: year vs year, month vs month, station vs station.

ZCQL has no CASE or date functions, so a period comparison selects `registered_at` over the
span of all compared periods (paged like a trend) and the answer step counts rows per
bucket (`'YYYY'` or `'YYYY-MM'`, a prefix of `registered_at`). Station and district
comparisons group by the column; the buckets name every compared value so a value with no
FIRs is shown as 0.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import replace
from datetime import date, timedelta

from tools.domain.places import stations_in
from tools.text2zcql import builder as b
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest, clarify
from tools.text2zcql.conditions import describe, filters, too_many
from tools.text2zcql.dates import Period, find_period, resolve_festivals
from tools.text2zcql.entities import Entities
from tools.text2zcql.yearly import part_label

_COMPARISON_WORDS = re.compile(r"\b(?:vs\.?|versus|compared? (?:to|with)|compare|comparison)\b")
_WHICH_MORE = re.compile(
    r"\s*[-,]?\s*\b(?:which|who)\s+(?:one\s+)?(?:had|has|have|saw|got|recorded)\s+(?:more|fewer|less|"
    r"the most|the fewest)\b|\b(?:did|has|have)\b(?=.*\b(?:up or down|increase|decrease|rise|fall))"
    r"|\b(?:go|gone|went|gone)\s+up\s+or\s+down\b|\b(?:increased?|risen|rise)\s+or\s+"
    r"(?:decreased?|fallen|fall)\b"
    r"|\bhow\s+(?:did|has|have|do|does)\b(?=.*\bchang(?:e|ed|es)\s+(?:from|between)\b)"
    r"|\bchang(?:e|ed|es)\b(?=\s+(?:from|between)\b)",
    re.IGNORECASE,
)
_PERIOD = (
    r"(?:(?:19|20)\d{2}|(?:last|this|previous|pichle|pichhle|is|ee|kaleda)\s+"
    r"(?:year|saal|sal|varsha|month|mahine|mahina|tingalu))"
)
_FROM_TO = re.compile(rf"\bfrom\s+({_PERIOD})\s+(?:to|till|until)\s+({_PERIOD})\b", re.IGNORECASE)
_BETWEEN = re.compile(rf"\bbetween\s+({_PERIOD})\s+(?:and|&)\s+({_PERIOD})\b", re.IGNORECASE)
_PERIOD_AND = re.compile(rf"\b({_PERIOD})\s+(?:aur|and|&|mattu)\s+({_PERIOD})\b", re.IGNORECASE)
_EITHER = re.compile(r"\s+or\s+", re.IGNORECASE)
_PERIOD_AGAINST = re.compile(
    rf"\b({_PERIOD})\s+(?:against|as against|next to|alongside)\s+({_PERIOD})\b", re.IGNORECASE
)
_BOTH = re.compile(
    r"\s*[-,:]?\s*\b(?:(?:give|show|tell|with)\s+(?:me\s+)?)?(?:both|the two)\s+"
    r"(?:numbers|figures|counts|totals)\b|\s*[-,:]?\s*\bside[- ]by[- ]side\b",
    re.IGNORECASE,
)
"""Asking to see two counts together: the question compares what it joins with "and"."""
_JOINED = re.compile(r"\s+(?:and|aur|mattu|&)\s+", re.IGNORECASE)
_ALREADY = re.compile(r"\bvs\b|\bversus\b|\bcompar", re.IGNORECASE)


def _two_periods(m: re.Match[str]) -> str:
    """ "2024 and 2025" is a comparison unless it is a range ("between 2024 and 2025")."""
    before = m.string[: m.start()].split()
    if before and before[-1].lower() in ("between", "from"):
        return m.group(0)
    return f"{m[1]} vs {m[2]}"


_VS_SLASH = re.compile(r"\bv\s*/\s*s\b\.?|\bvs\s*/", re.IGNORECASE)
_COMPARABLE = r"(?:(?:19|20)\d{2}|stolen|recovered|seized|involved|q[1-4]|h[12])"
_LONE_V = re.compile(rf"\b({_COMPARABLE})\s+v\.?\s+(?={_COMPARABLE}\b)", re.IGNORECASE)
"""A lone 'v' between two years, quarters or vehicle statuses ("stolen v recovered"), never
a name's initial ("V Raghavendra")."""
_PART = r"(?:q[1-4]|h[12]|(?:first|second|third|fourth|last) (?:quarter|half))"
_PARTS_THEN_YEAR = re.compile(
    rf"\b({_PART})\s+(vs\.?|versus|and|aur|against)\s+({_PART})\s+(of\s+)?"
    r"((?:19|20)\d{2}|(?:this|last|previous) year)\b",
    re.IGNORECASE,
)
"""Two parts of one year, the year written once at the end: "Q1 vs Q2 2026"."""


def _year_to_both(m: re.Match[str]) -> str:
    return f"{m[1]} {m[4] or ''}{m[5]} {m[2]} {m[3]} {m[4] or ''}{m[5]}"


def comparison_words(question: str) -> str:
    """Comparisons asked without "vs" written as one: "A or B - which had more ...", "did it go
    up or down from 2024 to 2025", "pichle saal aur is saal", "A v/s B" -> "A vs B"."""
    text = _LONE_V.sub(r"\1 vs ", _VS_SLASH.sub("vs", question))
    text = _PARTS_THEN_YEAR.sub(_year_to_both, text)
    asked = _WHICH_MORE.search(text)
    if asked:
        text = _WHICH_MORE.sub(" ", text)
        text = _FROM_TO.sub(r"\1 vs \2", text)
        text = _BETWEEN.sub(r"\1 vs \2", text)
        text = _EITHER.sub(" vs ", text, count=1)
    text = _PERIOD_AND.sub(_two_periods, text)
    text = _PERIOD_AGAINST.sub(r"\1 vs \2", text)
    if _BOTH.search(text):
        text = _BOTH.sub(" ", text)
        if not _ALREADY.search(text):
            text = _JOINED.sub(" vs ", text, count=1)
    return " ".join(text.split()) if text != question else question


def periods_in(text: str, today: date) -> list[Period]:
    """Every date expression in the text, left to right."""
    text, _ = resolve_festivals(_COMPARISON_WORDS.sub(" , ", text), today)
    found: list[tuple[int, Period]] = []
    while True:
        period, span = find_period(text, today)
        if period is None or span is None:
            return [p for _, p in sorted(found, key=lambda sp: sp[0])]
        found.append((span[0], period))
        text = text[: span[0]] + " , " + " " * (span[1] - span[0] - 3) + text[span[1] :]


def bucket(period: Period, today: date) -> str | None:
    """'YYYY' for a whole calendar year, 'YYYY-MM' for a whole month, 'YYYY-Qn' for a quarter,
    'YYYY-Hn' for a half year, else None."""
    start, end = period.start, period.end
    if start is None or start.day != 1:
        return None
    for months, part in ((3, "quarter"), (6, "half")):
        after_month = start.month + months
        after = date(start.year + (after_month > 12), (after_month - 1) % 12 + 1, 1)
        running = end is None and start <= today < after
        if (start.month - 1) % months == 0 and (end == after or running):
            return part_label(start.isoformat(), part)
    this_year = end is None and start.year == today.year
    if start.month == 1 and (end == date(start.year + 1, 1, 1) or this_year):
        return str(start.year)
    next_month = start + timedelta(days=calendar.monthrange(start.year, start.month)[1])
    this_month = end is None and (start.year, start.month) == (today.year, today.month)
    if end == next_month or this_month:
        return f"{start.year}-{start.month:02d}"
    return None


def compare_draft(
    text: str,
    e: Entities,
    request: ZcqlRequest,
    precincts: list[str],
    place: str,
    monthly: bool = False,
) -> ZcqlDraft:
    """One statement comparing periods, stations or districts, or a question back.

    `monthly` ("month-wise ... 2023 vs 2022") gives the month-by-month trend over both periods.
    """
    periods = periods_in(text, request.today)
    if len(periods) >= 2:
        draft = _periods(e, request.today, precincts, place, periods)
        if monthly and draft.statement is not None:
            explanation = draft.explanation.replace(
                "(counted by registration date)", "month by month"
            )
            return replace(draft, intent="trend", buckets=(), explanation=explanation)
        return draft
    if len(e.stations) >= 2:
        return _grouped(e, precincts, "precinct_id", [s.precinct_id for s in e.stations], place)
    if len(e.districts) >= 2:
        return _grouped(e, precincts, "district", list(e.districts), place)
    if len(e.statuses) >= 2:
        return _grouped(e, precincts, "status", list(e.statuses), place)
    if len(e.modes) >= 2:
        return _grouped(e, precincts, "complaint_mode", list(e.modes), place)
    if (crimes := _crime_values(e)) is not None:
        return _grouped(e, precincts, crimes[0], crimes[1], place)
    return clarify(
        "What should I compare? Name two years, two months, two stations or two statuses, "
        "for example "
        "'house theft 2024 vs 2025' or 'robbery in Whitefield vs KR Puram this year'."
    )


def _crime_values(e: Entities) -> tuple[str, list[str]] | None:
    """Two or more crimes of one column ("online fraud vs identity theft", "burglary day vs
    night"): that column and its values, compared side by side; crimes of different columns
    (a group against a head) are not compared as one grouping."""
    columns = {c.column for c in e.crimes}
    values = list(dict.fromkeys(v for c in e.crimes for v in c.values))
    if len(columns) != 1 or len(values) < 2:
        return None
    return columns.pop(), values


def _periods(
    e: Entities, today: date, precincts: list[str], place: str, periods: list[Period]
) -> ZcqlDraft:
    labels = [bucket(p, today) for p in periods]
    if any(label is None for label in labels) or len({len(str(x)) for x in labels}) != 1:
        return clarify(
            "I can compare whole years or whole months (e.g. '2024 vs 2025', 'October vs "
            "November'); which periods do you mean?"
        )
    e = replace(e, period=None)
    start = min(p.start for p in periods if p.start)
    ends = [p.end for p in periods]
    end = None if None in ends else max(x for x in ends if x)
    where = [
        b.equals_any("precinct_id", precincts),
        *filters(e, ""),
        *b.date_bounds("registered_at", start, end),
    ]
    if b.cost(where) > b.MAX_CONDITIONS:
        return too_many()
    parts = describe(e, place)
    buckets = tuple(sorted({str(x) for x in labels}))
    statement = b.select(
        ("registered_at",), "firs", where, order="registered_at", limit=f"0, {b.LIST_LIMIT}"
    )
    return ZcqlDraft(
        statement,
        "compare",
        f"Comparing FIRs{''.join(parts)}: {' vs '.join(buckets)} (counted by registration date).",
        filters=(*(p.strip(" ,") for p in parts), f"periods {', '.join(buckets)}"),
        buckets=buckets,
    )


def _grouped(
    e: Entities, precincts: list[str], column: str, values: list[str], place: str
) -> ZcqlDraft:
    if column == "district":
        wanted = {s.precinct_id for d in values for s in stations_in(d)}
        precincts = [p for p in precincts if p in wanted]
    where = [b.equals_any("precinct_id", precincts), *filters(e, "")]
    if b.cost(where) > b.MAX_CONDITIONS:
        return too_many()
    parts = describe(e, place)
    statement = b.select((column, "COUNT(ROWID)"), "firs", where, group=(column,), order=column)
    return ZcqlDraft(
        statement,
        "compare",
        f"Comparing FIRs{''.join(parts)}, side by side.",
        filters=tuple(p.strip(" ,") for p in parts),
        buckets=tuple(values),
    )
