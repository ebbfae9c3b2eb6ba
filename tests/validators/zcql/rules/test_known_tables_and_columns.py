"""ZCQL rule `known_tables_and_columns`, accept and reject cases.

Only the schema's tables and their columns; with joins, every column is qualified.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import known_tables_and_columns

ACCEPTED = [
    f"SELECT persons.full_name FROM persons INNER JOIN firs ON firs.fir_id = persons.fir_id "
    f"WHERE persons.{K} AND firs.{K}",
]
REJECTED = [
    f"SELECT password FROM firs WHERE {K}",
    f"SELECT fir_id FROM officers WHERE {K}",
    f"SELECT full_name FROM persons INNER JOIN firs ON firs.fir_id = persons.fir_id "
    f"WHERE persons.{K} AND firs.{K}",
]


def test_known_tables_and_columns_accepts_and_rejects() -> None:
    check(known_tables_and_columns, ACCEPTED, REJECTED)
