"""Ground truth for graph tests: plain SQL on the demo records, scoped as an officer sees them."""

from __future__ import annotations

import sqlite3
from typing import Any

from tools.roster import officer_by_badge

OFFICER = "KA-3003"


def scalar(records: Any, sql: str, *args: Any) -> Any:
    """The first column of the first row."""
    with sqlite3.connect(records) as db:
        return db.execute(sql, args).fetchone()[0]


def rows(records: Any, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Every row."""
    with sqlite3.connect(records) as db:
        return db.execute(sql, args).fetchall()


def scope(badge: str = OFFICER) -> tuple[str, list[Any]]:
    """SQL scoping FIRs (alias f) to the officer's precincts and clearance."""
    officer = officer_by_badge(badge)
    marks = ", ".join("?" for _ in officer.precincts)
    return (
        f"f.precinct_id IN ({marks}) AND f.sensitivity <= ?",
        [*sorted(officer.precincts), officer.clearance],
    )
