"""ZCQL rule `limit_clause`, accept and reject cases.

LIMIT count (1-300) or LIMIT offset, count with a whole-number offset.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import limit_clause

ACCEPTED = [
    f"SELECT fir_id FROM firs WHERE {K} LIMIT 300",
    f"SELECT fir_id FROM firs WHERE {K} LIMIT 5, 5",
]
REJECTED = [
    f"SELECT fir_id FROM firs WHERE {K} LIMIT 301",
    f"SELECT fir_id FROM firs WHERE {K} LIMIT 0",
]


def test_limit_clause_accepts_and_rejects() -> None:
    check(limit_clause, ACCEPTED, REJECTED)
