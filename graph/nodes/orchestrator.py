"""Normalises the request: text (a dictated question in written form), slash command, page
context freshness, attachments, history."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from graph.context import GraphContext
from graph.spoken import Reading, written_form
from graph.state import GraphState, SlashCommand
from graph.text import SLASH_COMMAND, normalise
from schemas.page_context import PageContext

if TYPE_CHECKING:  # LangGraph injects the runtime by parameter name; importing it costs ~1 s
    from langgraph.runtime import Runtime


def read_message(message: str) -> Reading:
    """The message every route reads: normalised, and in written form when it was dictated
    ("how many f i r s in twenty twenty six" -> "how many FIRs in 2026")."""
    return written_form(normalise(message))


def read_as_note(reading: Reading) -> dict[str, Any] | None:
    """An audit note naming the kinds of rewrite, whose `warning` shows the officer the
    question as it was read (none for a question already in written form)."""
    if not reading.changes:
        return None
    warning = f"Read as: \u201c{reading.text}\u201d."
    return {"kind": "spoken_form", "rewrites": list(reading.changes), "warning": warning}


def parse_command(text: str) -> SlashCommand | None:
    """`/fir FIR-2026-04829` -> SlashCommand(name='fir', argument='FIR-2026-04829')."""
    match = SLASH_COMMAND.match(text)
    if match is None:
        return None
    return SlashCommand(name=match.group(1).lower(), argument=match.group(2).strip())


def fresh_page_context(
    page_context: PageContext | None, context: GraphContext
) -> tuple[PageContext | None, dict[str, Any] | None]:
    """The page context if within its time-to-live, else None and an audit note saying why
    (its `warning` reaches the officer through the aggregator)."""
    if page_context is None:
        return None, None
    age_s = (context.clock() - page_context.captured_at).total_seconds()
    if age_s > context.page_context_ttl_s:
        reason = f"older than its time-to-live ({age_s:.1f} s > {context.page_context_ttl_s} s)"
    elif age_s < -context.page_context_skew_s:
        reason = (
            f"captured {-age_s:.1f} s in the future (allowed skew {context.page_context_skew_s} s)"
        )
    else:
        return page_context, None
    warning = f"The screen context sent with this question was not used: it was {reason}."
    return None, {"kind": "page_context_discarded", "reason": reason, "warning": warning}


async def orchestrator(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Build the normalised request state every later node reads."""
    reading = read_message(state.get("message", ""))
    page_context, note = fresh_page_context(state.get("page_context"), runtime.context)
    update: dict[str, Any] = {
        "text": reading.text,
        "command": parse_command(reading.text),
        "page_context": page_context,
    }
    notes = [n for n in (read_as_note(reading), note) if n is not None]
    if notes:
        update["notes"] = notes
    return update
