"""Apply the clearance policy to record results: in the database (SQL) or in Python.

SQLite and PostgreSQL run the query over the trusted CTE sources of `sql_scope`, so rows
and cells are withheld inside the database; the counts come from two COUNT(*) runs and
the deny-list from a trusted query. Catalyst cannot take CTEs: the plain result is
post-filtered by `filter_rows`, which fails closed (see `run_with_clearance`).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from schemas.errors import QueryRejected
from schemas.officer import Officer
from tools.records.executor import RecordsExecutor
from validators.clearance.conditions import CONDITIONS, Facts
from validators.clearance.facts import Record, RecordContext, row_facts
from validators.clearance.policy import ClearancePolicy
from validators.clearance.projection import (
    CellSource,
    ColumnRef,
    DerivedRef,
    column_sources,
    condition_columns,
    fir_links,
    outer_aliases,
)
from validators.clearance.rules import (
    derived_mask_reason,
    mask_reason,
    unknown_column_reason,
    withheld_reason,
)
from validators.clearance.schema import CASE_TABLES, KEYS, NUMERIC_COLUMNS, TABLE_COLUMNS
from validators.clearance.sql_scope import Dialect, precinct_only_sources, table_sources
from validators.clearance.trusted import (
    FIR_FACTS,
    context_queries,
    key_list,
    protected_values_query,
)
from validators.zcql.validate import ZcqlVerdict

MAX_WITHHELD_VALUES = 300


@dataclass(frozen=True)
class ClearedRows:
    """Rows the officer may see, with what was withheld and why (values are never logged)."""

    columns: list[str]
    rows: list[dict[str, Any]]
    withheld_rows: int
    masked_fields: int
    withheld_values: list[str] = field(repr=False)
    reasons: dict[str, int]
    policy_version: str


class _DenyList:
    """Distinct protected values, capped."""

    def __init__(self) -> None:
        self.values: dict[str, None] = {}

    def add(self, value: Any) -> None:
        if isinstance(value, str) and value.strip() and len(self.values) < MAX_WITHHELD_VALUES:
            self.values.setdefault(value, None)

    def extend(self, values: Iterable[Any]) -> None:
        for value in values:
            self.add(value)


def visible_values(rows: Iterable[Record]) -> set[str]:
    """Text the officer is shown anyway: never put on the deny-list."""
    return {v for row in rows for v in row.values() if isinstance(v, str)}


def masked_value(policy: ClearancePolicy, source: CellSource | None, key: str) -> Any:
    """NULL for a numeric column, the mask text otherwise."""
    column = source.column if isinstance(source, ColumnRef) else key.rsplit(".", 1)[-1]
    numeric = column in NUMERIC_COLUMNS and not isinstance(source, DerivedRef)
    return None if numeric else policy.mask


def _column_of(source: CellSource | None, key: str) -> str | None:
    if isinstance(source, DerivedRef):
        return None
    return source.column if source is not None else key.rsplit(".", 1)[-1]


def cell_reason(
    officer: Officer,
    policy: ClearancePolicy,
    key: str,
    source: CellSource | None,
    facts: Mapping[str, Facts],
) -> str | None:
    """Why one cell is masked for this officer, or None when it may be shown."""
    if isinstance(source, DerivedRef):
        return derived_mask_reason(officer, policy, source)
    if source is None:
        return unknown_column_reason(officer, policy, key)
    if source.table not in CASE_TABLES:
        return None
    return mask_reason(officer, policy, source, facts.get(source.alias, Facts({}, {})))


def _matched_on_protected(
    officer: Officer,
    policy: ClearancePolicy,
    matched_on: Iterable[ColumnRef],
    facts: Mapping[str, Facts],
) -> bool:
    """A row selected by a condition over a value the officer may not see in it."""
    for ref in matched_on:
        if (
            ref.table in CASE_TABLES
            and policy.unsatisfied(officer, ref.table, ref.column)
            and mask_reason(officer, policy, ref, facts.get(ref.alias, Facts({}, {})))
        ):
            return True
    return False


def _resolve_sources(
    rows: Sequence[Record], sources: str | Mapping[str, CellSource]
) -> dict[str, CellSource]:
    if not isinstance(sources, str):
        return dict(sources)
    keys = {k for row in rows for k in row}
    known = TABLE_COLUMNS.get(sources, ())
    return {k: ColumnRef(sources, sources, k) for k in keys if k in known}


def filter_rows(
    rows: Sequence[Record],
    officer: Officer,
    policy: ClearancePolicy,
    context_rows: RecordContext | None = None,
    *,
    sources: str | Mapping[str, CellSource],
    aliases: Mapping[str, str] | None = None,
    columns: Sequence[str] | None = None,
    jurisdiction_checked: bool = False,
    matched_on: Iterable[ColumnRef] = (),
    links: Mapping[str, str] | None = None,
) -> ClearedRows:
    """The policy applied in Python to unmasked rows (Catalyst, records from other tools).

    `sources` is a table name (every key is that table's column) or result key -> source
    (`projection.column_sources`). `context_rows` supplies base-table facts by key. A row
    is withheld unless every case-data alias is provably visible (`unverifiable_record`
    otherwise); a cell is masked unless provably visible. `jurisdiction_checked` accepts
    an unknown precinct because the ZCQL validator already confined the statement.
    `matched_on` are columns the statement filtered or joined on: a row matched through a
    value the officer may not see is dropped silently, as the masked SQL scope would never
    have matched it. `links` ties persons/vehicles aliases to the FIR alias they were
    joined to (`projection.fir_links`).
    """
    context = context_rows or RecordContext()
    srcs = _resolve_sources(rows, sources)
    alias_map = (
        dict(aliases)
        if aliases is not None
        else {s.alias: s.table for s in srcs.values() if isinstance(s, ColumnRef)}
    )
    conditions = list(matched_on)
    unscoped = [r for r in conditions if r.alias not in alias_map]
    if any(policy.unsatisfied(officer, r.table, r.column) for r in unscoped):
        rows = []
    reasons: Counter[str] = Counter()
    deny = _DenyList()
    cleared: list[dict[str, Any]] = []
    withheld = masked = 0
    for row in rows:
        facts = row_facts(row, srcs, alias_map, context, links)
        if _matched_on_protected(officer, policy, conditions, facts):
            continue
        hidden = next(
            (
                r
                for a, t in alias_map.items()
                if t in CASE_TABLES
                and (
                    r := withheld_reason(
                        officer, policy, t, facts[a], jurisdiction_checked=jurisdiction_checked
                    )
                )
            ),
            None,
        )
        if hidden is not None:
            withheld += 1
            reasons[hidden] += 1
            deny.extend(
                v for k, v in row.items() if _column_of(srcs.get(k), k) in policy.deny_list_columns
            )
            continue
        out: dict[str, Any] = {}
        for key, value in row.items():
            source = srcs.get(key)
            reason = cell_reason(officer, policy, key, source, facts)
            if reason is None:
                out[key] = value
                continue
            out[key] = masked_value(policy, source, key)
            masked += 1
            reasons[reason] += 1
            if _column_of(source, key) in policy.deny_list_columns:
                deny.add(value)
        cleared.append(out)
    shown = visible_values(cleared)
    return ClearedRows(
        columns=list(columns) if columns is not None else list(rows[0]) if rows else [],
        rows=cleared,
        withheld_rows=withheld,
        masked_fields=masked,
        withheld_values=[v for v in deny.values if v not in shown],
        reasons=dict(reasons),
        policy_version=policy.version,
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
    deny = _DenyList()
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
    it. Catalyst: the plain result is filtered by `filter_rows` with trusted context
    lookups; a row must carry its keys (fir_id, person_id, vehicle_id) to be proven
    visible unless the officer has clearance 5, and an aggregate over a column the officer
    may not see in every row is masked whole (fail closed).
    """
    tree = verdict.tree
    if not verdict.accepted or tree is None:
        raise QueryRejected(list(verdict.reasons) or ["The statement was not validated."])
    sources = column_sources(tree)
    aliases = outer_aliases(tree)
    links = fir_links(tree)
    if executor.backend == "catalyst":
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
    dialect: Dialect = "postgres" if executor.backend == "postgres" else "sqlite"
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
