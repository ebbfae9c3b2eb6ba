"""Merges every branch into the one response shape and runs the post-generation guardrail."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from graph.context import GraphContext
from graph.state import GraphState, Turn, turn_reset
from graph.text import fir_ids_in
from schemas.officer import Officer
from schemas.response import ChatResponse, Redactions
from schemas.result import Citation, PipelineResult
from schemas.routing import Route

if TYPE_CHECKING:  # LangGraph injects the runtime by parameter name; importing it costs ~1 s
    from langgraph.runtime import Runtime

SECTION_TITLES = {"zcql": "From the records", "rag": "From the SOPs and law"}
BRANCH_ORDER = {"zcql": 0, "rag": 1}
FAILED_BRANCH = "The {name} part could not be completed; this answer is partial."
OFFLINE_LABEL = "Offline engine: composed without a language model (deterministic, extractive)."


def merged_answer(results: list[PipelineResult]) -> str:
    """One result's answer as is; several (hybrid) as titled sections."""
    answered = [r for r in results if r.answer]
    if len(answered) == 1:
        return answered[0].answer
    ordered = sorted(answered, key=lambda r: BRANCH_ORDER.get(r.pipeline, 9))
    return "\n\n".join(
        f"{SECTION_TITLES.get(r.pipeline, r.pipeline)}:\n{r.answer}" for r in ordered
    )


def merged_warnings(results: list[PipelineResult]) -> list[str]:
    """Every warning once, plus one for each failed branch."""
    warnings: list[str] = []
    for result in results:
        warnings += result.warnings
        if result.failed:
            warnings.append(
                FAILED_BRANCH.format(name=SECTION_TITLES.get(result.pipeline, result.pipeline))
            )
    if any(result.offline for result in results):
        warnings.append(OFFLINE_LABEL)
    return list(dict.fromkeys(warnings))


def answer_confidence(router_confidence: float, results: list[PipelineResult]) -> float:
    """How likely the answer is right: the route was right and every branch's own confidence
    (grounding completeness for records, evidence coverage for passages) held."""
    scores = [r.confidence for r in results if r.confidence is not None]
    return round(router_confidence * min(scores, default=1.0), 4)


def answered_route(route: Route, results: list[PipelineResult]) -> Route:
    """`clarify` when every branch that answered asked a clarifying question instead."""
    answered = [r for r in results if r.answer]
    if answered and all(r.pipeline == "clarify" for r in answered):
        return "clarify"
    return route


@cache
def public_vocabulary() -> tuple[str, ...]:
    """Crime heads and groups, station names, districts and localities: public words."""
    from tools.domain.crimes import all_heads, crime_groups
    from tools.domain.places import LOCALITIES, STATIONS

    return (
        *(head.crime_head for head in all_heads()),
        *crime_groups(),
        *(station.station_name for station in STATIONS),
        *{station.district for station in STATIONS},
        *(place for places in LOCALITIES.values() for place in places),
    )


def visible_vocabulary(officer: Officer, results: list[PipelineResult]) -> list[str]:
    """The guardrail's allow-list: public words, the officer's stations, the rows they saw."""
    from tools.domain.places import STATIONS

    own = [s.station_name for s in STATIONS if s.precinct_id in officer.precincts]
    shown = [
        value
        for result in results
        if not result.failed
        for row in result.records
        for value in row.values()
        if isinstance(value, str)
    ]
    return [*public_vocabulary(), *own, *shown]


def guarded_records(records: list[dict[str, Any]], redact: Any) -> tuple[list[dict[str, Any]], int]:
    """Run the guardrail over every text cell of the records table."""
    cleaned: list[dict[str, Any]] = []
    total = 0
    for row in records:
        new_row: dict[str, Any] = {}
        for column, value in row.items():
            if isinstance(value, str):
                value, count = redact(value)
                total += count
            new_row[column] = value
        cleaned.append(new_row)
    return cleaned, total


async def aggregator(state: GraphState, runtime: Runtime[GraphContext]) -> dict[str, Any]:
    """Build the ChatResponse, guard it, remember the turn, and drop transient data."""
    decision = state["decision"]
    officer = state["officer"]
    results = state.get("results") or []
    deny_values = [value for result in results for value in result.withheld_values]
    # the allow-list only narrows withheld values: with none, there is nothing to narrow
    allow_values = visible_vocabulary(officer, results) if deny_values else []
    guard = runtime.context.guardrail.for_request(officer, deny_values, allow_values)

    answer, post = guard.redact(merged_answer(results))
    citations: list[Citation] = []
    for result in results:
        for citation in result.citations:
            guarded = {}
            for field in ("id", "title", "snippet"):
                guarded[field], count = guard.redact(getattr(citation, field))
                post += count
            citations.append(citation.model_copy(update=guarded))
    records, count = guarded_records(
        [row for result in results if not result.failed for row in result.records], guard.redact
    )
    post += count
    response = ChatResponse(
        request_id=state["request_id"],
        answer=answer,
        route=answered_route(decision.route, results),
        confidence=answer_confidence(decision.confidence, results),
        routes_executed=list(dict.fromkeys(r.pipeline for r in results)),
        citations=citations,
        records=records,
        redactions=Redactions(
            pre_retrieval=sum(r.redactions_pre for r in results), post_generation=post
        ),
        partial=any(r.partial or r.failed for r in results),
        warnings=[
            *(n["warning"] for n in state.get("notes") or [] if n.get("warning")),
            *merged_warnings(results),
        ],
    )
    turn_fir_ids = list(
        dict.fromkeys(
            [
                *fir_ids_in(state.get("text", "")),
                *(str(r["fir_id"]) for r in records if "fir_id" in r),
            ]
        )
    )[:20]
    page_context = state.get("page_context")
    if page_context is not None and page_context.active_fir_id:
        turn_fir_ids.insert(0, page_context.active_fir_id)
    turn = Turn(
        question=state.get("text", ""), answer=answer, route=decision.route, fir_ids=turn_fir_ids
    )
    notes = guard.audit_notes()
    return {
        **turn_reset(),
        "response": response,
        "history": [turn],
        "notes": notes,
        "attachments": [],
    }
