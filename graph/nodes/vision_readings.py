"""What the vision pre-parser read, as the officer sees it, and whether to look it up."""

from __future__ import annotations

import re
from typing import Any

from graph.state import GraphState
from schemas.result import Citation, PipelineResult

RECORDS_ASK = re.compile(
    r"\b(?:stolen|recover\w*|records?|firs?|cases?|check|wanted|involved|look\s*up|lookup"
    r"|registered|seized|owner|history|any\b.*\bfir)\b",
    re.IGNORECASE,
)
PLATE_QUESTION = "FIRs involving vehicle {plate}"


def wants_lookup(state: GraphState) -> bool:
    """`/plate`, or a question about the records of what the photo shows."""
    command = state.get("command")
    if command is not None and command.name == "plate":
        return True
    return bool(RECORDS_ASK.search(state.get("text", "")))


def plates_read(state: GraphState) -> list[tuple[str, float]]:
    """Every plate the pre-parser read, with its confidence, once each."""
    seen: dict[str, float] = {}
    for finding in state.get("vision_findings") or []:
        for item in finding.extractions:
            if item.kind == "plate":
                seen[item.value] = max(item.confidence, seen.get(item.value, 0.0))
    return list(seen.items())


def vision_answer(
    findings: list[Any], refs: list[Any], *, offer_lookup: bool = True
) -> PipelineResult:
    """What each image showed, which checks passed, and (unless it was done) the record
    lookup to ask next."""
    lines: list[str] = []
    citations: list[Citation] = []
    warnings: list[str] = []
    for finding, ref in zip(findings, refs, strict=True):
        warnings += finding.warnings
        if not finding.extractions:
            lines.append(f"{ref.filename}: nothing readable found (no plate, code or ID card).")
        for item in finding.extractions:
            lines.append(f"{ref.filename}: {item.describe()}.")
            lookup = item.fields.get("lookup_question")
            if lookup and offer_lookup:
                lines.append(f'  To check the records, ask: "{lookup}"')
        citations.append(
            Citation(
                kind="image",
                id=ref.sha256[:16],
                title=ref.filename,
                snippet=f"{ref.media_type} {ref.width}x{ref.height}",
            )
        )
    confidences = [item.confidence for f in findings for item in f.extractions]
    return PipelineResult(
        pipeline="vision",
        answer="\n".join(lines),
        citations=citations,
        confidence=min(confidences) if confidences else 0.0,
        warnings=warnings,
        offline=True,
    )
