"""ZCQL rule `select_only`, accept and reject cases.

The statement is a SELECT (no writes, DDL, GRANT, set operations or commands).
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import select_only

ACCEPTED = [
    f"SELECT fir_id FROM firs WHERE {K}",
]
REJECTED = [
    f"DELETE FROM firs WHERE {K}",
    f"UPDATE firs SET status = 'Closed' WHERE {K}",
    f"SELECT fir_id FROM firs WHERE {K} UNION SELECT fir_id FROM firs WHERE {K}",
]


def test_select_only_accepts_and_rejects() -> None:
    check(select_only, ACCEPTED, REJECTED)
