"""What an officer sees on the demo chat page, in a real browser."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser import harness
from tests.browser.harness import ARTIFACTS
from tests.support.images import PlateStyle, encode, render_plate

pytestmark = pytest.mark.browser


def ask(page: Any, message: str) -> Any:
    """Type a question, press Enter, and return the answer bubble once it is rendered."""
    answers = page.locator("#log .turn.assistant")
    before = answers.count()
    page.fill("#message", message)
    page.press("#message", "Enter")
    page.wait_for_function(
        "n => document.querySelectorAll('#log .turn.assistant').length > n", arg=before
    )
    return answers.nth(before)


def progress_steps(page: Any) -> list[str]:
    return [text.strip() for text in page.locator("#progress .step").all_inner_texts()]


def test_records_question_shows_route_answer_and_progress(page: Any) -> None:
    answer = ask(page, "how many vehicle thefts in KR Puram this year")

    assert answer.locator(".badge").inner_text().lower() == "zcql"
    assert answer.locator(".answer-text").inner_text().strip()
    steps = progress_steps(page)
    assert steps[:2] == ["reading your question", "routing"]
    assert any(step.startswith("route: zcql (") for step in steps)
    assert "validating query" in steps and "checking clearance" in steps
    assert "redactions:" in answer.locator(".meta").inner_text()


def test_procedure_question_shows_sop_citations(page: Any) -> None:
    answer = ask(page, "what is a zero FIR")

    assert answer.locator(".badge").inner_text().lower() == "rag"
    assert "zero" in answer.locator(".answer-text").inner_text().lower()
    assert answer.locator(".citations li").count() >= 1
    assert "searching SOPs" in progress_steps(page)


def test_hybrid_question_with_the_fir_open_answers_both_parts(page: Any) -> None:
    page.wait_for_selector("#fir-list button.open-fir")
    fir_id = page.locator("#fir-list tr td").first.inner_text().strip()
    page.click(f"button[aria-label='Open {fir_id}']")
    assert f"{fir_id} (fir_view)" in page.inner_text("#context-summary")

    answer = ask(page, f"what is the procedure for {fir_id} and what is its status?")

    assert answer.locator(".badge").inner_text().lower() == "hybrid"
    text = answer.locator(".answer-text").inner_text()
    assert "From the records" in text and "From the SOPs" in text
    assert answer.locator(".citations li").count() >= 1
    steps = progress_steps(page)
    assert "searching SOPs" in steps and "validating query" in steps


def test_plate_photo_is_read_and_answered_on_the_vision_route(page: Any) -> None:
    photo = encode(render_plate("KA05MN4321", PlateStyle(), random.Random(3)), "PNG")
    page.set_input_files(
        "#image", files=[{"name": "plate.png", "mimeType": "image/png", "buffer": photo}]
    )
    page.wait_for_selector("#attachment:has-text('plate.png')")

    answer = ask(page, "whose vehicle is this?")

    assert answer.locator(".badge").inner_text().lower() == "vision"
    assert answer.locator(".answer-text").inner_text().strip()
    assert "KA05MN4321" in answer.inner_text().replace(" ", "")
    assert "reading the image" in progress_steps(page)


def test_a_file_that_is_not_jpeg_or_png_is_refused_in_the_page(page: Any) -> None:
    page.set_input_files(
        "#image", files=[{"name": "notes.png", "mimeType": "image/png", "buffer": b"GIF89a..."}]
    )

    page.wait_for_selector("#form-error:has-text('not a JPEG or PNG')", timeout=10_000)
    assert page.inner_text("#attachment") == ""


def test_slash_commands_complete_from_the_catalogue_by_keyboard(page: Any) -> None:
    page.focus("#message")
    page.keyboard.type("/pl")
    suggestions = page.locator("#suggestions [role=option]")
    assert suggestions.count() == 1
    assert "/plate" in suggestions.inner_text()
    assert page.get_attribute("#message", "aria-expanded") == "true"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")

    assert page.input_value("#message") == "/plate"
    assert page.is_hidden("#suggestions")
    assert page.get_attribute("#message", "aria-expanded") == "false"


def test_choosing_another_officer_signs_in_as_them(page: Any) -> None:
    page.select_option("#officer", "KA-3004")
    page.wait_for_function(
        "document.getElementById('officer-status').textContent.includes('sexual_offence_unit')"
    )
    answer = ask(page, "hello")

    assert answer.locator(".badge").inner_text().lower() == "smalltalk"
    assert "Shilpa Rao" in answer.locator(".answer-text").inner_text()


def test_page_fits_a_phone_screen(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        phone = context.new_page()
        phone.goto(base_url + "/")
        phone.wait_for_selector("body[data-ready=true]")
        overflow = phone.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0
        assert phone.is_visible("#message") and phone.is_visible("#send")
        ARTIFACTS.mkdir(exist_ok=True)
        phone.screenshot(path=str(ARTIFACTS / "phone.png"), full_page=True)
    finally:
        context.close()


def test_follow_up_carries_the_conversation_on_the_page(page: Any) -> None:
    first = ask(page, "how many vehicle thefts in KR Puram in 2025")
    assert first.locator(".badge").inner_text().lower() == "zcql"
    conversation = page.inner_text("#conversation")

    follow_up = ask(page, "and in 2024?")

    assert follow_up.locator(".badge").inner_text().lower() in {"zcql", "hybrid"}
    text = follow_up.locator(".answer-text").inner_text()
    assert "KR Puram" in text and "registered 2024-01-01 to 2024-12-31" in text
    assert "registered 2025" not in text
    assert page.inner_text("#conversation") == conversation


def test_the_recent_fir_list_is_the_acting_officers_own(page: Any) -> None:
    page.wait_for_selector("#fir-list button.open-fir")
    kr_puram_ids = set(page.locator("#fir-list tr td:first-child").all_inner_texts())
    page.select_option("#officer", "KA-3006")
    page.wait_for_function(
        "ids => ![...document.querySelectorAll('#fir-list tr td:first-child')]"
        ".some(td => ids.includes(td.textContent))",
        arg=sorted(kr_puram_ids),
    )
    stations = set(page.locator("#fir-list tr td:nth-child(2)").all_inner_texts())
    assert stations and all("KR Puram" not in station for station in stations)


def test_a_plate_photo_asked_about_shows_the_linked_fir(page: Any, tmp_path_factory: Any) -> None:
    import sqlite3

    from tools.roster import officer_by_badge

    home = harness.seeded_home(tmp_path_factory.getbasetemp())
    precincts = sorted(officer_by_badge("KA-3003").precincts)
    marks = ",".join("?" * len(precincts))
    with sqlite3.connect(home / "records.db") as db:
        plate, fir_id = db.execute(
            "SELECT v.registration_no, v.fir_id FROM vehicles v JOIN firs f USING (fir_id) "
            f"WHERE f.sensitivity <= 3 AND f.precinct_id IN ({marks}) "
            "AND length(v.registration_no) = 10 ORDER BY v.vehicle_id",
            precincts,
        ).fetchone()
    photo = encode(render_plate(plate, PlateStyle(), random.Random(5)), "PNG")
    page.set_input_files(
        "#image", files=[{"name": "car.png", "mimeType": "image/png", "buffer": photo}]
    )
    page.wait_for_selector("#attachment:has-text('car.png')")

    answer = ask(page, "is this vehicle in any FIR?")

    assert answer.locator(".badge").inner_text().lower() == "vision"
    assert plate in answer.inner_text().replace(" ", "")
    assert fir_id in answer.inner_text()
