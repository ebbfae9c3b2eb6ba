"""ZCQL rule `conditions`, accept and reject cases.

WHERE/HAVING leaves use ZCQL's operators, literal types and per-type rules; at most 5.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import conditions

SIX = " AND ".join(f"victim_count > {n}" for n in range(1, 6))

ACCEPTED = [
    f"SELECT fir_id FROM firs WHERE {K} AND brief_facts LIKE '*chain*' AND victim_count > 2",
]
REJECTED = [
    f"SELECT fir_id FROM firs WHERE {K} AND victim_count > 'abc'",
    f"SELECT fir_id FROM firs WHERE {K} AND {SIX}",
]


def test_conditions_accepts_and_rejects() -> None:
    check(conditions, ACCEPTED, REJECTED)
