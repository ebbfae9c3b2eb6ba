"""ZCQL rule `functions`, accept and reject cases.

Only COUNT/SUM/AVG/MIN/MAX of one column (not in WHERE); BINARYOF only in GROUP BY.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import functions

ACCEPTED = [
    f"SELECT AVG(victim_count), MIN(victim_count) FROM firs WHERE {K}",
]
REJECTED = [
    f"SELECT SUM(crime_head) FROM firs WHERE {K}",
    f"SELECT COUNT(fir_id, status) FROM firs WHERE {K}",
    f"SELECT fir_id FROM firs WHERE {K} AND SUM(victim_count) > 1",
]


def test_functions_accepts_and_rejects() -> None:
    check(functions, ACCEPTED, REJECTED)
