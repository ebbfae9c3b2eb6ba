"""Withheld values: matched robustly, and nothing else is touched."""

from __future__ import annotations

import pytest

from validators.guardrail.denylist import DenyList, phonetic_key

NAME = "CANARY VICTIM Meera"


def redacted(values: list[str], text: str) -> list[str]:
    return [text[f.start : f.end] for f in DenyList(values).findings(text)]


@pytest.mark.parametrize(
    "written",
    [
        "CANARY VICTIM Meera",
        "canary victim meera",
        "CANARY  VICTIM\tMEERA",
        "Meera Canary Victim",
        "Victim Canary Meera",
        "CANARY VICTIM Mira",
        "Canary Meera",
        "CanaryVictimMeera",
        "C A N A R Y V I C T I M M E E R A",
        "M-e-e-r-a Canary Victim",
    ],
)
def test_withheld_name_matches_case_spacing_order_and_spelling(written: str) -> None:
    assert redacted([NAME], f"The victim is {written}.") != []


@pytest.mark.parametrize(
    ("withheld", "written"),
    [
        ("Shanthi Devi", "Santhi Devi"),
        ("Meera Shetty", "Mira Shety"),
        ("Kumaar Swamy", "Kumar Svami"),
    ],
)
def test_transliteration_variants_match(withheld: str, written: str) -> None:
    assert redacted([withheld], f"Named: {written}") == [written]


@pytest.mark.parametrize(
    "written", ["9900112233", "99001 12233", "+91 99001-12233", "990-011-2233", "(990) 011 2233"]
)
def test_withheld_phone_matches_in_any_grouping(written: str) -> None:
    assert redacted(["9900112233"], f"ph {written}") != []


def test_unrelated_words_and_other_people_are_left_alone() -> None:
    text = "The victim's statement was recorded; Meera Road; Canary Wharf; Kavya Hegde is the IO."
    assert redacted([NAME, "Shanthi Devi"], text) == []


def test_initials_tell_people_apart() -> None:
    assert redacted(["T. Shankar"], "D. Shankar is the IO") == []
    assert redacted(["T. Shankar"], "T Shankar is the IO") == ["T Shankar"]


def test_other_numbers_with_shared_digits_are_left_alone() -> None:
    assert redacted(["9900112233"], "ph 9900112234, FIR-2026-03117") == []


def test_phonetic_key_folds_common_spellings() -> None:
    assert phonetic_key("Meera") == phonetic_key("Mira")
    assert phonetic_key("Shanthi") == phonetic_key("Santhi")
    assert phonetic_key("Meera") != phonetic_key("Mohan")
