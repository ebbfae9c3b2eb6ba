"""The offline planner: picks tools from the question and composes the answer from their results.

Deterministic and rule-based. It reads only the question and the tools' structured `data`
(never their text as instructions), so tool output cannot steer it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from graph.fallback.compute import (
    computation,
    needs_outside_figure,
    records_share,
    single_count,
)
from graph.fallback.prompts import NO_WEB_SEARCH, OFFLINE_PREFIX, UNVERIFIED
from graph.fallback.state import ToolRecord
from schemas.records import FIR_ID_PATTERN
from tools.agent.base import ToolError
from tools.agent.dates import ZONE_ALIASES, find_dates
from tools.domain.legal import legal_answer


@dataclass(frozen=True)
class PlannedCall:
    """One tool call the planner wants."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlannerInput:
    """What the planner may look at."""

    question: str
    today: date
    has_images: bool = False
    web_configured: bool = False
    knowledge_configured: bool = False


FIR_ID = re.compile(rf"\b{FIR_ID_PATTERN}\b", re.IGNORECASE)
_MASKS = (
    FIR_ID,
    re.compile(r"\b\d{4}-\d{2}-\d{2}\b"),
    re.compile(r"\b\d{1,2}[/.\-]\d{1,2}[/.\-](?:\d{4}|\d{2})\b"),
    re.compile(r"\b\d{1,2}[:.]\d{2}\b"),
    re.compile(r"\b\d{1,5}/(?:19|20)\d{2}\b"),
)
_SPAN = re.compile(
    r"(?:\b(?:round|abs|min|max|of|percent|per cent)\b|₹|[\d.()+\-*/%^×÷,\s])+", re.IGNORECASE
)
_PERCENT_OF = re.compile(r"\d\s*(?:%|percent|per cent)\s*of\s*₹?\s*\d", re.IGNORECASE)
_OPERATOR = re.compile(
    r"\d\s*[)]*\s*(?:\*\*|//|[+\-*/%^×÷])\s*[(]*\s*₹?[\d(]|\b(?:round|abs|min|max)\("
)

TIME_CONVERT = re.compile(
    r"(\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?)\s*([A-Za-z][A-Za-z_/]{0,30})\s+(?:to|in|into)\s+"
    r"([A-Za-z][A-Za-z_/]{0,30})",
    re.IGNORECASE,
)
OFFSET = re.compile(
    r"(\d{1,5})\s*(working |business )?(days?|weeks?)\s+(from|after|before|since)\b", re.I
)
IN_DAYS = re.compile(r"\bin\s+(\d{1,5})\s*(working |business )?(days?|weeks?)\b", re.IGNORECASE)
N_DAY = re.compile(r"\b(\d{1,3})[- ]day\b", re.IGNORECASE)
CUTOVER = re.compile(r"cut[- ]?over|bns (?:came into force|commencement)|new criminal laws?", re.I)
CHARGESHEET = re.compile(r"charge[- ]?sheet|final report|default bail|\b187\b", re.IGNORECASE)
VICTIM_UPDATE = re.compile(r"progress (?:update|report)? ?to (?:the )?(?:victim|informant)", re.I)
DEADLINE = re.compile(r"\b(deadline|due|limit|last date)\b", re.IGNORECASE)
BUSINESS = re.compile(r"\b(working|business) days\b", re.IGNORECASE)
DIFFERENCE = re.compile(
    r"\bhow (?:many|long)\b|\bdays? (?:between|since|until|till|left|ago)\b|\bbetween\b", re.I
)
TODAY_ONLY = re.compile(
    r"\b(what(?:'s| is) (?:the )?date today|today'?s date|what day is it)\b", re.I
)
PAGE = re.compile(
    r"\b(on (?:my|the) screen|open (?:on|in front)|i(?:'m| am) (?:looking at|viewing)|"
    r"this fir|current fir|the fir (?:i have )?open|is open|opened)\b",
    re.IGNORECASE,
)
RECORDS = re.compile(
    r"\b(firs?|cases?|status|accused|arrested|complainants?|victims?|vehicles?|registered|"
    r"investigating officer|records?|pending|charge ?sheeted|undetected)\b",
    re.IGNORECASE,
)
KNOWLEDGE = re.compile(
    r"\b(procedure|sop|how (?:do|to|should|can)|guidelines?|circular|steps?|rules? for|"
    r"what does (?:section|bns|bnss|bsa)|explain|checklist|notice under|law on)\b",
    re.IGNORECASE,
)
WEB_EXPLICIT = re.compile(r"\b(search the (?:web|internet)|web search|google|online news)\b", re.I)
WEB_IMPLICIT = re.compile(r"\b(latest|news|recent (?:notification|circular)|gazette)\b", re.I)
VISION = re.compile(r"\b(image|photo|picture|pic|this (?:shows|one)|in the attachment|see)\b", re.I)


def extract_expression(question: str) -> str | None:
    """The arithmetic expression in a question, if it has one."""
    text = question
    for mask in _MASKS:
        text = mask.sub(" # ", text)
    best: str | None = None
    for match in _SPAN.finditer(text):
        span = re.sub(r"^(?:\s|of\b|,)+|(?:\s|of\b|[,.])+$", "", match.group(0), flags=re.I)
        arithmetic = _OPERATOR.search(span) or _PERCENT_OF.search(span)
        if arithmetic and (best is None or len(span) > len(best)):
            best = span
    if best is None:
        return None
    while best.startswith("(") and best.count("(") > best.count(")"):
        best = best[1:].strip()
    while best.endswith(")") and best.count(")") > best.count("("):
        best = best[:-1].strip()
    return best or None


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
    if CHARGESHEET.search(question) or (DEADLINE.search(question) and N_DAY.search(question)):
        explicit = OFFSET.search(question) or IN_DAYS.search(question)
        if explicit and not CHARGESHEET.search(question):
            return _offset_call(explicit, positioned)
        return _deadline_call(question, found, explicit)
    if VICTIM_UPDATE.search(question) and found:
        return PlannedCall(
            "date_utility",
            {"operation": "deadline", "deadline": "victim_progress_90", "start": found[0]},
        )
    offset = OFFSET.search(question) or IN_DAYS.search(question)
    if offset:
        return _offset_call(offset, positioned)
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


def _known_zone(name: str) -> bool:
    return name.lower() in ZONE_ALIASES or "/" in name


def _deadline_call(
    question: str, found: list[str], explicit: re.Match[str] | None
) -> PlannedCall | None:
    if not found:
        return None
    n_day = N_DAY.search(question)
    days = int(explicit[1]) if explicit else int(n_day[1]) if n_day else 60
    args: dict[str, Any] = {"operation": "deadline", "start": found[0]}
    if CHARGESHEET.search(question) and days in (60, 90):
        args["deadline"] = f"chargesheet_{days}"
    else:
        args["days"] = days
    return PlannedCall("date_utility", args)


def _offset_call(offset: re.Match[str], positioned: list[tuple[int, str]]) -> PlannedCall:
    count = int(offset[1]) * (7 if offset[3].lower().startswith("week") else 1)
    direction = offset[4].lower() if offset.re is OFFSET else "from"
    if direction == "before":
        count = -count
    after = [value for pos, value in positioned if pos > offset.start()]
    start = after[0] if after else (positioned[0][1] if positioned else "today")
    args: dict[str, Any] = {"operation": "add_days", "start": start, "days": count}
    if offset[2]:
        args["business"] = True
    return PlannedCall("date_utility", args)


def first_step(query: PlannerInput) -> list[PlannedCall]:
    """The first round of tool calls for a question."""
    question = query.question
    if needs_outside_figure(question) and not query.web_configured:
        return []
    share = records_share(question)
    if share is not None:
        return [
            PlannedCall("records", {"question": share.total_question[:500]}),
            PlannedCall("records", {"question": share.part_question[:500]}),
        ]
    calls: list[PlannedCall] = []
    dated = date_call(question, query.today)
    if dated is not None:
        calls.append(dated)
    worded = computation(question)
    expression = worded.expression if worded else extract_expression(question)
    if expression is not None:
        calls.append(PlannedCall("calculator", {"expression": expression}))
    computed = bool(calls)
    if not computed and legal_answer(question) is not None:
        return [PlannedCall("legal_reference", {"question": question[:500]})]
    if PAGE.search(question):
        calls.append(PlannedCall("page_context"))
    elif (
        RECORDS.search(question)
        and not computed
        and (FIR_ID.search(question) or not KNOWLEDGE.search(question))
    ):
        calls.append(PlannedCall("records", {"question": question[:500]}))
    if KNOWLEDGE.search(question):
        calls.append(PlannedCall("knowledge_base", {"question": question[:500]}))
    if WEB_EXPLICIT.search(question) or (query.web_configured and WEB_IMPLICIT.search(question)):
        calls.append(PlannedCall("web_search", {"query": question[:300]}))
    if query.has_images and (VISION.search(question) or not calls):
        calls.append(PlannedCall("vision", {"question": question[:500]}))
    if not calls and query.knowledge_configured:
        calls.append(PlannedCall("knowledge_base", {"question": question[:500]}))
    return calls


def next_step(query: PlannerInput, done: list[ToolRecord]) -> list[PlannedCall]:
    """Tool calls still needed given what ran; empty means compose the answer now."""
    if not done:
        return first_step(query)
    names = {record.tool for record in done}
    share = records_share(query.question)
    if share is not None and "calculator" not in names:
        counts = _share_counts(done)
        if counts is not None and counts[0] > 0:
            total, part = counts
            return [PlannedCall("calculator", {"expression": f"round({part}*100/{total}, 2)"})]
    page = next((r for r in done if r.tool == "page_context" and r.output is not None), None)
    if page is not None and "records" not in names and RECORDS.search(query.question):
        fir_id = page.output.data.get("active_fir_id") if page.output else None
        if isinstance(fir_id, str) and FIR_ID.fullmatch(fir_id):
            return [PlannedCall("records", {"question": f"{query.question[:400]} ({fir_id})"})]
    return []


def _share_counts(done: list[ToolRecord]) -> tuple[int, int] | None:
    """(total, part) from the two records calls of a share question, when both counted."""
    counts = [
        single_count(r.output.records)
        for r in done
        if r.tool == "records" and r.output is not None and r.output.ok
    ]
    if len(counts) != 2 or counts[0] is None or counts[1] is None:
        return None
    return counts[0], counts[1]


def _share_answer(query: PlannerInput, done: list[ToolRecord]) -> str | None:
    share = records_share(query.question)
    counts = _share_counts(done)
    calc = next((r for r in done if r.tool == "calculator" and r.status == "ok"), None)
    if share is None or counts is None:
        return None
    total, part = counts
    texts = [r.output.text for r in done if r.tool == "records" and r.output is not None]
    lines = [f"Records: {texts[0]}", f"Records ({share.status}): {texts[1]}"]
    if calc is not None and calc.output is not None:
        value = calc.output.data.get("value")
        lines.append(
            f"{part} of {total} is {value}% ('{share.outcome}' counted as {share.status}; "
            "only records you are cleared to see are counted)."
        )
    elif total == 0:
        lines.append("No matching records, so there is no percentage to compute.")
    return "\n".join(f"- {line}" for line in lines)


def _line(query: PlannerInput, record: ToolRecord) -> str:
    output = record.output
    if output is None:
        return f"{record.tool}: {record.status}"
    if record.tool == "page_context":
        return f"On your screen: {output.text}"
    worded = computation(query.question)
    if record.tool == "calculator" and worded is not None:
        return f"{worded.sentence.format(value=output.data.get('value'))} ({output.text})"
    return output.text


def compose(query: PlannerInput, done: list[ToolRecord]) -> tuple[str, bool]:
    """The offline answer and whether it is partial."""
    if not done and needs_outside_figure(query.question) and not query.web_configured:
        return f"{OFFLINE_PREFIX} {NO_WEB_SEARCH}", True
    if not done:
        answer = (
            "I couldn't work out how to answer this offline. I can calculate dates, deadlines "
            "and arithmetic, read the page open on your screen, look up records you are cleared "
            "to see, and search the SOPs and law references."
        )
        return f"{OFFLINE_PREFIX} {answer}", True
    good = [r for r in done if r.status == "ok" and r.output is not None and r.output.ok]
    last_resort = not first_step(replace(query, knowledge_configured=False))
    partial = len(good) < len(done) or last_resort
    shared = _share_answer(query, done)
    if shared is not None:
        return f"{OFFLINE_PREFIX} {shared}", partial
    lines = [_line(query, r) for r in good] + [_failure_line(r) for r in done if r not in good]
    body = "\n".join(f"- {line}" for line in lines) if len(lines) > 1 else lines[0]
    if partial:
        return f"{OFFLINE_PREFIX} {UNVERIFIED}\n{body}", True
    return f"{OFFLINE_PREFIX} {body}", False


def _failure_line(record: ToolRecord) -> str:
    if record.output is not None and record.output.text:
        return f"{record.tool}: {record.output.text}"
    return f"{record.tool}: not completed ({record.status})"
