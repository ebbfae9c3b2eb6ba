"""ZCQL rule `statement_length`, accept and reject cases.

The statement is at most MAX_STATEMENT_CHARS characters long.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.context import MAX_STATEMENT_CHARS
from validators.zcql.rules import statement_length

LONG = "a" * MAX_STATEMENT_CHARS

ACCEPTED = [
    f"SELECT fir_id FROM firs WHERE {K}",
]
REJECTED = [
    f"SELECT fir_id FROM firs WHERE {K} AND brief_facts LIKE '*{LONG}*'",
]


def test_statement_length_accepts_and_rejects() -> None:
    check(statement_length, ACCEPTED, REJECTED)
