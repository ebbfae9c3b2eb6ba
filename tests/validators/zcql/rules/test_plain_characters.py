"""ZCQL rule `plain_characters`, accept and reject cases.

No control characters, separators, double quotes, backticks, backslashes or C operators.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import plain_characters

ACCEPTED = [
    f"SELECT fir_id FROM firs WHERE {K} AND status = 'Closed'",
]
REJECTED = [
    f"SELECT fir_id FROM firs WHERE {K};",
    f'SELECT "fir_id" FROM firs WHERE {K}',
    f"SELECT `fir_id` FROM firs WHERE {K}",
]


def test_plain_characters_accepts_and_rejects() -> None:
    check(plain_characters, ACCEPTED, REJECTED)
