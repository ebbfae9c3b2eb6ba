"""Every example of issue 15's "What was seen", through the whole graph, offline."""

from __future__ import annotations

import pytest

from graph.nodes.decline import DECLINE

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_what_is_a_zero_fir_quotes_the_definition(ask):
    response = await ask("KA-1001", "What is a zero FIR")
    assert response.route == "rag"
    assert response.answer.startswith("A Zero FIR is an FIR registered by a police station")
    assert response.citations[0].id == "sop-zero-fir#what-a-zero-fir-is"
    assert "KR Puram" not in response.answer


async def test_pocso_steps_come_from_the_pocso_sop_and_never_from_the_canary(ask):
    response = await ask("KA-1001", "Steps to follow when a POCSO complaint is received")
    assert response.route == "rag"
    assert {c.id.split("#")[0] for c in response.citations} == {"sop-pocso-procedure"}
    for fact in ("s.19", "24 hours", "s.27", "s.23", "2 months"):
        assert fact in response.answer, fact
    assert "IGNORE" not in response.answer.upper().replace("IGNORED", "")
    assert "notice" not in response.answer.lower()


async def test_charge_sheet_limit_for_a_ten_year_offence_comes_from_the_table(ask):
    response = await ask(
        "KA-1001", "What is the charge-sheet limit for an offence punishable with 10 years?"
    )
    assert response.route == "rag"
    assert "BNSS 187(3)" in response.answer and "90 days" in response.answer
    assert "60 days" in response.answer
    assert response.citations[0].id == "legal-table#bnss-187-3"


async def test_default_bail_90_days_states_the_rule(ask):
    response = await ask("KA-1001", "default bail 90 days")
    assert "187(3)" in response.answer and "90 days" in response.answer
    assert "ten years" in response.answer


async def test_punishment_for_bns_303_comes_from_the_table(ask):
    response = await ask("KA-1001", "punishment for BNS 303")
    assert "BNS 303(2)" in response.answer and "up to 3 years" in response.answer
    assert "IPC 379" in response.answer


async def test_hinglish_night_arrest_of_a_woman_answers_with_bnss_43_5(ask):
    response = await ask("KA-1001", "mahila ko raat mein arrest kar sakte hain?")
    assert response.route == "rag"
    assert "43(5)" in response.answer and "sunset" in response.answer
    assert response.citations[0].id.startswith("sop-arrest-of-women#")


@pytest.mark.parametrize(
    "message",
    ["What's the weather in Bengaluru today?", "write me a poem", "who won IPL 2024"],
)
async def test_out_of_scope_messages_are_declined_without_retrieval(ask, message):
    response = await ask("KA-1001", message)
    assert response.route == "out_of_scope"
    assert response.routes_executed == ["decline"]
    assert response.answer.startswith(DECLINE)
    assert response.citations == [] and response.records == []


async def test_records_follow_up_stays_records_and_picks_up_no_procedure_text(ask):
    first = await ask("KA-3003", "how many thefts in Whitefield in 2025", conversation_id="i15-f")
    assert first.route == "zcql"
    second = await ask("KA-3003", "and in 2024?", conversation_id="i15-f")
    assert second.route == "zcql" and second.routes_executed == ["zcql"]
    assert "2024-01-01" in second.answer
    assert all(c.kind == "record" for c in second.citations)


async def test_offline_fallback_computes_a_percentage(ask):
    response = await ask("KA-1001", "If 37 out of 412 thefts were solved, what percentage is that?")
    assert response.route == "fallback"
    assert "37 out of 412 is 8.98%" in response.answer
    assert "knowledge base" not in response.answer.lower()


async def test_offline_fallback_counts_90_days_for_the_charge_sheet(ask):
    response = await ask(
        "KA-1001",
        "Calculate the date 90 days after 15 October 2026 for the charge sheet deadline",
    )
    assert response.route == "fallback"
    assert "90-day limit" in response.answer and "60-day" not in response.answer
    assert "Tuesday, 12 January 2027" in response.answer and "day 1" in response.answer


async def test_outside_figure_comparison_says_web_search_is_not_configured(ask):
    response = await ask(
        "KA-1001", "Compare our district's theft rate with the latest NCRB national average"
    )
    assert response.route == "fallback"
    assert "web search is not configured" in response.answer


async def test_records_count_and_share_solved_are_composed_in_two_steps(ask):
    response = await ask(
        "KA-3003", "how many thefts in Whitefield this year, and what percentage were solved?"
    )
    assert response.route == "fallback"
    assert "counted as charge sheeted" in response.answer
    assert "% (" in response.answer
    assert [c.kind for c in response.citations] and {c.kind for c in response.citations} == {
        "record"
    }


async def test_hybrid_procedure_half_is_left_out_when_no_passage_is_relevant(ask):
    response = await ask(
        "KA-3003", "status of FIR-2026-04829 and the rules for parking the official jeep"
    )
    assert response.route == "hybrid"
    assert "From the SOPs" not in response.answer
    assert {c.kind for c in response.citations} == {"record"}
    assert any("procedure part is left out" in w for w in response.warnings)


async def test_hybrid_procedure_half_is_kept_when_relevant(ask):
    response = await ask(
        "KA-3003", "status of FIR-2026-04829 and can I arrest the accused under Arnesh Kumar"
    )
    assert response.route == "hybrid"
    assert "From the SOPs and law" in response.answer
    assert "sop" in {c.kind for c in response.citations}
