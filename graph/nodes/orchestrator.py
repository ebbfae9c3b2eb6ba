"""Normalises the request: text, slash command, page context freshness, attachments, history."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from graph.context import GraphContext
from graph.state import GraphState, SlashCommand
from graph.text import SLASH_COMMAND, normalise
from schemas.page_context import PageContext

if TYPE_CHECKING:  # LangGraph injects the runtime by parameter name; importing it costs ~1 s
    from langgraph.runtime import Runtime


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
    text = normalise(state.get("message", ""))
    page_context, note = fresh_page_context(state.get("page_context"), runtime.context)
    update: dict[str, Any] = {
        "text": text,
        "command": parse_command(text),
        "page_context": page_context,
    }
    if note is not None:
        update["notes"] = [note]
    return update
