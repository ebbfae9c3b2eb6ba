"""Tools that delegate to the integrator's services or read trusted state.

`records` and `knowledge_base` call the injected callables (the full, clearance-enforcing
pipelines); `page_context` re-reads the validated screen metadata; `vision` asks the
configured open-ended image reasoner. None of them reaches data any other way.
"""

from __future__ import annotations

import hashlib
from typing import Any

from pydantic import BaseModel, Field

from schemas.result import Citation
from tools.agent.base import AgentTool, ToolContext, ToolError, ToolOutput

VISION_UNAVAILABLE = "Open-ended image reasoning is not available on this deployment."
RECORDS_UNAVAILABLE = "The records service is not available to the fallback engine here."
KNOWLEDGE_UNAVAILABLE = "The knowledge base is not available to the fallback engine here."
MAX_VISION_ANSWER_CHARS = 2000


class NoArgs(BaseModel):
    """This tool takes no arguments."""


class QuestionArgs(BaseModel):
    """A natural-language question for a lookup tool."""

    question: str = Field(min_length=1, max_length=500)


class VisionArgs(BaseModel):
    """A question about one attached image."""

    question: str = Field(min_length=1, max_length=500)
    image_index: int = Field(default=0, ge=0, le=9)


def _service(ctx: ToolContext, name: str) -> Any:
    return getattr(ctx.services, name, None) if ctx.services is not None else None


async def run_page_context(args: NoArgs, ctx: ToolContext) -> ToolOutput:
    """What the officer has open, from the validated PageContext in state."""
    page = ctx.page_context
    if page is None:
        return ToolOutput(
            text="No page context: nothing on the officer's screen was shared with this request.",
            data={"active_fir_id": None},
        )
    parts = [f"module: {page.current_module}"]
    parts.append(f"active FIR: {page.active_fir_id}" if page.active_fir_id else "no FIR is open")
    if page.applied_filters:
        filters = ", ".join(f"{k}={v}" for k, v in sorted(page.applied_filters.items()))
        parts.append(f"filters: {filters}")
    if page.visible_record_ids:
        parts.append(f"{len(page.visible_record_ids)} records visible")
    return ToolOutput(
        text="; ".join(parts),
        data={
            "active_fir_id": page.active_fir_id,
            "module": page.current_module,
            "filters": dict(page.applied_filters),
        },
    )


async def run_records(args: QuestionArgs, ctx: ToolContext) -> ToolOutput:
    """The integrator's records path: text-to-ZCQL, validator, read-only run, clearance."""
    lookup = _service(ctx, "records")
    if lookup is None:
        return ToolOutput(text=RECORDS_UNAVAILABLE, ok=False, unavailable=True)
    output: ToolOutput = await lookup(args.question, ctx.officer, ctx.page_context)
    return output


async def run_knowledge(args: QuestionArgs, ctx: ToolContext) -> ToolOutput:
    """The integrator's clearance-filtered knowledge-base retrieval."""
    lookup = _service(ctx, "knowledge")
    if lookup is None:
        return ToolOutput(text=KNOWLEDGE_UNAVAILABLE, ok=False, unavailable=True)
    output: ToolOutput = await lookup(args.question, ctx.officer)
    return output


async def run_vision(args: VisionArgs, ctx: ToolContext) -> ToolOutput:
    """Ask the configured image reasoner about one attached image."""
    reasoner = _service(ctx, "vision")
    if reasoner is None:
        return ToolOutput(text=VISION_UNAVAILABLE, ok=False, unavailable=True)
    if args.image_index >= len(ctx.images):
        raise ToolError(f"no attached image number {args.image_index + 1}")
    image = ctx.images[args.image_index]
    data: bytes = image.clean_bytes
    digest = getattr(image, "sha256", None) or hashlib.sha256(data).hexdigest()
    answer = str(await reasoner.ask(data, args.question))[:MAX_VISION_ANSWER_CHARS]
    citation = Citation(
        kind="image",
        id=f"image-{args.image_index + 1}-{digest[:12]}",
        title=getattr(image, "filename", f"image {args.image_index + 1}"),
        snippet=answer[:200],
    )
    return ToolOutput(text=answer, citations=[citation])


PAGE_CONTEXT = AgentTool(
    name="page_context",
    description="What the officer has open on screen: active FIR id, module and filters.",
    args_schema=NoArgs,
    run=run_page_context,
    timeout_s=0.5,
)
RECORDS = AgentTool(
    name="records",
    description=(
        "Look up FIR, person and vehicle records the officer is cleared to see. Ask in plain "
        "words (e.g. 'status of FIR-2026-04829'); jurisdiction is applied automatically."
    ),
    args_schema=QuestionArgs,
    run=run_records,
    timeout_s=6.0,
)
KNOWLEDGE_BASE = AgentTool(
    name="knowledge_base",
    description="Search SOPs, circulars and law references (BNS, BNSS, BSA) for the officer.",
    args_schema=QuestionArgs,
    run=run_knowledge,
    timeout_s=4.0,
)
VISION = AgentTool(
    name="vision",
    description="Ask an open-ended question about an image the officer attached.",
    args_schema=VisionArgs,
    run=run_vision,
    timeout_s=8.0,
)
