"""A question citing a BNS section but asking something its table row does not hold (a time
limit, a checklist) is answered from the knowledge base, never with the section's punishment;
a look-up of the row is still answered by the table (issue 15)."""

from __future__ import annotations

import asyncio
from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.rag_answer import rag_answer
from tools.knowledge.index import Passage

LIMITS = Passage(
    chunk_id="sop-investigation-time-limits#sexual-offences",
    doc_id="sop-investigation-time-limits",
    title="Investigation time limits under the BNSS",
    section="Rape and POCSO offences",
    text=(
        "Under BNSS 193(2), the investigation of offences under BNS 64-71 (rape and related "
        "offences) must be completed within 2 months from the date on which the information "
        "was recorded by the officer in charge of the police station."
    ),
    clearance=1,
    precincts=(),
    score=0.9,
    force_wide=True,
)


def _answer(text: str) -> str:
    state: Any = {"text": text, "passages": [LIMITS]}
    update = asyncio.run(rag_answer(state, Runtime(context=GraphContext())))
    return update["results"][0].answer


def test_a_time_limit_asked_about_a_cited_section_comes_from_the_knowledge_base() -> None:
    answer = _answer("time limit to complete the investigation of a rape case u/s 64 BNS")
    assert "2 months" in answer
    assert "punishment" not in answer


def test_a_checklist_asked_about_a_cited_section_is_not_its_punishment() -> None:
    answer = _answer("raid planning checklist for an organised crime gang under BNS 111")
    assert "punishment" not in answer


def test_the_punishment_of_a_cited_section_is_still_the_table_row() -> None:
    answer = _answer("punishment for rape u/s 64 BNS")
    assert "BNS 64" in answer and "punishment:" in answer
