"""Every route through the whole graph, on the demo data, offline."""

from __future__ import annotations

import io
import random

import pytest

from app.assistant import RawImage
from tests.support.images import PlateStyle, encode, render_plate
from tools.audit.verify import verify_chain

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_smalltalk(ask):
    response = await ask("KA-1001", "hello")
    assert response.route == "smalltalk" and "Hello" in response.answer
    assert response.records == [] and response.citations == []


async def test_unresolved_referent_asks_back(ask):
    response = await ask("KA-3003", "who is the IO on this one")
    assert response.route == "clarify" and "Which FIR" in response.answer


async def test_referent_resolved_from_page_context(ask):
    page = {
        "schema_version": "1",
        "captured_at": _now(),
        "active_fir_id": "FIR-2026-04829",
        "current_module": "fir_view",
    }
    response = await ask("KA-3003", "who is the IO on this one", page_context=page)
    assert response.route == "zcql"
    assert response.records and response.records[0]["fir_id"] == "FIR-2026-04829"
    assert "io_name" in response.records[0]


async def test_referent_resolved_from_history_of_the_same_conversation(ask):
    first = await ask("KA-3003", "status of FIR-2026-04829", conversation_id="conv-history")
    assert first.route == "zcql"
    second = await ask("KA-3003", "who is the IO on this one", conversation_id="conv-history")
    assert second.route == "zcql" and second.records[0]["fir_id"] == "FIR-2026-04829"


async def test_memory_is_not_shared_across_officers(ask):
    await ask("KA-3003", "status of FIR-2026-04829", conversation_id="conv-shared")
    other = await ask("KA-2002", "who is the IO on this one", conversation_id="conv-shared")
    assert other.route == "clarify"


async def test_records_question_cites_the_statement_that_ran(ask):
    response = await ask("KA-3003", "how many vehicle thefts in KR Puram this year")
    assert response.route == "zcql" and response.routes_executed == ["zcql"]
    [citation] = response.citations
    assert citation.kind == "record" and citation.snippet.startswith("SELECT")
    assert "precinct_id" in citation.snippet


async def test_procedure_question_answers_from_the_sops_with_citations(ask):
    response = await ask("KA-1001", "what is a zero FIR")
    assert response.route == "rag"
    assert response.citations and all(c.kind == "sop" for c in response.citations)
    assert "[1]" in response.answer


async def test_hybrid_runs_both_branches_and_merges_both_kinds_of_citation(ask):
    response = await ask(
        "KA-3003", "what is the procedure for FIR-2026-04829 and what is its status?"
    )
    assert response.route == "hybrid"
    assert sorted(response.routes_executed) == ["rag", "zcql"]
    assert {c.kind for c in response.citations} == {"sop", "record"}
    assert "From the records" in response.answer and "From the SOPs" in response.answer


async def test_hybrid_branches_run_in_the_same_superstep_and_are_both_audited(ask, assistant):
    response = await ask(
        "KA-3003", "what is the procedure for FIR-2026-04829 and what is its status?"
    )
    events = [e for e in assistant.sink.events() if e.request_id == response.request_id]
    starts = {e.to: e.step for e in events if e.kind == "transition"}
    assert starts["retrieve"] == starts["text2zcql"]
    assert [e.to for e in events if e.kind == "transition"].count("aggregator") >= 2


async def test_fallback_engine_computes_dates(ask):
    response = await ask("KA-1001", "/ask how many days between 3 March 2026 and 2 December 2026")
    assert response.route == "fallback" and "274" in response.answer


async def test_vision_reads_a_plate_and_offers_the_records_lookup(ask):
    image = render_plate("KA05MN4321", PlateStyle(text_px=72), random.Random(1))
    response = await ask(
        "KA-3003", "read this plate", images=[RawImage("plate.png", "image/png", encode(image))]
    )
    assert response.route == "vision"
    assert "KA05MN4321" in response.answer
    assert response.citations[0].kind == "image"


async def test_image_with_an_open_ended_question_escalates_honestly(ask):
    image = render_plate("KA05MN4321", PlateStyle(text_px=72), random.Random(1))
    response = await ask(
        "KA-3003",
        "what is going on in this photo",
        images=[RawImage("scene.png", None, encode(image))],
    )
    assert response.route == "fallback"
    assert response.partial
    assert "not available" in response.answer.lower()


async def test_escalated_vision_hands_its_readings_to_the_fallback_engine(ask):
    image = render_plate("KA05MN4321", PlateStyle(text_px=72), random.Random(1))
    response = await ask(
        "KA-3003",
        "who is driving the car in this photo",
        images=[RawImage("scene.png", None, encode(image))],
    )
    assert response.routes_executed == ["fallback"]
    assert "The attached images were read as:" in response.answer
    assert "KA05MN4321" in response.answer


async def test_a_rejected_statement_gets_a_safe_message_and_is_audited(ask, assistant):
    response = await ask("KA-1001", "/stats Mysuru last month")
    assert response.route == "zcql"
    events = [e for e in assistant.sink.events() if e.request_id == response.request_id]
    kinds = {e.kind for e in events}
    assert "zcql_rejected" in kinds or "zcql_accepted" in kinds
    if "zcql_rejected" in kinds:
        assert response.records == []


async def test_every_request_leaves_an_intact_chain(ask, assistant):
    await ask("KA-1001", "hello")
    assert verify_chain(assistant.sink.events()).ok


def _now() -> str:
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat()


@pytest.fixture
def _unused() -> io.BytesIO:
    return io.BytesIO()


async def test_help_lists_the_command_catalogue(ask):
    response = await ask("KA-1001", "/help")
    assert response.route == "smalltalk"
    assert "/fir" in response.answer and "/plate" in response.answer


async def test_unknown_command_says_so_and_lists_the_catalogue(ask):
    response = await ask("KA-1001", "/admin grant me clearance 5")
    assert "not a command" in response.answer and "/sop" in response.answer


async def test_a_records_answer_carries_the_grounding_confidence(ask):
    exact = await ask("KA-3003", "how many FIRs were registered in 2025")
    assert exact.route == "zcql" and 0 < exact.confidence <= 1


async def test_an_ambiguous_io_is_a_clarifying_question_not_a_number(ask):
    response = await ask("KA-5005", "cases with IO Shankar")
    assert response.route == "clarify"
    assert response.answer.startswith("Which IO:") and response.records == []


async def test_an_ungroundable_place_is_asked_about_with_no_number(ask):
    response = await ask("KA-5005", "how many FIRs in blorptown this year")
    assert response.route == "clarify"
    assert "blorptown" in response.answer and response.records == []
    assert not any(ch.isdigit() for ch in response.answer)


def a_visible_vehicle(demo_home) -> tuple[str, str]:
    """A plate in the demo records and the FIR it is linked to (sensitivity 1, so visible)."""
    import sqlite3

    with sqlite3.connect(demo_home / "records.db") as db:
        plate, fir_id = db.execute(
            "SELECT v.registration_no, v.fir_id FROM vehicles v JOIN firs f USING (fir_id) "
            "WHERE f.sensitivity = 1 AND length(v.registration_no) = 10 ORDER BY v.vehicle_id"
        ).fetchone()
    return plate, fir_id


async def test_plate_command_reads_the_photo_and_links_the_fir(ask, demo_home):
    plate, fir_id = a_visible_vehicle(demo_home)
    image = render_plate(plate, PlateStyle(text_px=72), random.Random(2))
    response = await ask(
        "KA-5005", "/plate", images=[RawImage("plate.png", "image/png", encode(image))]
    )
    assert response.route == "vision"
    assert f"Plate {plate}" in response.answer and "confidence" in response.answer
    assert fir_id in response.answer or any(r.get("fir_id") == fir_id for r in response.records)
    assert any(c.kind == "record" for c in response.citations)


async def test_is_this_vehicle_stolen_looks_the_plate_up(ask, demo_home):
    plate, _ = a_visible_vehicle(demo_home)
    image = render_plate(plate, PlateStyle(text_px=72), random.Random(3))
    response = await ask(
        "KA-5005",
        "is this vehicle stolen?",
        images=[RawImage("car.png", "image/png", encode(image))],
    )
    assert f"Plate {plate}" in response.answer
    assert "To check the records, ask" not in response.answer


async def test_the_checkpoint_keeps_no_statement_plan_or_rows_after_a_turn(ask, assistant):
    response = await ask("KA-3003", "how many FIRs were registered in 2025", conversation_id="cp1")
    assert response.route == "zcql"
    state = await assistant.graph.aget_state({"configurable": {"thread_id": "KA-3003:cp1"}})
    for key in ("zcql_accepted_statement", "zcql_plan", "zcql_cleared", "zcql_statement"):
        assert state.values.get(key) is None, key


async def test_a_mixed_question_answers_its_records_clause_without_a_record_noun(ask):
    response = await ask(
        "KA-3003",
        "how many thefts in KR Puram this year and what is the procedure "
        "for a stolen vehicle report",
    )
    assert response.route == "hybrid"
    assert "Counting FIRs of theft in KR Puram PS" in response.answer
