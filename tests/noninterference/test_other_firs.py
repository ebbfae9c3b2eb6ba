"""Differential for "what other cases is he in?" after "who is the accused in FIR-X": the
persons self-join on the name (`tools.text2zcql.other_firs`) answers the same on two worlds
that differ only in what the officer may not see (sealed FIRs, masked persons)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.noninterference import world as w
from tests.noninterference.graph_pair import GraphPair
from tests.noninterference.regressions import CONSTABLE, _fir, _person
from tests.noninterference.world import officers, secret_variants, worlds

PROPERTY = settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
FOLLOW_UPS = ["what other cases is he in?", "does she appear in any other FIR"]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory, demo_home: Path) -> Iterator[GraphPair]:
    built = GraphPair(tmp_path_factory.mktemp("ni-other-firs"), demo_home)
    yield built
    built.close()


@st.composite
def cases(draw: st.DrawFn) -> tuple[Any, ...]:
    officer = draw(officers())
    world = draw(worlds())
    fir = draw(st.sampled_from([f["fir_id"] for f in world["firs"]]))
    role = draw(st.sampled_from(w.ROLES))
    history = [f"who is the {role} in {fir}"]
    return (
        officer,
        world,
        draw(secret_variants(world, officer)),
        history,
        draw(st.sampled_from(FOLLOW_UPS)),
    )


@PROPERTY
@given(case=cases())
def test_other_firs_do_not_depend_on_what_the_officer_may_not_see(
    pair: GraphPair, case: Any
) -> None:
    officer, world, variant, history, message = case
    seen, other = pair.ask([world, variant], officer, message, history=history)
    assert seen == other, (history, message)


def _world(*extra_firs: dict[str, Any], persons: list[dict[str, Any]]) -> w.World:
    firs = [_fir("FIR-2026-00001", 1), _fir("FIR-2026-00002", 1), *extra_firs]
    return {"firs": firs, "persons": persons, "vehicles": []}


VISIBLE = _world(
    persons=[
        _person("P-1", "FIR-2026-00001", "Anil Kumar", "accused"),
        _person("P-2", "FIR-2026-00002", "Anil Kumar", "witness"),
    ]
)
juvenile = {**_person("P-4", "FIR-2026-00002", "Anil Kumar", "accused"), "is_juvenile": 1}
WITH_PROTECTED = _world(
    _fir("FIR-2026-00003", 5),
    persons=[
        *VISIBLE["persons"],
        _person("P-3", "FIR-2026-00003", "Anil Kumar", "accused"),
        juvenile,
    ],
)


def test_the_other_fir_is_found_and_the_protected_ones_change_nothing(pair: GraphPair) -> None:
    history = ["who is the accused in FIR-2026-00001"]
    seen, other = pair.ask(
        [VISIBLE, WITH_PROTECTED], CONSTABLE, "what other cases is he in?", history=history
    )
    assert seen == other
    assert seen["route"] == "zcql"
    assert "FIR-2026-00002" in seen["answer"]
    assert "FIR-2026-00003" not in seen["answer"]
    assert len(seen["records"]) == 1


def test_a_masked_referent_is_not_searched(pair: GraphPair) -> None:
    masked = {**_person("P-1", "FIR-2026-00001", "Anil Kumar", "accused"), "is_juvenile": 1}
    world = _world(persons=[masked, _person("P-2", "FIR-2026-00002", "Anil Kumar", "witness")])
    history = ["who is the accused in FIR-2026-00001"]
    seen, _ = pair.ask([world, world], CONSTABLE, "what other cases is he in?", history=history)
    assert seen["route"] == "clarify"
    assert "Anil Kumar" not in seen["answer"]
    assert not seen["records"]
