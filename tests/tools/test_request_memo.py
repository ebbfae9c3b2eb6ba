"""One request reads a question once: `understand` inside `request_scope` answers exactly as
outside it, keeps readings per ambiguous-station precincts, and hands out independent copies."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

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


def test_the_rules_read_a_question_for_arithmetic_once_per_request(monkeypatch) -> None:
    """`rule_route` asks about stated arithmetic three times (directly, and through
    `needs_tools` and `plain_arithmetic`); in a request the question is read once, and the
    route is the one decided outside a request."""
    from graph.fallback import compute
    from graph.routing.rules import rule_route

    reads: list[str] = []
    clock_span = compute._clock_span

    def counted(question: str) -> compute.Computation | None:
        reads.append(question)
        return clock_span(question)

    monkeypatch.setattr(compute, "_clock_span", counted)
    questions = [
        PLAIN,
        "what is 18% of 2,35,000",
        "steps to follow when a POCSO complaint is received",
    ]
    outside = [rule_route(q, None) for q in questions]
    unscoped = len(reads)
    reads.clear()
    with request_scope():
        inside = [rule_route(q, None) for q in questions]
    assert inside == outside
    assert sorted(set(reads)) == sorted(reads) and unscoped > len(reads)


class CountingPattern:
    """A compiled pattern that records the texts its `sub` is run on."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.texts: list[str] = []

    def sub(self, repl: Any, text: str) -> str:
        self.texts.append(text)
        return self.pattern.sub(repl, text)


def test_a_question_is_normalised_and_put_into_english_once_per_request(monkeypatch) -> None:
    """The records reader's cheap checks (`asks_forecast`, `not_about_records`) and the
    reading itself each normalise the question and put it into English: once per request."""
    from tools.domain import synonyms
    from tools.text2zcql import offline
    from tools.text2zcql import understand as reader

    typos = CountingPattern(synonyms._TYPO_RE)
    english = CountingPattern(reader._PLUS_JOINS)
    monkeypatch.setattr(synonyms, "_TYPO_RE", typos)
    monkeypatch.setattr(reader, "_PLUS_JOINS", english)
    question = "kitne chain snatching cases next month hoga"
    outside = [offline.asks_forecast(question), offline.not_about_records(question)]
    assert len(typos.texts) == len(english.texts) == 2
    typos.texts.clear()
    english.texts.clear()
    with request_scope():
        inside = [offline.asks_forecast(question), offline.not_about_records(question)]
    assert inside == outside
    assert len(typos.texts) == len(english.texts) == 1
