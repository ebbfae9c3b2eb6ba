"""The fast vision pre-parser: plates, codes and ID cards read locally, no model, no loop."""

from __future__ import annotations

from typing import Any, Literal

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.vision_readings import plates_read, vision_answer, wants_lookup
from graph.state import GraphState
from schemas.result import PipelineResult


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
    note = {"kind": "vision_parsed", "images": summary}
    if plates_read({"vision_findings": findings}) and wants_lookup(state):
        return {"vision_findings": findings, "notes": [note]}  # answered with the look-up
    return {
        "vision_findings": findings,
        "results": [vision_answer(findings, refs)],
        "notes": [note],
    }


def after_vision(state: GraphState) -> Literal["react_agent", "vision_lookup", "aggregator"]:
    """Reasoning goes on to the fallback engine; a plate the officer asks about (or `/plate`)
    to the records look-up; simple extractions answer directly."""
    findings = state.get("vision_findings") or []
    if any(f.needs_reasoning for f in findings):
        return "react_agent"
    if plates_read(state) and wants_lookup(state):
        return "vision_lookup"
    return "aggregator"
