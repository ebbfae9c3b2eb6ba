"""Answers from the cleared passages: the legal table for look-ups, extractive offline,
grounded with Groq; in a hybrid turn the knowledge half is left out unless relevant. A
how-to question ("steps for ...", "how do I count ...") about a provision the table states is
answered from the provision's own SOP when a cleared passage of it is retrieved: the rule
alone does not say how to carry it out."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.retrieve import knowledge_question
from graph.routing.knowledge_frame import knowledge_frame
from graph.state import GraphState
from schemas.result import Citation, PipelineResult
from tools.domain.legal import SOURCE, LegalAnswer, provision_answer, provision_by_keywords
from tools.knowledge.answer import (
    RELEVANCE_THRESHOLD,
    best_relevance,
    compose_extractive_answer,
    is_abstention,
    names_local_order,
    question_type,
)
from tools.knowledge.grounded import grounded_answer
from tools.knowledge.index import Passage
from tools.legal_lookup import table_answer

NOT_RELEVANT = (
    "No knowledge-base passage was relevant to this question, so the procedure part is left out."
)


def table_result(found: LegalAnswer, passages: list[Passage]) -> PipelineResult:
    """The legal table's answer, one citation per table entry, plus the procedure document
    when retrieval found it."""
    citations: list[Citation] = []
    numbers: dict[str, int] = {}
    lines: list[str] = []
    for (entry, title), text in zip(found.entries, found.sentences, strict=True):
        if entry not in numbers:
            numbers[entry] = len(numbers) + 1
            citations.append(
                Citation(
                    kind="sop", id=f"legal-table#{entry}", title=f"{title} — {SOURCE}", snippet=text
                )
            )
        lines.append(f"{text} [{numbers[entry]}]")
    for passage in passages:
        if passage.doc_id in found.kb_documents:
            citations.append(
                Citation(
                    kind="sop",
                    id=f"{passage.doc_id}#procedure",
                    title=passage.title,
                    snippet=passage.title,
                )
            )
            lines.append(f"The procedure is set out in “{passage.title}”. [{len(citations)}]")
            break
    return PipelineResult(
        pipeline="rag", answer="\n".join(lines), citations=citations, confidence=0.9, offline=True
    )


def _sop_steps(question: str, found: LegalAnswer, passages: list[Passage]) -> PipelineResult | None:
    """The extractive answer from the provision's own SOP, for a how-to question; None when
    the question is a look-up or no passage of that SOP was retrieved and cited."""
    if knowledge_frame(question) != "how_to" or not found.kb_documents:
        return None
    steps = compose_extractive_answer(question, passages)
    cited = {c.id.split("#")[0] for c in steps.citations}
    return steps if cited & set(found.kb_documents) else None


def _or_time_limit_from_table(question: str, result: PipelineResult) -> PipelineResult:
    """A time-limit question the knowledge base does not answer is answered from the table's
    provision on that subject, when one alone is named ("taken to the JJB"); not when the
    question asks what a local order says (the law does not stand in for the order)."""
    if not is_abstention(result) or question_type(question) != "time_limit":
        return result
    if names_local_order(question):
        return result
    found = provision_by_keywords(question)
    return table_result(provision_answer(found), []) if found is not None else result


async def rag_answer(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """One rag PipelineResult with a citation per claim (skipped if retrieval already failed)."""
    if any(r.pipeline == "rag" for r in state.get("results") or []):
        return {}
    question = knowledge_question(state)
    passages = state.get("passages") or []
    found = table_answer(question)
    if found is not None:
        steps = _sop_steps(question, found, passages)
        return {"results": [steps or table_result(found, passages)]}
    decision = state.get("decision")
    hybrid = decision is not None and decision.route == "hybrid"
    if hybrid and best_relevance(question, passages) < RELEVANCE_THRESHOLD:
        return {"results": [PipelineResult(pipeline="rag", warnings=[NOT_RELEVANT])]}
    llm = runtime.context.llm
    try:
        if llm is not None and passages:
            result = await grounded_answer(llm, question, passages)
        else:
            result = _or_time_limit_from_table(
                question, compose_extractive_answer(question, passages)
            )
    except Exception as error:
        result = compose_extractive_answer(question, passages)
        result.warnings.append(
            f"The language model was unavailable ({type(error).__name__}); "
            "this is the offline extractive answer."
        )
    return {"results": [result]}
