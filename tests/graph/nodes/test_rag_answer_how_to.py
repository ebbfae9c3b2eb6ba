"""A how-to question about a provision the legal table states is answered from that
provision's own SOP passage; a look-up about the same provision keeps the table's rule."""

from __future__ import annotations

import asyncio
from typing import Any

from langgraph.runtime import Runtime

from graph.context import GraphContext
from graph.nodes.rag_answer import rag_answer
from tools.knowledge.index import Passage

SOP = Passage(
    chunk_id="sop-default-bail-bnss-187#steps",
    doc_id="sop-default-bail-bnss-187",
    title="Default bail and the final-report limits",
    section="Steps for the IO",
    text=(
        "On the day of the first remand, write the last day of the period in the case diary.\n"
        "Count the day of the first remand as day 1 when working out the default bail period."
    ),
    clearance=1,
    precincts=(),
    score=0.9,
    force_wide=True,
)


def _answer(text: str) -> str:
    state: Any = {"text": text, "passages": [SOP]}
    update = asyncio.run(rag_answer(state, Runtime(context=GraphContext())))
    return update["results"][0].answer


def test_how_to_count_default_bail_days_is_answered_from_the_sop() -> None:
    answer = _answer("default bail ke liye din kaise ginte hai")
    assert "day 1" in answer and "case diary" in answer


def test_a_default_bail_look_up_still_states_the_rule() -> None:
    answer = _answer("default bail after how many days")
    assert "BNSS 187(3)" in answer
