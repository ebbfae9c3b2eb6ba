"""ZCQL rule `subqueries`, accept and reject cases.

Subqueries only on the right of a WHERE comparison, and only one level deep.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import subqueries

ACCEPTED = [
    f"SELECT fir_id FROM firs "
    f"WHERE {K} AND victim_count > (SELECT AVG(victim_count) FROM firs WHERE {K})",
]
REJECTED = [
    f"SELECT fir_id FROM firs "
    f"WHERE {K} AND victim_count > (SELECT AVG(victim_count) FROM firs WHERE {K} "
    f"AND victim_count > (SELECT MIN(victim_count) FROM firs WHERE {K}))",
    f"SELECT fir_id FROM firs WHERE {K} AND fir_id IN (SELECT fir_id FROM persons WHERE {K})",
    f"SELECT (SELECT COUNT(fir_id) FROM vehicles WHERE vehicles.{K}) FROM firs WHERE {K}",
]


def test_subqueries_accepts_and_rejects() -> None:
    check(subqueries, ACCEPTED, REJECTED)
