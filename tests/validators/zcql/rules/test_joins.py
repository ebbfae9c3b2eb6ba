"""ZCQL rule `joins`, accept and reject cases.

At most 4 INNER or LEFT joins of tables, each with exactly one ON equality of columns.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import joins

ACCEPTED = [
    "SELECT vehicles.registration_no FROM vehicles "
    "LEFT JOIN firs ON firs.fir_id = vehicles.fir_id "
    f"WHERE vehicles.{K} AND firs.{K}",
]
REJECTED = [
    f"SELECT vehicles.registration_no FROM vehicles CROSS JOIN firs "
    f"WHERE vehicles.{K} AND firs.{K}",
    "SELECT vehicles.registration_no FROM vehicles "
    "INNER JOIN firs ON firs.fir_id = vehicles.fir_id AND firs.status = 'Closed' "
    f"WHERE vehicles.{K} AND firs.{K}",
]


def test_joins_accepts_and_rejects() -> None:
    check(joins, ACCEPTED, REJECTED)
