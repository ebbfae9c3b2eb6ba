"""The result of the clearance tier and the helpers every path shares to build it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from schemas.officer import Officer
from schemas.records import CASE_TABLES, NUMERIC_COLUMNS
from validators.clearance.conditions import Facts
from validators.clearance.policy import ClearancePolicy
from validators.clearance.projection import CellSource, ColumnRef, DerivedRef
from validators.clearance.rules import Record, RecordContext, mask_reason, row_facts


@dataclass(frozen=True)
class ClearedRows:
    """Rows the officer may see, and what was kept back and why (values are never logged).

    `columns`, `rows` and `masked_fields` (cells masked in those rows) depend only on data
    the officer may see and may reach them. `withheld_rows` (None when not counted) and
    `reasons` are for the audit trail only and never reach the officer. Values the officer
    may not see are not carried at all.
    """

    columns: list[str]
    rows: list[dict[str, Any]]
    withheld_rows: int | None
    masked_fields: int
    reasons: dict[str, int]
    policy_version: str
    total: int | None = None
    """How many visible rows matched when a list was cut at the row cap (None otherwise)."""


def masked_value(policy: ClearancePolicy, source: CellSource | None, key: str) -> Any:
    """NULL for a numeric column, the mask text otherwise."""
    column = source.column if isinstance(source, ColumnRef) else key.rsplit(".", 1)[-1]
    numeric = column in NUMERIC_COLUMNS and not isinstance(source, DerivedRef)
    return None if numeric else policy.mask


def count_masked(
    officer: Officer,
    policy: ClearancePolicy,
    rows: Sequence[Record],
    sources: Mapping[str, CellSource],
    aliases: Mapping[str, str],
    context: RecordContext,
    links: Mapping[str, str],
) -> Counter[str]:
    """Reason -> cells the SQL scope masked in an already-masked result."""
    counts: Counter[str] = Counter()
    for row in rows:
        facts = row_facts(row, sources, aliases, context, links)
        for key, src in sources.items():
            if not isinstance(src, ColumnRef) or row.get(key, 0) != masked_value(policy, src, key):
                continue
            if src.table in CASE_TABLES and (
                reason := mask_reason(officer, policy, src, facts.get(src.alias, Facts({}, {})))
            ):
                counts[reason] += 1
    return counts
