"""Grounded answers from a chat model (Groq in production) over retrieved passages."""

from __future__ import annotations

import re

import structlog
from langchain_core.language_models import BaseChatModel

from schemas.result import PipelineResult
from tools.knowledge.answer import NOT_COVERED, compose_extractive_answer, passage_citation
from tools.knowledge.index import Passage
from tools.knowledge.prompts import NOT_COVERED_TOKEN, grounded_messages

log = structlog.get_logger(__name__)

_MARKER = re.compile(r"\[(\d{1,2})\]")


def parse_reply(reply: str, passages: list[Passage]) -> PipelineResult:
    """Citations for the markers the model used; unknown markers are flagged."""
    text = reply.strip()
    if not text or (NOT_COVERED_TOKEN in text and len(text) <= 2 * len(NOT_COVERED_TOKEN)):
        return PipelineResult(pipeline="rag", answer=NOT_COVERED, confidence=0.1)
    used = [int(m) for m in dict.fromkeys(_MARKER.findall(text))]
    valid = [n for n in used if 1 <= n <= len(passages)]
    warnings = []
    if len(valid) < len(used):
        warnings.append("the answer cited passages that were not supplied")
    if not valid:
        warnings.append("the answer carries no citation to the knowledge base")
    return PipelineResult(
        pipeline="rag",
        answer=text,
        citations=[passage_citation(passages[n - 1], passages[n - 1].text) for n in valid],
        confidence=0.75 if valid and not warnings else 0.3,
        warnings=warnings,
    )


async def grounded_answer(
    model: BaseChatModel, question: str, passages: list[Passage]
) -> PipelineResult:
    """Ask the model with passages as tagged data; degrade to the extractive answer if the
    model call fails. No passages: say the knowledge base does not cover it (no call)."""
    if not passages:
        return PipelineResult(pipeline="rag", answer=NOT_COVERED, confidence=0.1)
    try:
        reply = await model.ainvoke(grounded_messages(question, passages))
    except Exception as exc:  # any model failure takes the offline path
        log.warning("rag.model_failed", error=type(exc).__name__)
        result = compose_extractive_answer(question, passages)
        result.warnings.append("language model unavailable; extractive answer given instead")
        result.partial = True
        return result
    return parse_reply(str(reply.text), passages)
