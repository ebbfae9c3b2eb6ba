"""Date arithmetic for officers, and the date_utility tool.

Parses Indian date formats (dd/mm/yyyy, "3rd March 2026", "03-03-26", "2 Nov", ISO) and
festivals ("Diwali 2026", "Ugadi", read from India's and Karnataka's public holiday calendar by
the records parser's `festival_mentions`),
computes differences, offsets, business days (Monday-Friday; no holiday calendar),
statutory deadlines, time-zone conversions (zoneinfo; IST by default) and the BNS cut-over.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, Field

from tools.agent.base import AgentTool, ToolContext, ToolError, ToolOutput
from tools.agent.deadlines import DEADLINES, Deadline, add_months, due_date
from tools.domain.legal import BnsSection, bail_days, bail_period, base_punishment, offence_name
from tools.text2zcql.dates import FestivalMention, festival_date, festival_mentions

BNS_CUTOVER = date(2024, 7, 1)
COUNTED_FROM_NEXT = "counted from the next day: the start date itself is not counted"
MAX_SPAN_DAYS = 365 * 200

MONTHS = {
    name: index
    for index, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
DAY_MONTH = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH})\.?,?(?:\s+(\d{{4}}))?\b", re.I
)
MONTH_DAY = re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?(?:\s+(\d{{4}}))?\b", re.I)
ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
NUMERIC = re.compile(r"\b(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4}|\d{2})\b")
RELATIVE = re.compile(r"\b(today|tomorrow|yesterday)\b", re.I)
AHEAD = re.compile(
    r"\b(?:until|till|left|next|upcoming|coming|away|to go|remain\w*"
    r"|baaki|baki|bacha|bache|aane (?:me|mein|wala)|innu|uliditu|uliyuttade|baruva)\b"
)
"""A day ahead of today is asked ("days left to Christmas", "Diwali ke liye kitne din baaki",
"Christmas ge innu eshtu dina")."""
"""A festival named without a year after these words is its next occurrence, not its last."""
YEAR_SAID = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)|\b(?:this|last|previous) year\b")

ZONE_ALIASES = {
    "ist": "Asia/Kolkata",
    "utc": "UTC",
    "gmt": "UTC",
    "z": "UTC",
    "bst": "Europe/London",
    "est": "America/New_York",
    "edt": "America/New_York",
    "pst": "America/Los_Angeles",
    "pdt": "America/Los_Angeles",
    "gst": "Asia/Dubai",
    "sgt": "Asia/Singapore",
    "jst": "Asia/Tokyo",
}


def _year_for(day: int, month: int, today: date) -> int:
    """A date given without a year: this year, or last year if that would be in the future."""
    candidate = date(today.year, month, day)
    return today.year if candidate <= today else today.year - 1


def _make(year: int, month: int, day: int) -> date:
    try:
        return date(year, month, day)
    except ValueError as error:
        raise ToolError(f"{day:02d}/{month:02d}/{year} is not a real date") from error


@dataclass(frozen=True)
class DateMention:
    """A date in a text: where it starts, the day, and the festival it was named by, if any."""

    start: int
    day: date
    festival: str | None = None

    @property
    def written(self) -> str:
        """How to pass it on: ISO, or the festival with its year ("diwali 2026")."""
        return f"{self.festival} {self.day.year}" if self.festival else self.day.isoformat()


def date_mentions(text: str, today: date) -> list[DateMention]:
    """Every date mentioned in the text, in order of appearance."""
    found: list[DateMention] = []
    taken: list[range] = []

    def add(start: int, end: int, value: date, festival: str | None = None) -> None:
        if any(start in span or end - 1 in span for span in taken):
            return
        taken.append(range(start, end))
        found.append(DateMention(start, value, festival))

    for m in ISO.finditer(text):
        add(m.start(), m.end(), _make(int(m[1]), int(m[2]), int(m[3])))
    for m in NUMERIC.finditer(text):
        year = int(m[3]) + (2000 if len(m[3]) == 2 else 0)
        add(m.start(), m.end(), _make(year, int(m[2]), int(m[1])))
    for m in DAY_MONTH.finditer(text):
        day, month = int(m[1]), MONTHS[m[2].lower()]
        year = int(m[3]) if m[3] else _year_for(day, month, today)
        add(m.start(), m.end(), _make(year, month, day))
    for m in MONTH_DAY.finditer(text):
        day, month = int(m[2]), MONTHS[m[1].lower()]
        year = int(m[3]) if m[3] else _year_for(day, month, today)
        add(m.start(), m.end(), _make(year, month, day))
    for m in RELATIVE.finditer(text):
        offset_days = {"today": 0, "tomorrow": 1, "yesterday": -1}[m[1].lower()]
        add(m.start(), m.end(), today + timedelta(days=offset_days))
    for festival in _festivals(text, today):
        if festival.day is not None:
            add(festival.start, festival.end, festival.day, festival.name)
    return sorted(found, key=lambda mention: mention.start)


def _festivals(text: str, today: date) -> list[FestivalMention]:
    """Festivals named in the text; a name that fits several, or a year the holiday calendar
    has no such day in, is an error that says so."""
    lowered = text.lower()
    if len(lowered) != len(text):
        return []
    mentions = festival_mentions(lowered, today)
    if AHEAD.search(lowered) and not YEAR_SAID.search(lowered):
        mentions = [_next_occurrence(m, today) for m in mentions]
    for mention in mentions:
        if mention.options:
            raise ToolError(
                f"'{mention.name}' could mean {' or '.join(mention.options)}: say which"
            )
        if mention.day is None:
            raise ToolError(
                f"the holiday calendar has no date for {text[mention.start : mention.end]!r}"
            )
    return mentions


def _next_occurrence(mention: FestivalMention, today: date) -> FestivalMention:
    """The festival's next occurrence from today (for "days until Christmas")."""
    if mention.day is None or mention.day >= today:
        return mention
    upcoming = festival_date(mention.name, today, today.year)
    if upcoming is None or upcoming < today:
        upcoming = festival_date(mention.name, today, today.year + 1)
    return replace(mention, day=upcoming)


def find_dates(text: str, today: date) -> list[tuple[int, date]]:
    """Every date mentioned in the text with its position, in order of appearance."""
    return [(mention.start, mention.day) for mention in date_mentions(text, today)]


def festival_notes(text: str, today: date) -> list[str]:
    """How each festival in the text was read: 'Diwali 2026 is Sunday, 8 November 2026'."""
    return [
        f"{mention.festival.title()} {mention.day.year} is {long_date(mention.day)} (India and "
        "Karnataka public holiday calendar)"
        for mention in date_mentions(text, today)
        if mention.festival
    ]


def parse_date(text: str, today: date) -> date:
    """Exactly one date in `text`, in any supported format."""
    found = find_dates(text, today)
    if not found:
        raise ToolError(f"could not read a date from {text[:40]!r}")
    return found[0][1]


def zone(name: str) -> ZoneInfo:
    """A time zone from an IANA name or a common abbreviation (IST, UTC, ...)."""
    key = ZONE_ALIASES.get(name.strip().lower(), name.strip())
    try:
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ToolError(f"unknown time zone {name[:30]!r}") from error


def parse_time(text: str) -> time:
    """'10:30', '10.30 pm', '7 am' -> a time of day."""
    m = re.fullmatch(r"\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\s*", text, re.I)
    if not m:
        raise ToolError(f"could not read a time from {text[:20]!r}")
    hour, minute = int(m[1]), int(m[2] or 0)
    if m[3]:
        if not 1 <= hour <= 12:
            raise ToolError("a 12-hour time needs an hour from 1 to 12")
        hour = hour % 12 + (12 if m[3].lower() == "pm" else 0)
    if hour > 23 or minute > 59:
        raise ToolError(f"{text.strip()} is not a valid time")
    return time(hour, minute)


def business_days_between(start: date, end: date) -> int:
    """Monday-Friday days after `start` up to and including `end` (negative if end < start)."""
    sign = 1 if end >= start else -1
    low, high = min(start, end), max(start, end)
    span = (high - low).days
    full_weeks, extra = divmod(span, 7)
    count = full_weeks * 5
    for offset in range(1, extra + 1):
        if (low + timedelta(days=full_weeks * 7 + offset)).weekday() < 5:
            count += 1
    return sign * count


def add_business_days(start: date, days: int) -> date:
    """The date `days` working days (Monday-Friday) after `start`."""
    step = 1 if days >= 0 else -1
    current, remaining = start, abs(days)
    while remaining:
        current = shift(current, step)
        if current.weekday() < 5:
            remaining -= 1
    return current


def shift(start: date, days: int) -> date:
    """`start` moved by `days`, with a clear error outside the calendar's range."""
    try:
        return start + timedelta(days=days)
    except OverflowError as error:
        raise ToolError("that date is outside the supported calendar range") from error


def long_date(value: date) -> str:
    """'Sunday, 1 March 2026'."""
    return f"{value.strftime('%A')}, {value.day} {value.strftime('%B %Y')}"


Operation = Literal[
    "today",
    "difference",
    "add_days",
    "add_months",
    "weekday",
    "business_days",
    "deadline",
    "convert_time",
    "cutover",
]


class DateArgs(BaseModel):
    """Arguments of the date_utility tool; dates in any Indian format or 'today'."""

    operation: Operation
    start: str | None = Field(default=None, max_length=40, description="first date")
    end: str | None = Field(default=None, max_length=40, description="second date")
    days: int | None = Field(default=None, ge=-MAX_SPAN_DAYS, le=MAX_SPAN_DAYS)
    weeks: int | None = Field(
        default=None, ge=-MAX_SPAN_DAYS // 7, le=MAX_SPAN_DAYS // 7, description="add_days"
    )
    months: int | None = Field(default=None, ge=-2400, le=2400, description="add_months")
    business: bool = Field(default=False, description="count Monday-Friday only (add_days)")
    deadline: str | None = Field(default=None, description=f"one of {sorted(DEADLINES)}")
    time: str | None = Field(
        default=None, max_length=20, description="e.g. 10:30 (convert_time; hour deadlines)"
    )
    from_zone: str = Field(default="IST", max_length=40)
    to_zone: str = Field(default="UTC", max_length=40)
    offence: str | None = Field(
        default=None,
        max_length=300,
        description="the offence or BNS/IPC section (deadline): the default-bail period, 60 or "
        "90 days, is read from its punishment in the legal table",
    )


def _required(value: str | None, what: str) -> str:
    if not value:
        raise ToolError(f"this operation needs {what}")
    return value


def _difference(args: DateArgs, today: date) -> tuple[str, dict[str, object]]:
    start = parse_date(_required(args.start, "a start date"), today)
    end = parse_date(args.end or "today", today)
    days = (end - start).days
    text = f"{abs(days)} days from {long_date(min(start, end))} to {long_date(max(start, end))}"
    if abs(days) >= 14:
        text += f" ({_in_weeks(abs(days))})"
    if start > end:
        text += " (the first date is later)"
    return text, {"days": days, "start": start.isoformat(), "end": end.isoformat()}


def _in_weeks(days: int) -> str:
    """'12 weeks and 5 days'."""
    weeks, extra = divmod(days, 7)
    rest = f" and {extra} day{'s' if extra != 1 else ''}" if extra else ""
    return f"{weeks} weeks{rest}"


def _add_days(args: DateArgs, today: date) -> tuple[str, dict[str, object]]:
    start = parse_date(args.start or "today", today)
    days = args.days if args.days is not None else None if args.weeks is None else args.weeks * 7
    if days is None:
        raise ToolError("add_days needs a number of days or weeks")
    if args.business:
        result = add_business_days(start, days)
        kind = "working days (Mon-Fri; public holidays not counted)"
    else:
        result = shift(start, days)
        kind = "days"
    amount = f"{abs(days)} {kind}"
    if args.weeks is not None and args.days is None:
        amount = f"{abs(args.weeks)} week{'s' if abs(args.weeks) != 1 else ''} ({abs(days)} days)"
    direction = "after" if days >= 0 else "before"
    text = f"{amount} {direction} {long_date(start)} is {long_date(result)} ({COUNTED_FROM_NEXT})"
    return text, {"date": result.isoformat(), "days": days}


def _business(args: DateArgs, today: date) -> tuple[str, dict[str, object]]:
    start = parse_date(_required(args.start, "a start date"), today)
    end = parse_date(args.end or "today", today)
    count = business_days_between(start, end)
    text = (
        f"{abs(count)} working days (Mon-Fri, public holidays not counted) between "
        f"{long_date(start)} and {long_date(end)}"
    )
    return text, {"business_days": count}


def _bail_basis(rows: tuple[BnsSection, ...], days: int) -> str:
    """Which offence the default-bail period was read from, and why it is that period."""
    read = "; ".join(
        f"BNS {row.bns} ({offence_name(row)}) is punishable with {base_punishment(row)}"
        for row in rows
    )
    grave = "death, life or at least ten years" if days == 90 else "at most ten years"
    said = f"{read}: an offence punishable with {grave}, so the {days}-day period applies"
    if any(bail_days(row.punishment) != days for row in rows):
        said += " (where the longer term the section gives in named cases applies, 90 days)"
    return f"{said}. "


def _deadline(args: DateArgs, today: date) -> tuple[str, dict[str, object]]:
    start = parse_date(_required(args.start, "the starting date"), today)
    rule = DEADLINES.get(args.deadline or "")
    basis = ""
    bail = bail_period(args.offence) if args.offence and args.days is None else None
    if bail is not None and (rule is None or args.deadline in BAIL_DEADLINES):
        rule, basis = DEADLINES[f"chargesheet_{bail[0]}"], _bail_basis(bail[1], bail[0])
    if rule is None and args.days is None and args.deadline:
        raise ToolError(not_in_table(args.deadline))
    if rule is None and args.days is None:
        raise ToolError(f"name a deadline ({', '.join(sorted(DEADLINES))}) or give days")
    if rule is None:
        rule = Deadline(
            label=f"{args.days}-day limit", amount=int(args.days or 0), source="", provision=""
        )
    if rule.unit == "hours":
        return _hour_deadline(rule, start, args.time)
    try:
        due = due_date(rule, start)
    except OverflowError as error:
        raise ToolError("that date is outside the supported calendar range") from error
    remaining = (due - today).days
    status = _from_today(remaining)
    if rule.unit == "months":
        text = (
            f"{rule.label}: {rule.period} from {long_date(start)}, counted in {rule.rule}, "
            f"ends on {long_date(due)} ({status})."
        )
    elif rule.first_day_counts:
        text = (
            f"{rule.label}: counted from {long_date(start)} with that day as day 1 (the day of "
            "the first remand counts, Enforcement Directorate v Kapil Wadhawan, Supreme Court "
            f"2023), day {rule.days} is {long_date(due)} ({status}); default bail accrues if "
            "no final report is filed by then."
        )
    else:
        text = (
            f"{rule.label}: counted from {long_date(start)} (the day itself excluded, "
            f"General Clauses Act s.9), day {rule.days} is {long_date(due)} ({status})."
        )
    if rule.source:
        text += f" Source: {rule.source}; verify against the Gazette."
    data = {"date": due.isoformat(), "days": (due - start).days, "remaining": remaining}
    return basis + text, data


BAIL_DEADLINES = ("chargesheet_60", "chargesheet_90")
"""The two BNSS 187(3) periods; which applies follows from the offence's punishment."""


def not_in_table(asked: str) -> str:
    """The plain statement that the statutory table has no limit for what was asked."""
    listed = "; ".join(
        sorted({rule.source.split(" (")[0].split(":")[0] for rule in DEADLINES.values()})
    )
    return (
        f"The statutory deadlines table has no time limit for '{asked.strip()[:80]}', so I have "
        f"not computed a date (it holds: {listed}). Check the provision that governs it."
    )


def _from_today(remaining: int) -> str:
    """'today', '1 day from today', 'passed 3 days ago'."""
    if remaining == 0:
        return "today"
    days = f"{abs(remaining)} day{'s' if abs(remaining) != 1 else ''}"
    return f"{days} from today" if remaining > 0 else f"passed {days} ago"


def _hour_deadline(rule: Deadline, start: date, clock: str | None) -> tuple[str, dict[str, object]]:
    if clock is None:
        text = (
            f"{rule.label}: within {rule.period} of the event on {long_date(start)}, that is "
            f"by the same time on {long_date(shift(start, 1))}; give the time for the exact "
            f"moment. Counted as {rule.rule}. Source: {rule.source}; verify against the Gazette."
        )
        return text, {"date": shift(start, 1).isoformat()}
    moment = datetime.combine(start, parse_time(clock)) + timedelta(hours=rule.amount)
    text = (
        f"{rule.label}: {rule.period} from {parse_time(clock).strftime('%H:%M')} on "
        f"{long_date(start)} ends at {moment.strftime('%H:%M')} "
        f"({moment.strftime('%I:%M %p').lstrip('0')}) on {long_date(moment.date())}, "
        f"counted as {rule.rule}. Source: {rule.source}; verify against the Gazette."
    )
    return text, {"date": moment.date().isoformat(), "time": moment.strftime("%H:%M")}


def _add_months(args: DateArgs, today: date) -> tuple[str, dict[str, object]]:
    start = parse_date(args.start or "today", today)
    if args.months is None:
        raise ToolError("add_months needs a number of months")
    try:
        result = add_months(start, args.months)
    except OverflowError as error:
        raise ToolError("that date is outside the supported calendar range") from error
    direction = "after" if args.months >= 0 else "before"
    text = (
        f"{abs(args.months)} calendar months {direction} {long_date(start)} is {long_date(result)}"
    )
    if result.day != start.day:
        text += f" ({long_date(result).split(', ')[1]} is the last day of that month)"
    text += " (calendar months: the same date that many months on, or the month's last day)"
    return text, {"date": result.isoformat()}


def _weekday(args: DateArgs, today: date) -> tuple[str, dict[str, object]]:
    day = parse_date(args.start or "today", today)
    name = day.strftime("%A")
    return f"{day.day} {day.strftime('%B %Y')} is a {name}", {"weekday": name}


def _convert(args: DateArgs, today: date) -> tuple[str, dict[str, object]]:
    clock = parse_time(_required(args.time, "a time"))
    on = parse_date(args.start, today) if args.start else today
    source, target = zone(args.from_zone), zone(args.to_zone)
    moment = datetime.combine(on, clock, tzinfo=source).astimezone(target)
    shift = "" if moment.date() == on else f" on {long_date(moment.date())}"
    text = (
        f"{clock.strftime('%H:%M')} {args.from_zone.upper()} is "
        f"{moment.strftime('%H:%M')} {args.to_zone.upper()}{shift}"
    )
    return text, {"time": moment.strftime("%H:%M"), "date": moment.date().isoformat()}


def _cutover(args: DateArgs, today: date) -> tuple[str, dict[str, object]]:
    cut = long_date(BNS_CUTOVER)
    if not args.start:
        text = (
            f"The BNS, BNSS and BSA came into force on {cut}, replacing the IPC, CrPC and "
            "Evidence Act (offences committed before then stay under the IPC)."
        )
        return text, {"date": BNS_CUTOVER.isoformat()}
    day = parse_date(args.start, today)
    if day < BNS_CUTOVER:
        text = (
            f"{long_date(day)} is before the BNS cut-over ({cut}): offences then fall under "
            "the IPC (procedure: CrPC for investigations pending at the cut-over)."
        )
        relation = "before"
    elif day == BNS_CUTOVER:
        text = f"{long_date(day)} is the BNS cut-over day itself: BNS / BNSS / BSA apply."
        relation = "on"
    else:
        text = f"{long_date(day)} is after the BNS cut-over ({cut}): BNS / BNSS / BSA apply."
        relation = "after"
    return text, {"relation": relation}


def _today(args: DateArgs, today: date) -> tuple[str, dict[str, object]]:
    return f"Today is {long_date(today)}", {"date": today.isoformat()}


_OPERATIONS = {
    "today": _today,
    "difference": _difference,
    "add_days": _add_days,
    "add_months": _add_months,
    "weekday": _weekday,
    "business_days": _business,
    "deadline": _deadline,
    "convert_time": _convert,
    "cutover": _cutover,
}


async def run_dates(args: DateArgs, ctx: ToolContext) -> ToolOutput:
    """Run one date operation with 'today' taken from the service clock in the local zone."""
    today = ctx.now.astimezone(zone(ctx.timezone)).date()
    text, data = _OPERATIONS[args.operation](args, today)
    notes = [n for value in (args.start, args.end) if value for n in festival_notes(value, today)]
    if notes:
        text = f"{'; '.join(dict.fromkeys(notes))}. {text}"
    return ToolOutput(text=text, data={"operation": args.operation, **data})


DATE_UTILITY = AgentTool(
    name="date_utility",
    description=(
        "Dates and times: difference between dates, N days after/before a date (optionally "
        "working days), N calendar months after/before a date, the day of the week, working "
        "days between dates, statutory deadlines counted as the law counts them "
        f"({', '.join(sorted(DEADLINES))}), time-zone conversion (IST default), and whether "
        "a date falls before or after the 1 July 2024 BNS cut-over. Accepts dd/mm/yyyy, "
        "'3rd March 2026', '03-03-26', ISO, 'today' and festivals ('Diwali 2026')."
    ),
    args_schema=DateArgs,
    run=run_dates,
    timeout_s=1.0,
)
