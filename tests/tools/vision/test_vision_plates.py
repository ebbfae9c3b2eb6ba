"""Plate normalisation, position-aware OCR repair and Indian-format validation."""

from __future__ import annotations

import random

import pytest

from tests.support.images import random_plate, spaced_plate
from tools.vision.plates import is_valid_plate, lookup_question, normalise, read_plate


def test_normalise_uppercases_and_strips_separators() -> None:
    assert normalise("ka-05 mn.4321") == "KA05MN4321"


@pytest.mark.parametrize(
    ("raw", "plate"),
    [
        ("KA 05 MN 4321", "KA05MN4321"),
        ("KA O5 MN 432I", "KA05MN4321"),  # letters read in digit positions
        ("K4 05 MN 4321", "KA05MN4321"),  # a digit read in a letter position
        ("MH 12 8C 0007", "MH12BC0007"),
        ("DL 3C AB 1234", "DL3CAB1234"),
        ("22 BH 1234 AA", "22BH1234AA"),
        ("22 8H 1234 AA", "22BH1234AA"),
        ("IND KA05MN4321", "KA05MN4321"),
        ("|KA05MN4321", "KA05MN4321"),  # a border read as a character
    ],
)
def test_ocr_readings_are_repaired_into_the_plate(raw: str, plate: str) -> None:
    reading = read_plate(raw)
    assert reading is not None and reading.value == plate


def test_repairs_lower_the_confidence_factor() -> None:
    clean, repaired = read_plate("KA 05 MN 4321"), read_plate("KA O5 MN 432I")
    assert clean is not None and repaired is not None
    assert repaired.repairs == 2 and repaired.confidence_factor < clean.confidence_factor


@pytest.mark.parametrize("raw", ["XX05MN4321", "HELLO WORLD", "KA", "1234567890", ""])
def test_text_that_is_not_a_plate_of_a_real_state_is_refused(raw: str) -> None:
    assert read_plate(raw) is None


def test_bh_series_plate_is_marked_and_has_no_state() -> None:
    reading = read_plate("23 BH 0042 C")
    assert reading is not None and reading.bh_series and reading.state is None


def test_validity_follows_the_documented_regexes() -> None:
    assert is_valid_plate("KA01AB1234") and is_valid_plate("TN9A1") and is_valid_plate("21BH1234XY")
    assert not is_valid_plate("KA01AB12345") and not is_valid_plate("21BH123XY")


def test_every_generated_plate_round_trips_through_its_printed_form() -> None:
    rng = random.Random(11)
    for _ in range(300):
        plate = random_plate(rng)
        reading = read_plate(spaced_plate(plate))
        assert reading is not None and reading.value == plate and reading.repairs == 0


def test_lookup_question_names_the_plate() -> None:
    assert lookup_question("KA05MN4321") == "is KA05MN4321 in any FIR?"
