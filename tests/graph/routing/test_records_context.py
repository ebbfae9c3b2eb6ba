"""Records follow-ups and page-context references stay on the records route."""

from __future__ import annotations

from datetime import UTC, datetime

from graph.nodes.router import override
from graph.state import Turn
from schemas.page_context import PageContext


def page(ids: list[str], active: str | None = None) -> PageContext:
    return PageContext(
        schema_version="1",
        captured_at=datetime.now(UTC),
        visible_record_ids=ids,
        active_fir_id=active,
    )


def turn(question: str, route: str) -> Turn:
    return Turn(question=question, answer="…", route=route)


def test_elliptical_follow_up_of_a_records_question_is_records() -> None:
    state = {"text": "aur Lashkar mein?", "history": [turn("kitne murder Nazarbad mein", "zcql")]}
    assert override(state) == ("zcql", "follows up the previous records question")


def test_a_follow_up_of_a_procedure_question_is_left_to_the_classifier() -> None:
    state = {"text": "and for a woman?", "history": [turn("how to arrest at night", "rag")]}
    assert override(state) is None


def test_a_procedure_question_after_records_is_not_pulled_onto_records() -> None:
    history = [turn("thefts in Whitefield", "zcql")]
    assert override({"text": "what is the procedure for that?", "history": history}) is None


def test_these_over_an_fir_list_is_records() -> None:
    state = {"text": "which of these are closed", "page_context": page(["FIR-2026-00011"])}
    assert override(state) == ("zcql", "refers to the FIRs listed on screen")


def test_a_question_about_the_open_fir_is_records() -> None:
    state = {"text": "who is the IO?", "page_context": page(["FIR-2026-00011"], "FIR-2026-00011")}
    assert override(state) == ("zcql", "asks about the FIR open on screen")


def test_that_io_s_cases_after_an_fir_was_named_is_records() -> None:
    history = [turn("IO of FIR-2026-00011?", "zcql")]
    state = {"text": "Which other FIRs does that IO have?", "history": history}
    assert override(state) == ("zcql", "asks for the cases of the IO of an FIR named earlier")


def test_the_ones_on_my_screen_over_an_fir_list_is_records() -> None:
    for text in ("of the ones on my screen how many are closed", "isme se kitne closed"):
        state = {"text": text, "page_context": page(["FIR-2026-00011"])}
        assert override(state) == ("zcql", "refers to the FIRs listed on screen"), text


def test_a_follow_up_with_no_earlier_question_goes_to_the_records_reader_to_ask_which() -> None:
    route, _ = override({"text": "and what about the year before?"}) or (None, "")
    assert route == "zcql"


def test_what_else_is_pending_with_that_io_after_an_fir_was_named_is_records() -> None:
    history = [Turn(question="IO of FIR-2026-00412?", answer="…", route="zcql")]
    state = {"text": "anything else pending with that IO", "history": history}
    assert override(state) == ("zcql", "asks for the cases of the IO of an FIR named earlier")
