"""The fast vision pre-parser: plates, codes and ID cards read locally, no model, no loop."""

from __future__ import annotations

from typing import Any, Literal

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.state import GraphState
from schemas.result import Citation, PipelineResult


def vision_answer(findings: list[Any], refs: list[Any]) -> PipelineResult:
    """What each image showed, which checks passed, and the record lookup to ask next."""
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
            if lookup:
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


async def vision_preparser(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Parse every attached image; escalate when reasoning is needed or confidence is low."""
    images = runtime.context.images
    refs = state.get("attachments") or []
    if not images:
        return {
            "results": [
                PipelineResult(
                    pipeline="vision",
                    answer="Attach a photo (JPEG or PNG) of a plate, code or ID card.",
                    confidence=0.0,
                    offline=True,
                )
            ]
        }
    findings = [
        await runtime.context.vision.aparse(image, state.get("text", "")) for image in images
    ]
    summary = [
        {
            "kinds": [e.kind for e in f.extractions],
            "needs_reasoning": f.needs_reasoning,
            "engine": f.engine,
            "timings_ms": f.timings_ms,
        }
        for f in findings
    ]
    escalate = next((f for f in findings if f.needs_reasoning), None)
    if escalate is not None:
        note = {"kind": "vision_escalated", "reason": escalate.escalation_reason, "images": summary}
        return {"vision_findings": findings, "notes": [note]}
    return {
        "vision_findings": findings,
        "results": [vision_answer(findings, refs)],
        "notes": [{"kind": "vision_parsed", "images": summary}],
    }


def after_vision(state: GraphState) -> Literal["react_agent", "aggregator"]:
    """Simple extractions answer directly; reasoning goes on to the fallback engine."""
    findings = state.get("vision_findings") or []
    return "react_agent" if any(f.needs_reasoning for f in findings) else "aggregator"
