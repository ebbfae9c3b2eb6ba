"""Identity numbers from OCR lines: PAN, Aadhaar (masked), EPIC, driving licence, holder fields."""

from __future__ import annotations

import random

from tests.support.images import aadhaar_number, dl_number, epic_number, pan_number
from tools.vision.identity import find_identity_numbers, holder_fields
from tools.vision.lines import OcrLine
from tools.vision.recognise import extract_from_lines


def _found(*texts: str) -> list[tuple[str, str, dict[str, bool]]]:
    lines = [OcrLine(text, 0.95) for text in texts]
    return [
        (m.extraction.kind, m.extraction.value, m.extraction.checks)
        for m in find_identity_numbers(lines)
    ]


def test_pan_with_individual_holder_type_passes_all_checks() -> None:
    assert _found("ABCPK1234Z") == [
        ("pan", "ABCPK1234Z", {"format": True, "holder_type": True, "valid": True})
    ]


def test_pan_with_an_unknown_holder_letter_fails_that_check() -> None:
    [(kind, _, checks)] = _found("ABCXK1234Z")
    assert kind == "pan" and checks["holder_type"] is False


def test_pan_with_one_ocr_confusion_is_repaired() -> None:
    assert _found("ABCPK12B4Z")[0][1] == "ABCPK1284Z"


def test_pan_whose_last_letter_is_read_as_punctuation_is_restored() -> None:
    assert _found("IFVPA3076]")[0][1] == "IFVPA3076J"


def test_ordinary_words_are_not_read_as_pan() -> None:
    assert _found("COMMISSION", "DEPARTMENT") == []


def test_aadhaar_value_is_masked_to_the_last_four_digits() -> None:
    number = aadhaar_number(random.Random(5))
    grouped = f"{number[:4]} {number[4:8]} {number[8:]}"
    [match] = find_identity_numbers([OcrLine(grouped, 0.99)])
    extraction = match.extraction
    assert extraction.value == f"XXXX XXXX {number[-4:]}"
    assert extraction.checks == {"format": True, "verhoeff": True}
    assert number not in extraction.model_dump_json() and number[:8] not in str(extraction)


def test_aadhaar_with_a_wrong_check_digit_fails_verhoeff_and_loses_confidence() -> None:
    number = aadhaar_number(random.Random(6))
    wrong = number[:-1] + str((int(number[-1]) + 1) % 10)
    [match] = find_identity_numbers([OcrLine(wrong, 0.99)])
    assert match.extraction.checks["verhoeff"] is False
    assert match.extraction.confidence < 0.6


def test_aadhaar_starting_with_one_fails_the_format_check() -> None:
    [(_, _, checks)] = _found("1234 5678 9012")
    assert checks["format"] is False


def test_voter_id_checksum_is_verified() -> None:
    epic = epic_number(random.Random(7))
    assert _found(epic) == [("voter_id", epic, {"format": True, "checksum": True})]
    bad = epic[:-1] + str((int(epic[-1]) + 1) % 10)
    assert _found(bad)[0][2]["checksum"] is False


def test_driving_licence_is_read_with_separator_and_label() -> None:
    dl = dl_number(random.Random(8))
    [(kind, value, checks)] = _found(f"DL No: {dl[:4]} {dl[4:]}")
    assert (kind, value) == ("driving_licence", dl) and checks["state_code"]


def test_pan_card_holder_name_and_dob_come_from_labels() -> None:
    lines = [
        OcrLine(text, 0.9)
        for text in ("INCOME TAX DEPARTMENT", "Name", "RAVI KUMAR", "Date of Birth", "14/08/1990")
    ]
    assert holder_fields(lines, claimed=set()) == {"name": "RAVI KUMAR", "dob": "14/08/1990"}


def test_inline_labels_are_read_and_unlabelled_names_are_not_guessed() -> None:
    lines = [OcrLine("Meena Shetty", 0.9), OcrLine("DOB: 2/1/1985", 0.9)]
    assert holder_fields(lines, claimed=set()) == {"dob": "02/01/1985"}


def test_pan_number_generator_is_well_formed() -> None:
    assert _found(pan_number(random.Random(2)))[0][2]["valid"]


def test_aadhaar_split_into_fragments_on_one_row_is_read_masked() -> None:
    number = aadhaar_number(random.Random(12))
    fragments = [
        OcrLine(f"{number[:4]} {number[4:8]}", 0.97, (10.0, 100.0, 200.0, 130.0)),
        OcrLine(number[8:], 0.98, (215.0, 101.0, 300.0, 131.0)),
        OcrLine("Meena", 0.9, (10.0, 20.0, 100.0, 50.0)),
    ]
    found = extract_from_lines(fragments)
    assert [(e.kind, e.value) for e in found] == [("aadhaar", f"XXXX XXXX {number[-4:]}")]
    assert number[4:] not in str(found)
