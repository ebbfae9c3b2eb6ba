"""Withheld values: matched robustly, and nothing else is touched."""

from __future__ import annotations

import pytest

from validators.guardrail.denylist import DenyList, phonetic_key
from validators.guardrail.engine import non_overlapping
from validators.guardrail.numbers import runs

NAME = "CANARY VICTIM Meera"
ADDRESS = "45, 3rd Cross, Kaggadasapura Main Road, Bengaluru 560093"


def redacted(values: list[str], text: str, allow: tuple[str, ...] = ()) -> list[str]:
    found = DenyList(values, allow).findings(text, runs(text))
    return [text[f.start : f.end] for f in non_overlapping(found)]


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
    text = "The victim's statement was recorded; the complainant Kavya Hegde met the IO."
    assert redacted([NAME, "Shanthi Devi"], text) == []


@pytest.mark.parametrize("written", ["Meera", "meera", "MIRA", "M e e r a", "Canary"])
def test_a_bare_name_part_of_a_withheld_person_is_matched(written: str) -> None:
    assert redacted([NAME], f"Statement of {written} recorded; Meera Road") != []
    assert written in redacted([NAME], f"Statement of {written} recorded")


def test_common_words_in_a_withheld_name_are_not_matched_alone() -> None:
    assert redacted([NAME], "The victim's statement was recorded") == []


def test_a_name_part_the_officer_may_see_is_left_alone() -> None:
    assert redacted(["T. Shankar"], "D. Shankar is the IO", allow=("D. Shankar",)) == []
    assert redacted(["T. Shankar"], "T Shankar is the IO", allow=("D. Shankar",)) == ["T Shankar"]
    assert redacted(["T. Shankar"], "D. Shankar is the IO") == ["Shankar"]


@pytest.mark.parametrize(
    "written", ["45, 3rd Cross", "#45 3rd cross", "45/3rd Cross", "Kaggadasapura", "kagadasapura"]
)
def test_withheld_address_matches_on_house_and_street_and_distinctive_locality(
    written: str,
) -> None:
    assert redacted([ADDRESS], f"lives at {written} with family") != []


def test_address_place_words_and_allowed_places_are_left_alone() -> None:
    text = "Thefts near Main Road, Bengaluru rose; 3rd Cross was patrolled; KR Puram PS responded."
    assert redacted([ADDRESS, "Near Bus Stand, KR Puram", "KR Puram PS"], text) == []


@pytest.mark.parametrize("value", ["Online", "ONLINE FRAUD", "Near Bus Stand, KR Puram"])
def test_withheld_values_of_public_vocabulary_match_nothing(value: str) -> None:
    text = "2 online fraud cases near the bus stand in KR Puram; crime_head = 'ONLINE FRAUD'"
    assert redacted([value], text) == []


def test_a_withheld_value_equal_to_an_allowed_one_is_dropped() -> None:
    deny = DenyList(["Hoodi Kaggadasapura"], allow=["Hoodi Kaggadasapura"])
    assert len(deny) == 0


@pytest.mark.parametrize(
    "written",
    [
        "9,9,0,0,1,1,2,2,3,3",
        "99001_12233",
        "9a9a0a0a1a1a2a2a3a3",
        "nine nine zero zero one one two two three three",
        "3322110099",
        "99OO112233",
    ],
)
def test_withheld_phone_matches_however_its_digits_are_written(written: str) -> None:
    assert redacted(["9900112233"], f"ph {written}") != []


def test_other_numbers_with_shared_digits_are_left_alone() -> None:
    assert redacted(["9900112233"], "ph 9900112234, FIR-2026-03117") == []


def test_phonetic_key_folds_common_spellings() -> None:
    assert phonetic_key("Meera") == phonetic_key("Mira")
    assert phonetic_key("Shanthi") == phonetic_key("Santhi")
    assert phonetic_key("Meera") != phonetic_key("Mohan")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Seen: M e e r a at the gate.", ["M e e r a"]),
        ("Seen: M-e-e-r-a, with a, b and c nearby.", ["M-e-e-r-a"]),
        ("Options a, then b, then c: none is a name.", []),  # single letters, never in a row
    ],
)
def test_a_spelled_out_name_is_read_only_from_single_letters_in_a_row(
    text: str, found: list[str]
) -> None:
    deny = DenyList(["Meera Canaryvictim"])
    assert [text[f.start : f.end] for f in deny.findings(text)] == found
