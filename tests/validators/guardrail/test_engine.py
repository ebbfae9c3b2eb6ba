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


# ---- issue 13, finding 4: every format the security review got through, by name

FINDING_4_AADHAAR = {
    "digits_separated_by_commas": "2,3,4,5,6,7,8,9,0,1,2,4",
    "digits_separated_by_underscores": "2345_6789_0124",
    "digits_separated_by_a_run_of_punctuation": "2345 -- 6789 // 0124",
    "digits_interleaved_with_letters": "2a3a4a5a6a7a8a9a0a1a2a4",
    "english_number_words": "two three four five six seven eight nine zero one two four",
    "hindi_number_words_romanised": "do teen char paanch chhah saat aath nau shunya ek do char",
    "hindi_number_words_devanagari": "दो तीन चार पांच छह सात आठ नौ शून्य एक दो चार",
    "kannada_number_words_romanised": (
        "eradu mooru naalku aidu aaru elu entu ombattu sonne ondu eradu naalku"
    ),
    "kannada_number_words_native": ("ಎರಡು ಮೂರು ನಾಲ್ಕು ಐದು ಆರು ಏಳು ಎಂಟು ಒಂಬತ್ತು ಸೊನ್ನೆ ಒಂದು ಎರಡು ನಾಲ್ಕು"),
    "reversed": "4210 9876 5432",
    "look_alike_letters": "2345 6789 OI24",
    "base64": "MjM0NTY3ODkwMTI0",
    "hex": "323334353637383930313234",
}
FINDING_4_PHONE = {
    "digits_separated_by_commas": "9,8,4,5,0,1,2,3,4,5",
    "digits_separated_by_underscores": "98450_12345",
    "digits_interleaved_with_letters": "9x8x4x5x0x1x2x3x4x5",
    "english_number_words": "nine eight four five zero one two three four five",
    "hindi_number_words_romanised": "nau aath char paanch shunya ek do teen char paanch",
    "kannada_number_words_native": "ಒಂಬತ್ತು ಎಂಟು ನಾಲ್ಕು ಐದು ಸೊನ್ನೆ ಒಂದು ಎರಡು ಮೂರು ನಾಲ್ಕು ಐದು",
    "reversed": "5432105489",
    "look_alike_letters": "98450 l2345",
    "base64": "OTg0NTAxMjM0NQ==",
    "hex": "39383435303132333435",
}


@pytest.mark.parametrize("name", sorted(FINDING_4_AADHAAR))
def test_finding_4_aadhaar_written_any_way_is_masked(name: str) -> None:
    written = FINDING_4_AADHAAR[name]
    out = redact(5, f"Her UID is {written}, verified.")
    assert written not in out and "XXXX XXXX" in out


@pytest.mark.parametrize("name", sorted(FINDING_4_PHONE))
def test_finding_4_phone_written_any_way_is_masked_below_clearance_3(name: str) -> None:
    written = FINDING_4_PHONE[name]
    assert redact(1, f"Reach her on {written} today.") == "Reach her on [phone withheld] today."


@pytest.mark.parametrize("name", sorted(FINDING_4_PHONE))
def test_finding_4_withheld_phone_written_any_way_is_masked_at_every_clearance(name: str) -> None:
    out = redact(5, f"Reach her on {FINDING_4_PHONE[name]} today.", ["9845012345"])
    assert out == "Reach her on [withheld] today."


def test_finding_4_bare_first_name_of_a_withheld_person_is_masked() -> None:
    assert redact(5, "Meera gave a statement.", ["CANARY VICTIM Meera"]) == (
        "[withheld] gave a statement."
    )


def test_finding_4_partial_address_of_a_withheld_person_is_masked() -> None:
    address = "17, 4th Cross, Kaggadasapura, Bengaluru 560093"
    out = redact(5, "She lives at 17, 4th Cross near Kaggadasapura.", [address])
    assert "17, 4th Cross" not in out and "Kaggadasapura" not in out


def test_finding_4_online_in_a_crime_head_and_in_cited_sql_is_not_masked() -> None:
    text = (
        "3 ONLINE FRAUD cases. SELECT COUNT(fir_id) FROM firs "
        "WHERE crime_head = 'ONLINE FRAUD' AND place_of_occurrence = 'Online'"
    )
    assert redact(1, text, ["Online", "Online"]) == text


def test_finding_4_the_officers_own_station_is_not_masked() -> None:
    text = "KR Puram PS registered 12 thefts near the KR Puram bus stand."
    deny = ["Near Bus Stand, KR Puram", "KR Puram PS", "CANARY COMPLAINANT Suresh"]
    guard = Guardrail.load().for_request(officer(2), deny, ["KR Puram PS", "TWO-WHEELER THEFT"])
    assert guard.redact(text) == (text, 0)


def test_values_in_the_officers_visible_rows_are_never_masked() -> None:
    visible = ["Ravi Shetty", "45, 3rd Cross, Hoodi, Bengaluru 560048"]
    guard = Guardrail.load().for_request(officer(1), ["Ravi Gowda", "45, 3rd Cross"], visible)
    text = "Accused Ravi Shetty of 45, 3rd Cross, Hoodi was arrested."
    assert guard.redact(text) == (text, 0)
    assert guard.redact("Ravi Gowda was questioned")[0] == "[withheld] was questioned"


def test_the_allow_list_does_not_unmask_identifiers_below_clearance() -> None:
    guard = Guardrail.load().for_request(officer(1), [], ["complainant phone 9845012345"])
    assert guard.redact("complainant phone 9845012345")[0] == "complainant phone [phone withheld]"


def test_a_repeated_text_is_counted_every_time_it_is_redacted() -> None:
    guard = Guardrail.load().for_request(officer(1), ["CANARY VICTIM Meera"])
    cell = "CANARY VICTIM Meera, 9845012345"
    first, second = guard.redact(cell), guard.redact(cell)
    assert first == second and first[1] == 2 and "Meera" not in first[0]
    notes = {(n["recogniser"], n["reason"]): n["count"] for n in guard.audit_notes()}
    assert notes[("phone", "below_clearance")] == 2
    assert notes[("withheld_value", "withheld_by_clearance_filter")] == 2


def test_requests_with_the_same_deny_list_share_its_automata_but_not_their_counts() -> None:
    guardrail = Guardrail.load()
    deny, allow = ["Meera Canaryvictim", "9845012345"], ["KR Puram"]
    first = guardrail.for_request(officer(1), deny, allow)
    again = guardrail.for_request(officer(1), list(deny), list(allow))
    assert again.deny is first.deny
    assert guardrail.for_request(officer(1), deny, ["Meera"]).deny is not first.deny
    assert guardrail.for_request(officer(1), [*deny, "Ravi"], allow).deny is not first.deny
    first.redact("Meera was called on 9845012345.")
    assert first.audit_notes() and again.audit_notes() == []


def test_without_withheld_values_the_allow_list_changes_nothing() -> None:
    guardrail = Guardrail.load()
    text = "Call 9845012345 about KR Puram."
    alone = guardrail.for_request(officer(1), [], [])
    allowed = guardrail.for_request(officer(1), [], ["KR Puram", "9845012345"])
    assert alone.deny is allowed.deny
    assert (
        allowed.redact(text) == alone.redact(text) == ("Call [phone withheld] about KR Puram.", 1)
    )
