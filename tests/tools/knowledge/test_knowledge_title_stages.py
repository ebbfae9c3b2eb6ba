"""A procedure's title names its stages: the steps of one stage are followed by the opening
of the retrieved section naming another ("Sealing and dispatching exhibits": the dispatch)."""

from __future__ import annotations

import pytest

from tools.knowledge.answer import compose_extractive_answer
from tools.knowledge.index import Passage

TITLE = "Sealing and dispatching exhibits to the forensic laboratory"


def _passage(n: int, section: str, text: str, score: float) -> Passage:
    return Passage(f"c-ex-{n}", "sop-exhibits", TITLE, section, text, 1, (), score)


PASSAGES = [
    _passage(
        1,
        "Steps to seal an exhibit",
        "1. Pack each exhibit separately in a clean container.\n"
        "2. Seal the container with the station seal in the presence of two witnesses.\n"
        "3. Label the exhibit with the FIR number and item number.",
        9.0,
    ),
    _passage(
        3,
        "Why the seal matters",
        "An exhibit whose seal is intact is presumed unchanged since it was sealed. "
        "A broken seal must be explained in court.",
        8.0,
    ),
    _passage(
        4,
        "The seal register",
        "The station keeps its seal in the custody of the SHO. "
        "Each use of the seal is entered in the seal register.",
        7.0,
    ),
    _passage(
        2,
        "Dispatching sealed exhibits",
        "Sealed exhibits are dispatched to the laboratory within 7 days through a named "
        "constable carrying the forwarding letter. The constable signs the carriage register.",
        6.0,
    ),
]


@pytest.mark.parametrize(
    "question", ["steps to seal an exhibit", "how do I seal exhibits properly"]
)
def test_the_steps_of_one_stage_are_followed_by_the_next_stage_the_title_names(question):
    result = compose_extractive_answer(question, PASSAGES)
    assert "Seal the container" in result.answer
    assert "dispatched to the laboratory within 7 days" in result.answer
    assert result.citations[0].id == "sop-exhibits#steps-to-seal-an-exhibit"
    assert "sop-exhibits#dispatching-sealed-exhibits" in {c.id for c in result.citations}


def test_a_stage_already_answered_is_not_repeated():
    result = compose_extractive_answer("steps to seal and dispatch an exhibit", PASSAGES)
    assert result.answer.count("dispatched to the laboratory") == 1
