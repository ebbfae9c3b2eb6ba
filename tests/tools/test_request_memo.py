"""One request reads a question once: `understand` inside `request_scope` answers exactly as
outside it, keeps readings per ambiguous-station precincts, and hands out independent copies."""

from __future__ import annotations

from datetime import date

from tools.request_memo import per_request, request_memo, request_scope
from tools.text2zcql.understand import understand

TODAY = date(2026, 12, 3)
AMBIGUOUS = "how many thefts in Jayanagar this year"  # Jayanagar PS and Jayanagar PS Shivamogga
PLAIN = "how many vehicle thefts this month"


def test_no_memo_outside_a_request() -> None:
    assert request_memo() is None
    with request_scope():
        assert request_memo() == {}
    assert request_memo() is None


def test_scoped_readings_equal_unscoped() -> None:
    cases = [(AMBIGUOUS, ()), (AMBIGUOUS, ("BLR-S-JNR",)), (PLAIN, ()), (PLAIN, ("BLR-E-WFD",))]
    outside = [understand(q, TODAY, p) for q, p in cases]
    with request_scope():
        inside = [understand(q, TODAY, p) for q, p in cases]
        again = [understand(q, TODAY, p) for q, p in cases]
    assert inside == outside
    assert again == outside


def test_precincts_settle_an_ambiguous_station_per_caller() -> None:
    with request_scope():
        anyone = understand(AMBIGUOUS, TODAY)
        south = understand(AMBIGUOUS, TODAY, ("BLR-S-JNR",))
    assert anyone.unsure and not anyone.entities.stations
    assert [s.precinct_id for s in south.entities.stations] == ["BLR-S-JNR"]
    assert not south.unsure


def test_callers_get_independent_copies() -> None:
    with request_scope():
        first = understand(PLAIN, TODAY)
        first.entities.crimes.clear()
        first.unknown.append("changed")
        second = understand(PLAIN, TODAY)
    assert second == understand(PLAIN, TODAY)
    assert second.entities.crimes
    assert "changed" not in second.unknown


def test_per_request_computes_once_per_request_and_arguments() -> None:
    calls: list[str] = []

    @per_request
    def shout(text: str) -> str:
        calls.append(text)
        return text.upper()

    assert shout("a") == shout("a") == "A"
    assert calls == ["a", "a"]  # nothing kept outside a request
    with request_scope():
        assert [shout("a"), shout("b"), shout("a")] == ["A", "B", "A"]
    with request_scope():
        shout("a")
    assert calls == ["a", "a", "a", "b", "a"]
