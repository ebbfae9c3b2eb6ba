"""The guard per officer: what each clearance sees, canonical text, audit notes."""

from __future__ import annotations

import pytest

from schemas.officer import Officer
from validators.guardrail.engine import Guardrail, canonical_text

AADHAAR = "2345 6789 0124"
TEXT = (
    f"Aadhaar {AADHAAR}, phone 98450 12345, mail ravi@gmail.com, PAN ABCPE1234F, "
    "IFSC SBIN0001234, FIR-2026-03117, KA01AB1234"
)


def officer(clearance: int) -> Officer:
    return Officer(
        badge_id=f"T-{clearance}", name="T", rank="PI", clearance=clearance, precincts=frozenset()
    )


def redact(clearance: int, text: str = TEXT, deny: list[str] | None = None) -> str:
    return Guardrail.load().for_request(officer(clearance), deny or []).redact(text)[0]


@pytest.mark.parametrize("clearance", [1, 2, 3, 4, 5])
def test_aadhaar_is_masked_to_the_last_four_at_every_clearance(clearance: int) -> None:
    out = redact(clearance)
    assert "XXXX XXXX 0124" in out and AADHAAR not in out


def test_contact_details_are_redacted_below_clearance_3_only() -> None:
    assert "98450" not in redact(2) and "ravi@gmail.com" not in redact(2)
    assert "98450 12345" in redact(3) and "ravi@gmail.com" in redact(3)


def test_documents_and_bank_codes_are_redacted_below_clearance_4_only() -> None:
    assert "ABCPE1234F" not in redact(3) and "SBIN0001234" not in redact(3)
    assert "ABCPE1234F" in redact(4) and "SBIN0001234" in redact(4)


def test_fir_ids_and_plates_stay_visible_even_at_clearance_1() -> None:
    out = redact(1)
    assert "FIR-2026-03117" in out and "KA01AB1234" in out


@pytest.mark.parametrize("clearance", [1, 5])
def test_withheld_values_are_redacted_at_every_clearance(clearance: int) -> None:
    out = redact(clearance, "Victim: CANARY VICTIM Meera", ["CANARY VICTIM Meera"])
    assert "Meera" not in out


def test_zero_width_characters_and_homoglyphs_do_not_hide_a_phone() -> None:
    hidden = "\u200b".join("9845012345")
    assert "[phone withheld]" in redact(1, f"call {hidden}")
    assert "[phone withheld]" in redact(1, "call ９８４５０１２３４５")
    assert "[phone withheld]" in redact(1, "call ९८४५०१२३४५")


def test_canonical_text_folds_cyrillic_and_greek_look_alikes() -> None:
    assert canonical_text("МееrаΚ\u200d") == "MeeraK"


def test_audit_notes_count_kinds_and_reasons_without_values() -> None:
    guard = Guardrail.load().for_request(officer(1), ["CANARY VICTIM Meera"])
    guard.redact(f"{TEXT} CANARY VICTIM Meera")
    notes = {(n["recogniser"], n["reason"]): n["count"] for n in guard.audit_notes()}
    assert notes[("aadhaar", "always_masked")] == 1
    assert notes[("phone", "below_clearance")] == 1
    assert notes[("withheld_value", "withheld_by_clearance_filter")] == 1
    assert "Meera" not in repr(guard.audit_notes())


def test_redact_returns_the_number_of_spans_replaced() -> None:
    guard = Guardrail.load().for_request(officer(1), [])
    assert guard.redact("call 9845012345 or 9900112233")[1] == 2
    assert guard.redact("") == ("", 0)
