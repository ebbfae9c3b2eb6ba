"""ZCQL rule `order_and_group`, accept and reject cases.

GROUP BY items are columns or BINARYOF(col); ORDER BY items are columns or aggregates.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import order_and_group

ACCEPTED = [
    f"SELECT crime_head, COUNT(fir_id) FROM firs "
    f"WHERE {K} GROUP BY BINARYOF(crime_head) ORDER BY COUNT(fir_id) DESC",
]
REJECTED = [
    f"SELECT crime_head FROM firs WHERE {K} ORDER BY UPPER(crime_head)",
    f"SELECT crime_head, COUNT(fir_id) FROM firs WHERE {K} GROUP BY LOWER(crime_head)",
]


def test_order_and_group_accepts_and_rejects() -> None:
    check(order_and_group, ACCEPTED, REJECTED)
