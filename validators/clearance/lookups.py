"""Trusted lookups through the records executor: base-table facts and the deny-list values."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from schemas.officer import Officer
from tools.records.executor import RecordsExecutor
from validators.clearance.cleared import DenyList
from validators.clearance.conditions import CONDITIONS, Facts
from validators.clearance.facts import Record, RecordContext
from validators.clearance.policy import ClearancePolicy
from validators.clearance.projection import CellSource, ColumnRef
from validators.clearance.rules import mask_reason, withheld_reason
from validators.clearance.schema import CASE_TABLES, KEYS, TABLE_COLUMNS
from validators.clearance.trusted import (
    FIR_FACTS,
    context_queries,
    key_list,
    protected_values_query,
)


async def fetch_context(
    executor: RecordsExecutor,
    officer: Officer,
    rows: Sequence[Record],
    sources: Mapping[str, CellSource],
) -> RecordContext:
    """Trusted base-table facts for the keys (person, vehicle, FIR ids) present in `rows`."""
    keys: dict[str, list[Any]] = {t: [] for t in CASE_TABLES}
    for key, src in sources.items():
        if isinstance(src, ColumnRef) and src.table in CASE_TABLES:
            target = src.table if src.column == KEYS[src.table] else None
            target = "firs" if src.column == "fir_id" else target
            if target:
                keys[target] += [row.get(key) for row in rows]
    found: dict[str, dict[str, Record]] = {t: {} for t in CASE_TABLES}
    for table in ("persons", "vehicles", "firs"):
        if table == "firs":
            keys["firs"] += [
                r.get("fir_id") for t in ("persons", "vehicles") for r in found[t].values()
            ]
        for query in context_queries(table, key_list(keys[table]), officer):
            result = await executor.execute(query)
            found[table].update({str(r[KEYS[table]]): dict(r) for r in result.rows})
    return RecordContext(found["firs"], found["persons"], found["vehicles"])


def _masked_sql(
    policy: ClearancePolicy, officer: Officer, table: str, columns: Iterable[str]
) -> list[str]:
    """SQL (aliases t, f) true where one of `columns` is masked for the officer."""
    fir = "t" if table == "firs" else "f"
    conditions = {rule.condition for c in columns for rule in policy.unsatisfied(officer, table, c)}
    return [
        f"(CASE WHEN NOT ({CONDITIONS[c].sql('t', fir)}) THEN 0 ELSE 1 END) = 1"
        for c in sorted(conditions)
    ]


def _split_facts(table: str, row: Record) -> Facts:
    if table == "firs":
        return Facts(row, row)
    fir = {c: row[f"fir_{c}"] for c in FIR_FACTS if f"fir_{c}" in row}
    own = {k: v for k, v in row.items() if not k.startswith("fir_") or k == "fir_id"}
    return Facts(own, {**fir, "fir_id": row.get("fir_id")})


async def protected_values(
    executor: RecordsExecutor,
    officer: Officer,
    policy: ClearancePolicy,
    tables: Iterable[str],
    priority_firs: list[str],
) -> list[str]:
    """Deny-list values in jurisdiction this officer may not see, the result's FIRs first."""
    deny = DenyList()
    for table in sorted(set(tables) & CASE_TABLES):
        cols = [c for c in TABLE_COLUMNS[table] if c in policy.deny_list_columns]
        masked_when = _masked_sql(policy, officer, table, cols)
        if not cols or (not masked_when and officer.clearance >= 5):
            continue
        query = protected_values_query(table, officer, cols, masked_when, priority_firs)
        for row in (await executor.execute(query)).rows:
            facts = _split_facts(table, row)
            if withheld_reason(officer, policy, table, facts):
                deny.extend(row.get(c) for c in cols)
                continue
            deny.extend(
                row.get(c)
                for c in cols
                if mask_reason(officer, policy, ColumnRef("t", table, c), facts)
            )
    return list(deny.values)
