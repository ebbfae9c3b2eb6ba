"""ZCQL rule `allowed_syntax`, accept and reject cases.

Every node is of a ZCQL-allowed kind and uses only allowed parts of it.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import allowed_syntax

ACCEPTED = [
    f"SELECT fir_id FROM firs WHERE {K} AND victim_count BETWEEN 1 AND 3",
]
REJECTED = [
    f"SELECT fir_id FROM firs WHERE {K} AND CAST(victim_count AS CHAR) = '1'",
    f"WITH x AS (SELECT fir_id FROM firs WHERE {K}) SELECT fir_id FROM x WHERE {K}",
]


def test_allowed_syntax_accepts_and_rejects() -> None:
    check(allowed_syntax, ACCEPTED, REJECTED)
