"""A guard with nothing withheld reuses per-process redactions keyed by text and clearance;
results and per-occurrence counts are those of the uncached path."""

from __future__ import annotations

import pytest

from tests.validators.guardrail.test_engine import officer
from validators.guardrail.denylist import DenyList
from validators.guardrail.engine import Guardrail, identifier_redaction, redaction

TEXTS = [
    "Complainant reachable on 98450 12345 after six",
    "mail the IO at duty.officer@example.in before noon",
    "Aadhaar 2345 6789 0124 was produced at the desk",
    "PAN ABCPE1234F noted in the seizure memo",
    "2026-03-14",
    "VEHICLE THEFT",
    "",
]


@pytest.mark.parametrize("clearance", [1, 3, 5])
def test_cached_redactions_equal_the_uncached_path(clearance: int) -> None:
    for text in TEXTS:
        guard = Guardrail.load().for_request(officer(clearance), [])
        expected, reasons = redaction(text, clearance, DenyList(())) if text else (text, ())
        assert guard.redact(text) == (expected, len(reasons))
        assert guard.redact(text) == (expected, len(reasons))  # the request's own memo


def test_counts_stay_per_occurrence_across_requests() -> None:
    text = "call 98450 12345 or 98450 54321"
    first = Guardrail.load().for_request(officer(1), [])
    second = Guardrail.load().for_request(officer(1), [])
    first.redact(text)
    second.redact(text)
    second.redact(text)
    assert sum(n["count"] for n in first.audit_notes()) == 2
    assert sum(n["count"] for n in second.audit_notes()) == 4


def test_clearance_is_part_of_the_key() -> None:
    text = "reach the witness on 98450 12345"
    assert "98450" not in Guardrail.load().for_request(officer(1), []).redact(text)[0]
    assert Guardrail.load().for_request(officer(5), []).redact(text)[0] == text


def test_a_request_that_withholds_values_never_reads_the_cache() -> None:
    text = "Statement recorded from Ravindra Kulkarni at the station"
    before = identifier_redaction.cache_info()
    guard = Guardrail.load().for_request(officer(5), ["Ravindra Kulkarni"])
    assert guard.deny.withholds
    redacted, count = guard.redact(text)
    assert "Kulkarni" not in redacted and count == 1
    after = identifier_redaction.cache_info()
    assert (after.hits, after.misses) == (before.hits, before.misses)


def test_only_short_texts_are_kept() -> None:
    long_text = "The complainant may be reached on 98450 12345. " + "Nothing more. " * 20
    before = identifier_redaction.cache_info()
    redacted, count = Guardrail.load().for_request(officer(1), []).redact(long_text)
    assert count == 1 and "98450 12345" not in redacted
    assert identifier_redaction.cache_info().currsize == before.currsize
