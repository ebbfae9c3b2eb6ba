"""Differential through the whole graph: questions, slash commands, page contexts naming
sealed FIRs, the zcql, hybrid and fallback routes; and the named regressions of finding 1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.noninterference import world as w
from tests.noninterference.graph_pair import GraphPair
from tests.noninterference.regressions import CONSTABLE, VISIBLE, WITH_SEALED
from tests.noninterference.world import officers, secret_variants, worlds

PROPERTY = settings(
    max_examples=50,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

QUESTIONS = [
    "/vehicle {plate}",
    "/person {name}",
    "/fir {fir}",
    "status of {fir}",
    "who is the investigating officer of {fir}",
    "how many FIRs in KR Puram last month",
    "list thefts in Rajajinagar last month",
    "how many robbery cases last month",
    "month-wise FIRs in KR Puram",
    "/stats KR Puram last month",
    "/ask how many FIRs in KR Puram last month",
    "what is the procedure for {fir} and what is its status?",
]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory, demo_home: Path) -> Iterator[GraphPair]:
    built = GraphPair(tmp_path_factory.mktemp("ni-graph"), demo_home)
    yield built
    built.close()


@st.composite
def questions(draw: st.DrawFn) -> tuple[str, str | None]:
    template = draw(st.sampled_from([*QUESTIONS, "who is the IO on this one"]))
    fir = draw(st.sampled_from(w.FIR_IDS[:8]))
    text = template.format(
        plate=draw(st.sampled_from(w.PLATES)), name=draw(st.sampled_from(w.NAMES)), fir=fir
    )
    return text, fir if "this one" in text else None


@st.composite
def cases(draw: st.DrawFn) -> tuple[Any, ...]:
    officer = draw(officers())
    world = draw(worlds())
    return officer, world, draw(secret_variants(world, officer)), draw(questions())


@PROPERTY
@given(case=cases())
def test_graph_responses_do_not_depend_on_what_the_officer_may_not_see(
    pair: GraphPair, case: Any
) -> None:
    officer, world, variant, (message, page_fir) = case
    seen, other = pair.ask([world, variant], officer, message, page_fir)
    assert seen == other, message


# Finding 1 of issue 13, each variant as its own regression (worlds in `regressions`).


@pytest.mark.parametrize(
    "message",
    [
        "how many FIRs in KR Puram last month",
        "/vehicle KA04VK5932",
        "/vehicle KA04VK5933",
        "/person Chitra Shetty",
        "/person Deepa Naik",
    ],
)
def test_finding_1_chat_and_slash_commands_reveal_no_withheld_count(
    pair: GraphPair, message: str
) -> None:
    seen, other = pair.ask([VISIBLE, WITH_SEALED], CONSTABLE, message)
    assert seen == other
    assert "withheld" not in seen["answer"] and "clearance" not in seen["answer"]


def test_finding_1_a_page_context_naming_a_sealed_fir_reveals_nothing(pair: GraphPair) -> None:
    seen, other = pair.ask(
        [VISIBLE, WITH_SEALED], CONSTABLE, "who is the IO on this one", "FIR-2026-00002"
    )
    assert seen == other
