"""ZCQL rule `no_comments`, accept and reject cases.

No `--`, `/* */` or `#` comments anywhere outside string values.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import no_comments

ACCEPTED = [
    f"SELECT fir_id FROM firs WHERE {K} AND brief_facts LIKE '*--*'",
]
REJECTED = [
    f"SELECT fir_id FROM firs WHERE {K} -- all",
    f"SELECT fir_id FROM firs /* x */ WHERE {K}",
    f"SELECT fir_id FROM firs WHERE {K} # x",
]


def test_no_comments_accepts_and_rejects() -> None:
    check(no_comments, ACCEPTED, REJECTED)
