"""Base64 and hex tokens are decoded when they hold readable text, and only then."""

from __future__ import annotations

import base64

import pytest

from validators.guardrail.encoded import encoded_spans

SECRET = "CANARY VICTIM Meera 9845012345"


@pytest.mark.parametrize(
    "token",
    [
        base64.b64encode(SECRET.encode()).decode(),
        base64.b64encode(SECRET.encode()).decode().rstrip("="),
        base64.urlsafe_b64encode("Mira ಎರಡು".encode()).decode(),
        SECRET.encode().hex(),
        "0x" + SECRET.encode().hex().upper(),
    ],
)
def test_encoded_text_is_decoded_with_its_span(token: str) -> None:
    text = f"see {token} here"
    (found,) = list(encoded_spans(text))
    assert text[found.start : found.end].endswith(token.removeprefix("0x"))
    assert found.decoded in (SECRET, "Mira ಎರಡು")


@pytest.mark.parametrize(
    "text",
    [
        "Jayalakshmipuram PS registered FIR-2026-04829 under BNS 303(2)",
        "vehicle KA05MN4321, GSTIN 29ABCDE1234F1Z5, IMEI 356938035643809",
        "SELECT COUNT(fir_id) FROM firs WHERE crime_head = 'ONLINE FRAUD'",
    ],
)
def test_ordinary_words_and_ids_are_not_decoded(text: str) -> None:
    assert [e.decoded for e in encoded_spans(text) if e.decoded.isprintable()] == [] or all(
        not any(ch.isalpha() for ch in e.decoded[:3]) for e in encoded_spans(text)
    )
