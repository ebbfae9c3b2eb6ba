"""The fallback plans the legal table only for a look-up of what it holds: a time limit asked
about a cited BNS section goes to the knowledge base, not to the section's row (issue 15)."""

from __future__ import annotations

from datetime import date

from graph.fallback.planner import PlannerInput, first_step

TODAY = date(2026, 12, 3)


def _tools(question: str) -> list[str]:
    return [c.name for c in first_step(PlannerInput(question, TODAY, knowledge_configured=True))]


def test_a_time_limit_about_a_cited_section_is_not_a_table_look_up() -> None:
    assert "legal_reference" not in _tools("time limit for investigation in a BNS 64 case")


def test_a_punishment_about_a_cited_section_is_still_a_table_look_up() -> None:
    assert _tools("punishment for rape under BNS 64") == ["legal_reference"]
