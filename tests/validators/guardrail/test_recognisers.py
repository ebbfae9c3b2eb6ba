"""Each recogniser alone: the shapes it must see and the look-alikes it must leave."""

from __future__ import annotations

import pytest

from validators.guardrail import recognisers as r

MOBILE = "9845012345"


def kinds(recognise: r.Recogniser, text: str) -> list[str]:
    return [text[f.start : f.end] for f in recognise(r.Scan(text))]


@pytest.mark.parametrize(
    "written",
    [
        "9845012345",
        "98450 12345",
        "98450-12345",
        "984-501-2345",
        "98 45 01 23 45",
        "+91 98450 12345",
        "+91-9845012345",
        "+919845012345",
        "09845012345",
        "0091 98450 12345",
        "(+91) 98450 12345",
    ],
)
def test_phone_is_seen_in_every_grouping_and_prefix(written: str) -> None:
    found = list(r.phones(r.Scan(f"call {written} now")))
    assert len(found) == 1
    assert "".join(
        ch for ch in f"call {written} now"[found[0].start : found[0].end] if ch.isdigit()
    ).endswith(MOBILE)


@pytest.mark.parametrize(
    "text",
    [
        "FIR-2026-03117",
        "registered 2026-10-14 22:15:00",
        "Rs 2,35,000",
        "BNS 303(2)",
        "PIN 560016",
        "IO badge 1010497",
        "12.9821, 77.7553",
        "helpline 1930",
        "5845012345",
    ],
)
def test_phone_leaves_ids_dates_amounts_and_sections_alone(text: str) -> None:
    assert list(r.phones(r.Scan(text))) == []


def test_aadhaar_needs_a_valid_verhoeff_digit_and_keeps_the_last_four() -> None:
    valid, invalid = "2345 6789 0124", "2345 6789 0126"
    (finding,) = list(r.aadhaar_numbers(r.Scan(f"UID {valid}")))
    assert finding.replacement == "XXXX XXXX 0124"
    assert list(r.aadhaar_numbers(r.Scan(f"UID {invalid}"))) == []


def test_aadhaar_spelled_digit_by_digit_is_still_seen() -> None:
    assert len(list(r.aadhaar_numbers(r.Scan("2 3 4 5 6 7 8 9 0 1 2 4")))) == 1


def test_pan_with_spaces_and_lower_case_is_seen_but_a_wrong_holder_letter_is_not() -> None:
    assert len(list(r.pan_numbers(r.Scan("pan abcpe1234f")))) == 1
    assert len(list(r.pan_numbers(r.Scan("PAN ABCPE 1234 F")))) == 1
    assert list(r.pan_numbers(r.Scan("ABCDE1234F"))) == []


def test_card_numbers_need_luhn_and_a_network_prefix() -> None:
    assert len(list(r.card_numbers(r.Scan("4111 1111 1111 1111")))) == 1
    assert list(r.card_numbers(r.Scan("4111 1111 1111 1112"))) == []
    assert list(r.card_numbers(r.Scan("1111 1111 1111 1117"))) == []


def test_upi_handle_at_the_end_of_a_sentence_is_seen_without_the_full_stop() -> None:
    (finding,) = list(r.upi_ids(r.Scan("sent to meena_s@oksbi.")))
    assert finding.end == len("sent to meena_s@oksbi")


def test_plates_and_gstin_are_not_personal_identifiers() -> None:
    text = "KA01AB1234 and KA 05 MN 4321, GSTIN 29ABCDE1234F1Z5"
    for recognise in (r.pan_numbers, r.voter_ids, r.passports, r.driving_licences, r.phones):
        assert list(recognise(r.Scan(text))) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("IFSC HDFC0001234 for the transfer", ["HDFC0001234"]),
        ("ifsc sbin0abc123.", ["sbin0abc123"]),
        ("HDFC0001234", ["HDFC0001234"]),  # at both ends of the text
        ("XHDFC0001234 and HDFC00012345", []),  # glued to more letters or digits
        ("a 4 letters then 0: HDF0001234 or H1FC0001234", []),
        ("दाता HDFC0001234 ₹", ["HDFC0001234"]),  # a text that is not ASCII
    ],
)
def test_ifsc_codes_are_found_by_their_zero_and_span_the_whole_code(
    text: str, found: list[str]
) -> None:
    assert kinds(r.ifsc_codes, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Paid from A/C No. 123456789012 yesterday", ["123456789012"]),
        ("ACCOUNT NUMBER: 1234-5678-9012", ["1234-5678-9012"]),
        ("acct # 12345678901", ["12345678901"]),
        ("खाता A/c no 123456789012 ₹", ["123456789012"]),  # not ASCII: the same positions
        ("Ac 1234567890 and Account 1234567890", ["1234567890", "1234567890"]),
        ("trac 1234567890, a/c 1234567 (too short)", []),  # 'ac' inside a word
    ],
)
def test_bank_accounts_are_found_in_any_case_at_their_own_positions(
    text: str, found: list[str]
) -> None:
    assert kinds(r.bank_accounts, text) == found


@pytest.mark.parametrize(
    ("text", "seven"),
    [
        ("EPIC ABC1234567", True),
        ("1234567", True),
        ("123456 and 654321, 2026-03-12 14:22:00", False),
        ("१२३४५६७ and ₹ 12,34,567", False),  # only ASCII digits count, as in the patterns
        ("नमस्ते 1234567 ₹", True),
    ],
)
def test_seven_digits_in_a_row_are_seen_only_when_ascii_digits_stand_together(
    text: str, seven: bool
) -> None:
    assert r.Scan(text).seven_digits is seven
