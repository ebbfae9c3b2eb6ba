"""Turns a finished (or stopped) run into the fallback's PipelineResult and summary note."""

from __future__ import annotations

from dataclasses import dataclass

from graph.fallback.budget import STOP_WARNINGS
from graph.fallback.prompts import OFFLINE_PREFIX, UNVERIFIED
from graph.fallback.state import ToolRecord
from schemas.result import Citation, PipelineResult

MAX_FINDING_CHARS = 400
FAILED_STATUSES = {
    "timeout",
    "error",
    "unknown_tool",
    "invalid_args",
    "repeated",
    "deadline",
    "skipped",
}
STATUS_WARNINGS = {
    "timeout": "The {tool} tool timed out.",
    "error": "The {tool} tool failed.",
    "unknown_tool": "The model asked for a tool that does not exist ({tool}).",
    "invalid_args": "The model sent invalid arguments to the {tool} tool.",
    "deadline": "The {tool} tool was not run because time ran out.",
    "skipped": "Some tool calls were skipped: too many in one round.",
}


@dataclass(frozen=True)
class Limits:
    """The budget a run had, for the officer-facing warnings."""

    max_cycles: int
    deadline_s: float


def findings_text(records: list[ToolRecord]) -> str:
    """Successful observations as a short bulleted list (or a plain statement of none)."""
    lines = [
        f"- {r.tool}: {r.output.text[:MAX_FINDING_CHARS]}"
        for r in records
        if r.status == "ok" and r.output is not None and r.output.ok
    ]
    return "\n".join(lines) if lines else "- nothing I could confirm with the tools in time."


def partial_answer(records: list[ToolRecord], offline: bool, draft: str = "") -> str:
    """The honest partial answer: never a confident guess."""
    parts = [UNVERIFIED]
    if draft.strip():
        parts.append(draft.strip())
    parts.append(findings_text(records))
    answer = "\n".join(parts)
    return f"{OFFLINE_PREFIX} {answer}" if offline else answer


def warnings_for(records: list[ToolRecord], stop: str | None, limits: Limits) -> list[str]:
    """One warning per kind of failure, plus one for the reason the loop stopped."""
    out: list[str] = []
    for record in records:
        template = STATUS_WARNINGS.get(record.status)
        if template:
            out.append(template.format(tool=record.tool[:40]))
        elif record.output is not None and record.output.unavailable:
            out.append(record.output.text)
    if stop is not None:
        out.append(
            STOP_WARNINGS[stop].format(max_cycles=limits.max_cycles, deadline_s=limits.deadline_s)
        )
    return list(dict.fromkeys(out))


def run_incomplete(records: list[ToolRecord]) -> bool:
    """True when any tool call failed, timed out, was refused or is unavailable."""
    return any(
        r.status in FAILED_STATUSES or (r.output is not None and r.output.unavailable)
        for r in records
    )


def build_result(
    answer: str,
    records: list[ToolRecord],
    *,
    partial: bool,
    offline: bool,
    stop: str | None,
    limits: Limits,
) -> PipelineResult:
    """The fallback's PipelineResult: citations, records and withheld values of every call."""
    citations: list[Citation] = []
    rows: list[dict[str, object]] = []
    withheld: list[str] = []
    for record in records:
        if record.output is None:
            continue
        citations.extend(record.output.citations)
        rows.extend(record.output.records)
        withheld.extend(record.output.withheld_values)
    unique = {(c.kind, c.id): c for c in citations}
    return PipelineResult(
        pipeline="fallback",
        answer=answer,
        citations=list(unique.values()),
        records=rows,
        warnings=warnings_for(records, stop, limits),
        partial=partial,
        withheld_values=list(dict.fromkeys(withheld)),
        offline=offline,
    )
