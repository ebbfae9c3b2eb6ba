"""Hostile or random text never crashes the parser, and whatever it drafts passes the validator."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tools.text2zcql.base import ZcqlRequest
from tools.text2zcql.offline import parse
from validators.zcql.validate import validate

EAST = ("BLR-E-IND", "BLR-E-KRP", "BLR-E-MHD", "BLR-E-WFD")
SQLI = Path(__file__).resolve().parents[3] / "data" / "sqli"
WORDS = st.sampled_from(
    [
        "how",
        "many",
        "theft",
        "thefts",
        "whitefield",
        "kr",
        "puram",
        "fir",
        "4829/2026",
        "ka05mn4321",
        "ipc",
        "379",
        "bns",
        "303(2)",
        "last",
        "month",
        "since",
        "january",
        "top",
        "5",
        "beats",
        "by",
        "station",
        "pending",
        "e-fir",
        "zero",
        "'",
        ";",
        "--",
        "or",
        "1=1",
        "union",
        "select",
        "drop",
        "table",
        "*",
        "%",
        "_",
        '"',
        "`",
        "\\",
        "involving",
        "ravi",
        "kumar",
        "this",
        "one",
        "trend",
        "monthly",
        "2025",
        "vs",
    ]
)


def _check(question: str) -> None:
    draft = parse(ZcqlRequest(question, EAST, date(2026, 12, 2), active_fir_id="FIR-2026-04829"))
    if draft.statement is None:
        assert draft.unparsed_reason
    else:
        verdict = validate(draft.statement, EAST)
        assert verdict.accepted, (question, draft.statement, verdict.reasons)


def _payloads() -> list[str]:
    lines = []
    for path in sorted(SQLI.glob("*.txt")):
        text = path.read_text(encoding="utf-8", errors="ignore").splitlines()
        lines.extend(line.strip() for line in text[:40] if line.strip())
    return lines


@pytest.mark.parametrize("template", ["{}", "thefts in whitefield {}", "cases involving {}"])
def test_injection_payloads_never_reach_a_rejected_or_unsafe_statement(template: str) -> None:
    payloads = _payloads()
    assert len(payloads) >= 100  # the vendored lists (data/sqli) are read
    for payload in payloads:
        _check(template.format(payload))


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=12).map(" ".join))
def test_random_word_salad_is_parsed_or_refused_never_invalid(question: str) -> None:
    _check(question)
