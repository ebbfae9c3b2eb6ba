"""ZCQL rule `select_list`, accept and reject cases.

Select items are columns or aggregates of one column; `*` alone; at most 20 items.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import select_list

MANY = ", ".join(["fir_id"] * 21)

ACCEPTED = [
    f"SELECT * FROM firs WHERE {K}",
    f"SELECT COUNT(fir_id) AS total FROM firs WHERE {K}",
]
REJECTED = [
    f"SELECT *, fir_id FROM firs WHERE {K}",
    f"SELECT {MANY} FROM firs WHERE {K}",
]


def test_select_list_accepts_and_rejects() -> None:
    check(select_list, ACCEPTED, REJECTED)
