"""ZCQL rule `single_statement`, accept and reject cases.

Exactly one statement.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import single_statement

ACCEPTED = [
    f"SELECT fir_id FROM firs WHERE {K}",
]
REJECTED = [
    f"SELECT fir_id FROM firs WHERE {K}; SELECT fir_id FROM firs WHERE {K}",
]


def test_single_statement_accepts_and_rejects() -> None:
    check(single_statement, ACCEPTED, REJECTED)
