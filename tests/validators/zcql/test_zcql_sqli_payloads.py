"""Public SQL-injection payloads spliced raw into scoped templates, as a naive generator would.

Every result must be rejected, or be one read-only SELECT that, executed on the seeded database,
returns only rows of the caller's precincts and leaves the database file byte-for-byte unchanged.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from schemas.errors import QueryRejected
from tools.records.sqlite_executor import SqliteExecutor
from validators.zcql import validate

from .conftest import PRECINCTS

PAYLOAD_DIR = Path(__file__).resolve().parents[3] / "data" / "sqli"  # copy of shared/data/sqli

K = "f.precinct_id = 'BLR-E-KRP'"
TEMPLATES = (
    # string positions
    f"SELECT f.fir_id, f.precinct_id FROM firs AS f WHERE {K} AND f.status = '<P>'",
    "SELECT f.fir_id, f.precinct_id FROM firs AS f WHERE f.precinct_id = '<P>'",
    "SELECT f.fir_id, f.precinct_id FROM firs AS f WHERE f.precinct_id IN ('BLR-E-WFD', '<P>')",
    "SELECT f.precinct_id, p.precinct_id FROM firs AS f INNER JOIN persons AS p "
    f"ON f.fir_id = p.fir_id WHERE {K} AND p.precinct_id = 'BLR-E-KRP' "
    "AND p.full_name LIKE '*<P>*'",
    f"SELECT f.fir_id, f.precinct_id FROM firs AS f WHERE {K} AND f.brief_facts NOT LIKE '<P>' "
    "LIMIT 10",
    # numeric positions
    f"SELECT f.fir_id, f.precinct_id FROM firs AS f WHERE {K} AND f.victim_count = <P>",
    f"SELECT f.fir_id, f.precinct_id FROM firs AS f WHERE {K} AND f.sensitivity < <P> LIMIT 20",
    f"SELECT f.fir_id, f.precinct_id FROM firs AS f WHERE {K} LIMIT <P>",
    f"SELECT f.fir_id, f.precinct_id FROM firs AS f WHERE {K} AND f.victim_count > "
    "(SELECT MIN(g.victim_count) FROM firs AS g WHERE g.precinct_id = 'BLR-E-KRP' "
    "AND g.accused_count = <P>)",
)


def _file_payloads() -> list[str]:
    lines: list[str] = []
    for path in sorted(PAYLOAD_DIR.glob("*.txt")):
        lines.extend(line for line in path.read_text(encoding="utf-8").splitlines() if line)
    return lines


def _generated_payloads() -> list[str]:
    """The README's Generic_ErrorBased and UNION SELECT families."""
    bodies = [" OR 1=1", " HAVING 1=1"]
    bodies += [f" ORDER BY {n}" for n in range(1, 6)]
    bodies += [" UNION ALL SELECT " + ",".join(str(i) for i in range(1, n + 1)) for n in (1, 2, 5)]
    return [
        prefix + body + suffix
        for prefix in ("", "'", "1", "1'", "')")
        for body in bodies
        for suffix in ("", "#", "-- ")
    ]


PAYLOADS = _file_payloads() + _generated_payloads()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_payload_corpus_is_loaded() -> None:
    assert len(_file_payloads()) > 150
    assert len(PAYLOADS) > 250


async def test_spliced_payloads_are_rejected_or_harmless(seeded_db: Path) -> None:
    before = _digest(seeded_db)
    executor = SqliteExecutor(seeded_db, timeout_s=5.0)
    accepted = rejected = 0
    try:
        for template in TEMPLATES:
            for payload in PAYLOADS:
                statement = template.replace("<P>", payload)
                verdict = validate(statement, PRECINCTS)
                if not verdict.accepted:
                    rejected += 1
                    assert verdict.reasons
                    continue
                accepted += 1
                try:
                    result = await executor.execute(verdict)
                except QueryRejected:
                    continue  # the database refused it: harmless by definition
                for row in result.rows:
                    for column, value in row.items():
                        if column.endswith("precinct_id"):
                            assert value in PRECINCTS, (statement, row)
    finally:
        executor.close()
    assert _digest(seeded_db) == before
    assert accepted > 0  # the harmless, quoted-as-text payloads really ran
    assert rejected > accepted


@pytest.mark.parametrize(
    "payload",
    [
        "' OR '1'='1",
        "x' OR 1=1#",
        "x'; DROP TABLE firs; --",
        "' UNION SELECT person_id, phone FROM persons WHERE '1'='1",
        "BLR-E-KRP' OR precinct_id != '",
        "' OR sleep(5)='",
    ],
)
def test_quote_breaking_injections_are_rejected(payload: str) -> None:
    assert not validate(TEMPLATES[0].replace("<P>", payload), PRECINCTS).accepted


@pytest.mark.parametrize(
    "payload",
    ["1 OR 1=1", "1; DROP TABLE firs", "1 UNION ALL SELECT 1,2", "1 OR sleep(5)#", "(SELECT 1)"],
)
def test_numeric_position_injections_are_rejected(payload: str) -> None:
    assert not validate(TEMPLATES[5].replace("<P>", payload), PRECINCTS).accepted


def test_payload_inside_a_string_stays_a_string() -> None:
    verdict = validate(TEMPLATES[0].replace("<P>", "1; DROP TABLE firs"), PRECINCTS)
    assert verdict.accepted
    assert verdict.tree is not None
    assert verdict.tree.sql(dialect="mysql").endswith("'1; DROP TABLE firs'")
