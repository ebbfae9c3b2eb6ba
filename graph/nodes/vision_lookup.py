"""Looks up what the pre-parser read (number plates) in the records, through the records
service: the same validator, clearance plan and audit as any records question."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.vision_readings import PLATE_QUESTION, plates_read, vision_answer
from graph.state import GraphState
from schemas.result import Citation, PipelineResult


async def vision_lookup(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """One records look-up per plate read; the reading, its confidence and the result."""
    service = runtime.context.records_service
    findings, refs = state.get("vision_findings") or [], state.get("attachments") or []
    read = vision_answer(findings, refs, offer_lookup=False)
    lines: list[str] = [read.answer]
    records: list[dict[str, Any]] = []
    citations: list[Citation] = list(read.citations)
    notes: list[dict[str, Any]] = []
    confidences: list[float] = []
    for plate, confidence in plates_read(state):
        outcome = await service.ask(PLATE_QUESTION.format(plate=plate), state["officer"])
        notes += outcome.notes
        notes.append({"kind": "vision_lookup", "plate_confidence": confidence})
        lines.append(f"Plate {plate} (read with {confidence:.0%} confidence): {outcome.message}")
        confidences.append(confidence)
        if outcome.answer is not None:
            records += outcome.answer.table
            citations.append(
                Citation(
                    kind="record",
                    id="zcql",
                    title=f"Records query for {plate}",
                    snippet=outcome.answer.statement,
                )
            )
    result = PipelineResult(
        pipeline="vision",
        answer="\n".join(lines),
        citations=citations,
        records=records,
        confidence=min(confidences, default=0.0),
        warnings=read.warnings,
        offline=True,
    )
    return {"results": [result], "notes": notes}
