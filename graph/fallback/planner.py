"""The offline planner: picks tools from the question and composes the answer from their results.

Deterministic and rule-based. It reads only the question and the tools' structured `data`
(never their text as instructions), so tool output cannot steer it. Arithmetic over stated
numbers is read in `compute`, arithmetic over records counts in `records_math`, date and
deadline calls in `date_plan`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from graph.fallback.calls import PlannedCall, PlannerInput
from graph.fallback.compute import computation, needs_outside_figure
from graph.fallback.date_plan import date_call
from graph.fallback.expression import extract_expression
from graph.fallback.outside_part import outside_comparison
from graph.fallback.prompts import NO_WEB_SEARCH, OFFLINE_PREFIX, UNVERIFIED
from graph.fallback.records_answer import combine_call, records_answer
from graph.fallback.records_math import RecordsMath, records_math
from graph.fallback.state import ToolRecord
from graph.fallback.web_need import (
    WEB_EXPLICIT,
    WEB_IMPLICIT,
    WEB_ONLY,
    live_figure_clause,
    web_part,
)
from schemas.records import FIR_ID_PATTERN
from tools.agent.web_search import NOT_CONFIGURED
from tools.legal_lookup import table_answer

__all__ = ["PlannedCall", "PlannerInput", "compose", "first_step", "next_step"]

FIR_ID = re.compile(rf"\b{FIR_ID_PATTERN}\b", re.IGNORECASE)
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
VISION = re.compile(r"\b(image|photo|picture|pic|this (?:shows|one)|in the attachment|see)\b", re.I)


def _math(query: PlannerInput) -> RecordsMath | None:
    """Arithmetic over records counts, unless the question states its own numbers or asks
    for a day-to-day figure ("aaj petrol ka rate"), which no records count gives. Without web
    search, a comparison with an outside figure still counts the records it names."""
    if computation(query.question) is not None or _asks_live_figure(query.question):
        return None
    math = records_math(query.question, query.today)
    if math is None and not query.web_configured:
        return outside_comparison(query.question)
    return math


def _asks_live_figure(question: str) -> bool:
    """A day-to-day figure asked in a clause that names no records."""
    live = live_figure_clause(question)
    return live is not None and not RECORDS.search(live)


def first_step(query: PlannerInput) -> list[PlannedCall]:
    """The first round of tool calls for a question."""
    question = query.question
    math = _math(query)
    if needs_outside_figure(question) and not query.web_configured:
        return (
            [PlannedCall("records", {"question": q[:500]}) for q in math.questions] if math else []
        )
    if math is not None:
        return [PlannedCall("records", {"question": q[:500]}) for q in math.questions]
    calls: list[PlannedCall] = []
    dated = date_call(question, query.today)
    if dated is not None:
        calls.append(dated)
    worded = computation(question)
    expression = worded.expression if worded else extract_expression(question)
    if expression is not None:
        calls.append(PlannedCall("calculator", {"expression": expression}))
    computed = bool(calls)
    if not computed and table_answer(question) is not None:
        return [PlannedCall("legal_reference", {"question": question[:500]})]
    if not computed and WEB_EXPLICIT.search(question) and not FIR_ID.search(question):
        return [PlannedCall("web_search", {"query": question[:300]})]
    if not computed and _asks_live_figure(question):
        return [PlannedCall("web_search", {"query": question[:300]})]
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
    web_only = not query.web_configured and WEB_ONLY.search(question) is not None
    if not calls and query.knowledge_configured and not web_only:
        calls.append(PlannedCall("knowledge_base", {"question": question[:500]}))
    if _web_unconfigured_but_wanted(query, calls):
        calls.append(PlannedCall("web_search", {"query": question[:300]}))
    return calls


def _web_unconfigured_but_wanted(query: PlannerInput, calls: list[PlannedCall]) -> bool:
    """News or a recent circular asked for without web search: the tool then says plainly
    that web search is not configured. Beside a records or screen answer this is said only
    for what the web alone has (news, the Gazette, today's rate), not for "latest"."""
    if query.web_configured or not WEB_IMPLICIT.search(query.question):
        return False
    if any(c.name == "web_search" for c in calls):
        return False
    answered = any(c.name in ("records", "page_context") for c in calls)
    return not answered or WEB_ONLY.search(query.question) is not None


def next_step(query: PlannerInput, done: list[ToolRecord]) -> list[PlannedCall]:
    """Tool calls still needed given what ran; empty means compose the answer now."""
    if not done:
        return first_step(query)
    names = {record.tool for record in done}
    math = _math(query)
    if math is not None and not names & {"calculator", "date_utility"}:
        combine = combine_call(math, done, query.today.isoformat())
        return [combine] if combine is not None else []
    page = next((r for r in done if r.tool == "page_context" and r.output is not None), None)
    if page is not None and "records" not in names and RECORDS.search(query.question):
        fir_id = page.output.data.get("active_fir_id") if page.output else None
        if isinstance(fir_id, str) and FIR_ID.fullmatch(fir_id):
            return [PlannedCall("records", {"question": f"{query.question[:400]} ({fir_id})"})]
    return []


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


def _relevant(good: list[ToolRecord]) -> list[ToolRecord]:
    """The good results without a knowledge-base step that found nothing relevant (below
    the calibrated relevance threshold), when another tool did answer."""
    kept = [r for r in good if not (r.output is not None and r.output.data.get("abstained"))]
    return kept or good


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
    ok = [r for r in done if r.status == "ok" and r.output is not None and r.output.ok]
    good = _relevant(ok)
    last_resort = not first_step(replace(query, knowledge_configured=False))
    partial = len(ok) < len(done) or last_resort
    math = _math(query)
    if math is not None and any(r.tool == "records" for r in done):
        outside = needs_outside_figure(query.question) and not query.web_configured
        incomplete = partial or outside or math.operation == "count"
        return f"{OFFLINE_PREFIX} {records_answer(math, done, outside)}", incomplete
    lines = [_line(query, r) for r in good] + [_failure_line(query, r) for r in done if r not in ok]
    body = "\n".join(f"- {line}" for line in lines) if len(lines) > 1 else lines[0]
    if partial:
        return f"{OFFLINE_PREFIX} {UNVERIFIED}\n{body}", True
    return f"{OFFLINE_PREFIX} {body}", False


def _failure_line(query: PlannerInput, record: ToolRecord) -> str:
    needed = web_part(query.question) or WEB_EXPLICIT.sub("", query.question)
    if record.tool == "web_search" and not query.web_configured and needed.strip(" ,;?.!"):
        return (
            f"web_search: {NOT_CONFIGURED} Needed from the web: '{needed.strip(' ,;?.!')}'; "
            "I give no answer for that part."
        )
    if record.output is not None and record.output.text:
        return f"{record.tool}: {record.output.text}"
    return f"{record.tool}: not completed ({record.status})"
