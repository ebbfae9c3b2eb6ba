"""`bounds_sensitivity` trusts only a top-level `sensitivity <= k` within the officer's
clearance on every `firs` of the FROM and JOINs (the outer SELECT's and each subquery's),
and a person or vehicle only when a `fir_id` equality chains it to such an FIR."""

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
            True,
        ),
        (
            "SELECT COUNT(p.ROWID) FROM persons p INNER JOIN firs ON p.fir_id = firs.fir_id "
            f"WHERE p.{K} AND firs.{K} AND firs.sensitivity <= 3",
            True,
        ),
        (  # the vehicle is chained to the bounded FIR through the person's fir_id
            "SELECT COUNT(p.ROWID) FROM persons p INNER JOIN vehicles v ON p.fir_id = v.fir_id "
            f"INNER JOIN firs f ON f.fir_id = p.fir_id WHERE p.{K} AND v.{K} AND f.{K} "
            "AND f.sensitivity <= 3",
            True,
        ),
        (  # joined on the precinct, not the FIR: the person's FIR is not the bounded one
            "SELECT COUNT(p.ROWID) FROM persons p INNER JOIN firs ON p.precinct_id = "
            f"firs.precinct_id WHERE p.{K} AND firs.{K} AND firs.sensitivity <= 3",
            False,
        ),
        (  # the link written inside an OR proves nothing
            "SELECT COUNT(p.ROWID) FROM persons p INNER JOIN firs ON p.precinct_id = "
            f"firs.precinct_id WHERE p.{K} AND (p.fir_id = firs.fir_id OR p.age > 3) "
            "AND firs.sensitivity <= 3",
            False,
        ),
        (  # a second FIR left unbounded
            "SELECT COUNT(p.ROWID) FROM persons p INNER JOIN firs f ON p.fir_id = f.fir_id "
            "INNER JOIN firs g ON g.precinct_id = p.precinct_id "
            f"WHERE p.{K} AND f.sensitivity <= 3",
            False,
        ),
        (
            "SELECT COUNT(p.ROWID) FROM persons p INNER JOIN firs ON p.fir_id = firs.fir_id "
            f"WHERE p.{K} AND firs.sensitivity <= 4",
            False,
        ),
        (
            "SELECT COUNT(v.ROWID) FROM vehicles v INNER JOIN firs ON v.fir_id = firs.fir_id "
            f"WHERE v.{K} AND firs.sensitivity <= 3",
            True,
        ),
        (f"SELECT COUNT(ROWID) FROM firs f WHERE {K} AND g.sensitivity <= 3", False),
        (  # a subquery over sealed FIRs decides which visible FIRs match
            f"SELECT COUNT(ROWID) FROM firs WHERE {K} AND sensitivity <= 3 AND io_name = "
            f"(SELECT io_name FROM firs WHERE {K} AND fir_id = 'FIR-2025-00001')",
            False,
        ),
        (
            f"SELECT COUNT(ROWID) FROM firs WHERE {K} AND sensitivity <= 3 AND io_name = "
            f"(SELECT io_name FROM firs WHERE {K} AND fir_id = 'FIR-2025-00001' "
            "AND sensitivity <= 3)",
            True,
        ),
    ],
)
def test_only_a_top_level_bound_within_clearance_is_proof(statement: str, proven: bool) -> None:
    officer = load_roster()["KA-3003"]
    assert bounds_sensitivity(parse_one(statement, read="mysql"), officer) is proven
