"""Apply the clearance policy to record results: in the database (SQL) or in Python.

SQLite and PostgreSQL run the query over the trusted CTE sources of `sql_scope`, so rows
and cells are withheld inside the database; the counts come from two COUNT(*) runs and
the deny-list from a trusted query. Catalyst (and any other backend) cannot take CTEs:
the plain result is post-filtered by `filter_rows`, which fails closed.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Mapping, Sequence

from schemas.errors import QueryRejected
from schemas.officer import Officer
from tools.records.executor import RecordsExecutor
from validators.clearance.cleared import ClearedRows, masked_value, visible_values
from validators.clearance.conditions import Facts
from validators.clearance.facts import Record, RecordContext, row_facts
from validators.clearance.lookups import fetch_context, protected_values
from validators.clearance.policy import ClearancePolicy
from validators.clearance.projection import (
    CellSource,
    ColumnRef,
    column_sources,
    condition_columns,
    fir_links,
    outer_aliases,
)
from validators.clearance.python_filter import filter_rows
from validators.clearance.rules import mask_reason
from validators.clearance.schema import CASE_TABLES
from validators.clearance.sql_scope import Dialect, precinct_only_sources, table_sources
from validators.clearance.trusted import key_list
from validators.zcql.validate import ZcqlVerdict

__all__ = ["ClearedRows", "filter_rows", "run_with_clearance"]

SQL_BACKENDS: dict[str, Dialect] = {"sqlite": "sqlite", "postgres": "postgres"}


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


async def withheld_count(
    executor: RecordsExecutor,
    verdict: ZcqlVerdict,
    officer: Officer,
    policy: ClearancePolicy,
    dialect: Dialect,
    tables: set[str],
) -> int:
    """Rows the statement matches in jurisdiction minus those within the officer's clearance."""
    if not tables:
        return 0
    in_scope, visible = await asyncio.gather(
        executor.count(verdict, precinct_only_sources(officer, policy, dialect, tables=tables)),
        executor.count(verdict, table_sources(officer, policy, dialect, tables=tables)),
    )
    return max(0, in_scope - visible)


async def sql_mask_counts(
    executor: RecordsExecutor,
    officer: Officer,
    policy: ClearancePolicy,
    rows: Sequence[Record],
    sources: Mapping[str, CellSource],
    aliases: Mapping[str, str],
    links: Mapping[str, str],
) -> Counter[str]:
    """Reason -> cells the database masked, attributed with trusted context."""
    if not rows or not _maskable(officer, policy, sources):
        return Counter()
    context = await fetch_context(executor, officer, rows, sources)
    return count_masked(officer, policy, rows, sources, aliases, context, links)


def sensitivity_reason(policy: ClearancePolicy) -> str:
    """The name the policy gives its sensitivity row rule."""
    return next(r.name for r in policy.row_rules if r.check == "sensitivity_within_clearance")


def _maskable(officer: Officer, policy: ClearancePolicy, sources: Mapping[str, CellSource]) -> bool:
    return any(
        isinstance(s, ColumnRef) and policy.unsatisfied(officer, s.table, s.column)
        for s in sources.values()
    )


async def run_with_clearance(
    verdict: ZcqlVerdict,
    officer: Officer,
    executor: RecordsExecutor,
    policy: ClearancePolicy,
) -> ClearedRows:
    """Execute an accepted statement so that the officer receives only what they may see.

    SQLite/PostgreSQL: rows and masks are applied in the database through CTE sources;
    `withheld_rows` = COUNT in jurisdiction without the sensitivity rule minus COUNT with
    it. Catalyst (any backend that is not SQL): the plain result is filtered by
    `filter_rows` with trusted context lookups; a row must carry its keys (fir_id,
    person_id, vehicle_id, or a fir_id join) to be proven visible unless the officer has
    clearance 5, a row matched through a value the officer may not see is dropped, and an
    aggregate over a column the officer may not see in every row is masked whole.
    """
    tree = verdict.tree
    if not verdict.accepted or tree is None:
        raise QueryRejected(list(verdict.reasons) or ["The statement was not validated."])
    sources = column_sources(tree)
    aliases = outer_aliases(tree)
    links = fir_links(tree)
    dialect = SQL_BACKENDS.get(executor.backend)
    if dialect is None:
        raw = await executor.execute(verdict)
        context = await fetch_context(executor, officer, raw.rows, sources)
        return filter_rows(
            raw.rows,
            officer,
            policy,
            context,
            sources=sources,
            aliases=aliases,
            columns=raw.columns,
            jurisdiction_checked=True,
            matched_on=condition_columns(tree),
            links=links,
        )
    tables = set(verdict.tables) & CASE_TABLES
    full = table_sources(officer, policy, dialect, tables=tables)
    result = await executor.execute(verdict, full or None)
    rows = [dict(r) for r in result.rows]
    fir_keys = [
        r.get(k)
        for r in rows
        for k, s in sources.items()
        if isinstance(s, ColumnRef) and s.column == "fir_id"
    ]
    value_tables = tables | ({"persons"} if "firs" in tables else set())
    withheld, masks, values = await asyncio.gather(
        withheld_count(executor, verdict, officer, policy, dialect, tables),
        sql_mask_counts(executor, officer, policy, rows, sources, aliases, links),
        protected_values(executor, officer, policy, value_tables, key_list(fir_keys)),
    )
    reasons = Counter({sensitivity_reason(policy): withheld} if withheld else {})
    reasons.update(masks)
    shown = visible_values(rows)
    return ClearedRows(
        columns=list(result.columns),
        rows=rows,
        withheld_rows=withheld,
        masked_fields=sum(reasons.values()) - withheld,
        withheld_values=[v for v in values if v not in shown],
        reasons=dict(reasons),
        policy_version=policy.version,
    )
