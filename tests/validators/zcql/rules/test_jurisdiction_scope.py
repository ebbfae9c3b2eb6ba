"""ZCQL rule `jurisdiction_scope`, accept and reject cases.

Each case-data table instance has a top-level AND-ed precinct condition within precincts.
"""

from __future__ import annotations

from tests.validators.zcql.rules.one_rule import K, check
from validators.zcql.rules import jurisdiction_scope

ACCEPTED = [
    "SELECT fir_id FROM firs WHERE precinct_id IN ('BLR-E-KRP', 'BLR-E-WFD')",
]
REJECTED = [
    "SELECT fir_id FROM firs WHERE precinct_id = 'MYS-C-JLP'",
    f"SELECT fir_id FROM firs WHERE {K} OR status = 'Closed'",
    "SELECT fir_id FROM firs WHERE status = 'Closed'",
]


def test_jurisdiction_scope_accepts_and_rejects() -> None:
    check(jurisdiction_scope, ACCEPTED, REJECTED)
