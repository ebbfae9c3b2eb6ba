"""`bounds_sensitivity` trusts only a top-level `sensitivity <= k` within the officer's
clearance, on a statement that reads `firs` alone."""

from __future__ import annotations

import pytest
from sqlglot import parse_one

from tools.roster import load_roster
from validators.clearance.where_scope import bounds_sensitivity

K = "precinct_id = 'BLR-E-KRP'"


@pytest.mark.parametrize(
    ("statement", "proven"),
    [
        (f"SELECT COUNT(ROWID) FROM firs WHERE {K} AND sensitivity <= 3", True),
        (f"SELECT COUNT(ROWID) FROM firs WHERE ({K} AND status = 'x') AND sensitivity <= 2", True),
        (f"SELECT COUNT(ROWID) FROM firs f WHERE {K} AND f.sensitivity <= 3", True),
        (f"SELECT COUNT(ROWID) FROM firs WHERE {K} AND sensitivity <= 4", False),
        (f"SELECT COUNT(ROWID) FROM firs WHERE {K} AND sensitivity < 4", False),
        (f"SELECT COUNT(ROWID) FROM firs WHERE {K} AND sensitivity <= '3'", False),
        (f"SELECT COUNT(ROWID) FROM firs WHERE {K} OR sensitivity <= 3", False),
        (f"SELECT COUNT(ROWID) FROM firs WHERE ({K} OR status = 'x') AND sensitivity >= 3", False),
        (f"SELECT COUNT(ROWID) FROM persons WHERE {K} AND sensitivity <= 3", False),
        (
            "SELECT COUNT(ROWID) FROM firs JOIN persons ON firs.fir_id = persons.fir_id "
            f"WHERE firs.{K} AND firs.sensitivity <= 3",
            False,
        ),
        (f"SELECT COUNT(ROWID) FROM firs f WHERE {K} AND g.sensitivity <= 3", False),
    ],
)
def test_only_a_top_level_bound_within_clearance_is_proof(statement: str, proven: bool) -> None:
    officer = load_roster()["KA-3003"]
    assert bounds_sensitivity(parse_one(statement, read="mysql"), officer) is proven
