"""The offline planner genuinely computes, through the loop, and labels itself offline."""

from __future__ import annotations

import pytest

from graph.fallback.prompts import OFFLINE_PREFIX, UNVERIFIED
from schemas.result import Citation
from tests.graph.fallback.harness import (
    OFFICER,
    PAGE,
    FakeKnowledge,
    FakeRecords,
    context_for,
    run_loop,
)
from tools.agent.base import ToolOutput
from tools.agent.services import FallbackServices

ONE_CYCLE = [
    ("__start__", "react_agent"),
    ("react_agent", "react_tools"),
    ("react_tools", "react_agent"),
    ("react_agent", "__end__"),
]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many days between 3 March 2026 and today", "274 days"),
        ("what date is 90 days from 15 Sep 2026", "Monday, 14 December 2026"),
        ("60-day chargesheet deadline for an arrest on 2 Nov", "day 60 is Thursday, 31 December"),
        ("what is 18% of 2,35,000", "= 42300"),
        ("(45000*3)/4 + 1200", "= 34950"),
        ("convert 10:30 IST to UTC", "10:30 IST is 05:00 UTC"),
        ("is 2024-07-01 after the BNS cut-over", "cut-over day itself: BNS / BNSS / BSA apply"),
        ("is 15/06/2024 after the BNS cut-over", "before the BNS cut-over"),
        ("how many working days between 1/12/2026 and 15/12/2026", "10 working days"),
        ("what is 2 weeks before 03-03-26", "Tuesday, 17 February 2026"),
        ("which day of the week is 2 October 2027", "2 October 2027 is a Saturday"),
        ("from when do the new criminal laws apply?", "came into force on Monday, 1 July 2024"),
        ("what is 240 divided by 16", "= 15"),
        ("1,250 times 12 plus 300", "= 15300"),
        ("how many weeks between 1 January 2027 and 31 March 2027", "(12 weeks and 5 days)"),
        (
            "default bail deadline for a 7-year offence, remanded on 20 November 2026",
            "day 60 is Monday, 18 January 2027",
        ),
        (
            "charge sheet deadline for a murder accused remanded on 20 November 2026",
            "day 90 is Wednesday, 17 February 2027",
        ),
        (
            "informant told on 1 September 2026; when is the 90 day progress update to the victim",
            "Source: BNSS 193(3)(ii)",
        ),
        (
            "victim last updated on 2 October 2026, when is the next progress update due?",
            "day 90 is Thursday, 31 December 2026",
        ),
        ("4 months after 31 October 2026?", "is Sunday, 28 February 2027"),
        ("two months before 15 March 2027", "is Friday, 15 January 2027"),
        (
            "Preliminary inquiry started on 1 December 2026 - last date to complete it?",
            "day 14 is Tuesday, 15 December 2026",
        ),
        (
            "arrested at 10 pm on 1 December 2026, when must he be produced before the magistrate",
            "ends at 22:00 (10:00 PM) on Wednesday, 2 December 2026",
        ),
        (
            "doctor examined the survivor on 30 November 2026; when is the report due to the IO",
            "day 7 is Monday, 7 December 2026",
        ),
    ],
)
async def test_offline_planner_computes_dates_and_arithmetic(question: str, expected: str) -> None:
    run = await run_loop(context_for(FallbackServices()), question)
    result = run.result
    assert expected in result.answer
    assert result.answer.startswith(OFFLINE_PREFIX)
    assert (result.pipeline, result.offline, result.partial) == ("fallback", True, False)
    assert run.edges() == ONE_CYCLE
    assert run.state["agent_cycles"] == 1


async def test_open_fir_question_reads_the_screen_then_the_records() -> None:
    records = FakeRecords()
    services = FallbackServices(records=records)
    run = await run_loop(
        context_for(services),
        "what FIR is open on my screen and what's its status",
        page_context=PAGE,
    )
    assert [n["tool"] for n in run.tool_notes] == ["page_context", "records"]
    assert [n["iteration"] for n in run.tool_notes] == [1, 2]
    assert records.calls[0][0].endswith("(FIR-2026-04829)")
    assert records.calls[0][1] == OFFICER
    assert "active FIR: FIR-2026-04829" in run.result.answer
    assert "Under Investigation" in run.result.answer
    assert [c.kind for c in run.result.citations] == ["record"]
    assert run.result.records == [{"fir_id": "FIR-2026-04829", "status": "Under Investigation"}]
    assert run.edges().count(("react_agent", "react_tools")) == 2


async def test_no_open_fir_is_said_plainly_without_a_records_lookup() -> None:
    records = FakeRecords()
    run = await run_loop(
        context_for(FallbackServices(records=records)), "what FIR is open on my screen"
    )
    assert records.calls == []
    assert "No page context" in run.result.answer


async def test_withheld_values_of_every_tool_reach_the_result() -> None:
    services = FallbackServices(records=FakeRecords(withheld=["Hidden Victim"]))
    run = await run_loop(context_for(services), "status of FIR-2026-04829")
    assert run.result.withheld_values == ["Hidden Victim"]
    assert "withheld_values" not in run.result.model_dump()


async def test_procedure_questions_search_the_knowledge_base() -> None:
    knowledge = FakeKnowledge()
    run = await run_loop(
        context_for(FallbackServices(knowledge=knowledge)), "procedure to register a zero fir"
    )
    assert knowledge.calls == [("procedure to register a zero fir", OFFICER)]
    assert [c.kind for c in run.result.citations] == ["sop"]
    assert not run.result.partial


async def test_unmatched_question_gets_an_honest_partial_answer() -> None:
    run = await run_loop(context_for(FallbackServices()), "tell me something interesting")
    assert run.result.partial
    assert "couldn't work out how to answer this offline" in run.result.answer
    assert run.edges() == [("__start__", "react_agent"), ("react_agent", "__end__")]


async def test_last_resort_knowledge_search_is_marked_unverified() -> None:
    services = FallbackServices(knowledge=FakeKnowledge())
    run = await run_loop(context_for(services), "tell me something interesting")
    assert run.result.partial
    assert UNVERIFIED in run.result.answer


async def test_image_question_without_a_reasoner_is_partial_and_honest() -> None:
    context = context_for(FallbackServices(), images=(object(),))
    run = await run_loop(context, "what is happening in this photo?")
    assert run.result.partial
    assert "Open-ended image reasoning is not available on this deployment" in run.result.answer
    assert run.tool_notes[0]["status"] == "unavailable"


class FakeWeb:
    """Stands in for a configured SearxngClient."""

    def __init__(self) -> None:
        self.queries: list[str] = []

    async def search(self, query: str, limit: int = 5) -> ToolOutput:
        self.queries.append(query)
        citation = Citation(kind="web", id="https://ksp.gov.in/c1", title="Circular 1")
        return ToolOutput(text="[1] Circular 1 (https://ksp.gov.in/c1): text", citations=[citation])


async def test_latest_news_uses_web_search_only_when_configured() -> None:
    web = FakeWeb()
    run = await run_loop(context_for(FallbackServices(web_search=web)), "latest BNSS news")
    assert web.queries == ["latest BNSS news"]
    assert [c.kind for c in run.result.citations] == ["web"]
    unconfigured = await run_loop(context_for(FallbackServices()), "latest BNSS news")
    assert [n["status"] for n in unconfigured.tool_notes] == ["unavailable"]
    assert "Web search is not configured on this deployment." in unconfigured.result.answer
    assert unconfigured.result.partial and unconfigured.result.citations == []


async def test_a_records_question_saying_latest_is_not_sent_to_the_web() -> None:
    records = FakeRecords()
    run = await run_loop(
        context_for(FallbackServices(records=records)), "latest FIRs registered in KR Puram"
    )
    assert [n["tool"] for n in run.tool_notes] == ["records"]
    assert "Web search" not in run.result.answer


async def test_explicit_web_request_without_configuration_is_honest() -> None:
    run = await run_loop(context_for(FallbackServices()), "search the web for the BNSS circular")
    assert "Web search is not configured on this deployment." in run.result.answer
    assert run.result.partial


def test_a_knowledge_step_that_found_nothing_relevant_is_left_out_beside_an_answer() -> None:
    from datetime import date

    from graph.fallback.calls import PlannerInput
    from graph.fallback.planner import compose
    from graph.fallback.state import ToolRecord

    query = PlannerInput("what is 37 out of 412 as a percentage", date(2026, 12, 3))
    calculated = ToolOutput(text="37 / 412 * 100 = 8.98", data={"value": 8.98})
    nothing = ToolOutput(
        text="The knowledge base does not cover this question.", data={"abstained": True}
    )
    done = [
        ToolRecord(tool="calculator", args={}, status="ok", iteration=1, output=calculated),
        ToolRecord(tool="knowledge_base", args={}, status="ok", iteration=1, output=nothing),
    ]
    text, partial = compose(query, done)
    assert not partial
    assert "8.98" in text and "knowledge base" not in text.lower()
    alone, _ = compose(query, done[1:])
    assert "does not cover" in alone
