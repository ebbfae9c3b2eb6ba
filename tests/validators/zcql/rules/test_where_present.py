"""ZCQL rule `where_present`, accept and reject cases.

Every SELECT, subqueries too, has a WHERE clause (no table-wide scans).
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import check
from validators.zcql.rules import where_present

ACCEPTED = [
    "SELECT station_name FROM police_stations WHERE district = 'Bengaluru East'",
]
REJECTED = [
    "SELECT fir_id FROM firs",
    "SELECT station_name FROM police_stations",
]


def test_where_present_accepts_and_rejects() -> None:
    check(where_present, ACCEPTED, REJECTED)
