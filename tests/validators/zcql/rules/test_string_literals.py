"""ZCQL rule `string_literals`, accept and reject cases.

String values contain no single quote or control character; numbers are plain.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import string_literals

ACCEPTED = [
    f"SELECT fir_id FROM firs WHERE {K} AND status = 'Under Investigation'",
]
REJECTED = [
    f"SELECT fir_id FROM firs WHERE {K} AND status = 'Clo''sed'",
    f"SELECT fir_id FROM firs WHERE {K} AND status = 'Clo\x07sed'",
]


def test_string_literals_accepts_and_rejects() -> None:
    check(string_literals, ACCEPTED, REJECTED)
