"""Cleared execution: an accepted statement run so the officer receives only what they may see.

`plan_clearance` binds an accepted statement to one officer's clearance sources (the
policy compiled into trusted CTEs that shadow firs, persons and vehicles); `run_plan`
executes only such a plan. SQLite and PostgreSQL withhold rows and mask cells inside the
database. Catalyst (any backend that is not SQL) cannot take CTEs: the result is
post-filtered by `filter_rows` with trusted context look-ups, failing closed; a statement
over case data is sent with its FIRs' sensitivity bound in its own WHERE (`catalyst_scope`,
a join to `firs` written in for persons and vehicles), proven on its tree, so its counts
and dates are within clearance; an aggregate filtered on a column masked for the officer
is refused (`masked_filter`).

What an officer receives is a function of the rows they may see: the visible rows, and
the cells masked in them (whether a cell is masked depends only on context columns of
that visible row, which the policy never masks). How many rows were withheld is for the
audit alone, and is counted only when asked (`count_withheld`): it costs two COUNT(*)
scans of the officer's jurisdiction. No value the officer may not see is handed on, not
even to the guardrail as a deny-list: masking such a value where it appears in an answer
(e.g. a name the officer typed) would tell them it exists in sealed records.
"""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from sqlglot import exp

from schemas.officer import Officer
from schemas.records import CASE_TABLES, KEYS, TABLE_COLUMNS
from tools.records.catalyst_scope import scoped
from tools.records.dialect import error_free
from tools.records.executor import QueryRows, RecordsExecutor
from tools.records.implied_scope import SourcedScope, implied_tables
from tools.records.masked_filter import refuse_masked_aggregate
from tools.records.pushdown import safe_filters
from tools.records.trusted import context_queries, key_list
from validators.clearance.cleared import ClearedRows, count_masked
from validators.clearance.policy import ClearancePolicy
from validators.clearance.projection import (
    ZCQL_DIALECT,
    CellSource,
    ColumnRef,
    column_sources,
    condition_columns,
    fir_links,
    outer_aliases,
)
from validators.clearance.python_filter import filter_rows
from validators.clearance.rules import Record, RecordContext
from validators.clearance.sql_scope import (
    Dialect,
    precinct_only_sources,
    read_columns,
    table_sources,
)
from validators.clearance.where_scope import bounds_sensitivity
from validators.zcql.validate import AcceptedStatement

SQL_BACKENDS: dict[str, Dialect] = {"sqlite": "sqlite", "postgres": "postgres"}
PLANS_KEPT = 512
_PLANNED: OrderedDict[tuple[object, ...], tuple[ClearancePolicy, dict[str, str]]] = OrderedDict()
"""Sources by (statement, officer, dialect, name index), with the policy object they were
compiled from: the service plans a statement and `run_plan` checks the plan against a fresh
planning, so each statement's sources are compiled once, not twice."""


@dataclass(frozen=True)
class ClearedPlan:
    """An accepted statement over one officer's clearance sources (see `plan_clearance`).

    `sources` are the trusted CTE sources for a SQL backend (`dialect` set), or empty when
    the backend's result is post-filtered in Python (`dialect` None). `sent` is the statement
    a post-filtered backend runs instead, with the sensitivity bound written in
    (`catalyst_scope`), when it differs. `run_plan` runs a plan only if it is exactly what
    `plan_clearance` makes under the current policy, so a plan built or altered by hand
    never executes.
    """

    statement: AcceptedStatement
    officer: Officer
    policy_version: str
    dialect: Dialect | None
    sources: dict[str, str]
    sent: AcceptedStatement | None = None

    @property
    def runs(self) -> AcceptedStatement:
        """The statement the backend executes."""
        return self.sent or self.statement

    @property
    def jurisdiction(self) -> frozenset[str]:
        """The precincts every source restricts its table to (the officer's)."""
        return self.officer.precincts


def plan_clearance(
    statement: AcceptedStatement,
    officer: Officer,
    policy: ClearancePolicy,
    backend: str,
    *,
    name_index: bool = False,
) -> ClearedPlan:
    """The accepted statement bound to the officer's clearance sources for `backend`
    (`name_index`: a SQLite file with the trigram name index, see `uses_name_index`)."""
    if not isinstance(statement, AcceptedStatement):
        raise TypeError("only an accepted statement can be planned")
    dialect = SQL_BACKENDS.get(backend)
    if dialect is None:
        refuse_masked_aggregate(statement, officer, policy)
        sent = scoped(statement, officer)
        bound = sent if sent != statement else None
        return ClearedPlan(statement, officer, policy.version, None, {}, bound)
    key = (statement.statement, statement.tables, officer, dialect, name_index)
    cached = _PLANNED.get(key)
    if cached is None or cached[0] is not policy:
        cached = (policy, _sources(statement, officer, policy, dialect, name_index))
        _PLANNED[key] = cached
        while len(_PLANNED) > PLANS_KEPT:
            _PLANNED.popitem(last=False)
    return ClearedPlan(statement, officer, policy.version, dialect, dict(cached[1]))


def _sources(
    statement: AcceptedStatement,
    officer: Officer,
    policy: ClearancePolicy,
    dialect: Dialect,
    name_index: bool,
) -> dict[str, str]:
    tables = set(statement.tables) & CASE_TABLES
    columns = read_columns(statement.tree)
    fenced = dialect == "postgres" and not error_free(statement)
    restated = implied_tables(statement.tree, SourcedScope(officer.precincts, frozenset(tables)))
    sources = table_sources(
        officer,
        policy,
        dialect,
        tables=tables,
        columns=columns,
        scope_as_filter=tables - restated if dialect == "postgres" and not fenced else (),
    )
    extra = safe_filters(statement, officer, policy, dialect, name_index=name_index, fenced=fenced)
    return {t: source + extra.get(t, "") for t, source in sources.items()}


async def run_plan(
    plan: ClearedPlan,
    executor: RecordsExecutor,
    policy: ClearancePolicy,
    *,
    count_withheld: bool = False,
) -> ClearedRows:
    """Execute a cleared plan; see the module docstring for what the officer may receive."""
    if not isinstance(plan, ClearedPlan) or plan != plan_clearance(
        plan.statement,
        plan.officer,
        policy,
        executor.backend,
        name_index=uses_name_index(executor),
    ):
        raise TypeError("execution takes only the plan the clearance policy makes")
    sources, aliases, links = projection(plan.statement)
    officer = plan.officer
    if plan.dialect is None:
        raw = await executor.execute(plan.runs)
        if plan.sent is not None:
            raw = renamed(raw, plan.statement, plan.sent)
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
            sensitivity_checked=bounds_sensitivity(plan.runs.tree, officer),
            matched_on=condition_columns(plan.runs.tree),
            links=links,
        )
    result = await executor.execute(
        plan.statement, plan.sources or None, jurisdiction=plan.jurisdiction
    )
    rows = [dict(r) for r in result.rows]
    withheld, masks = await asyncio.gather(
        withheld_count(executor, plan, policy) if count_withheld else _none(),
        sql_mask_counts(executor, officer, policy, rows, sources, aliases, links),
    )
    reasons = Counter({sensitivity_reason(policy): withheld} if withheld else {})
    reasons.update(masks)
    return ClearedRows(
        columns=list(result.columns),
        rows=rows,
        withheld_rows=withheld,
        masked_fields=sum(masks.values()),
        reasons=dict(reasons),
        policy_version=policy.version,
    )


async def run_with_clearance(
    statement: AcceptedStatement,
    officer: Officer,
    executor: RecordsExecutor,
    policy: ClearancePolicy,
    *,
    count_withheld: bool = False,
) -> ClearedRows:
    """Plan and run in one step (for callers with no stage between the two)."""
    plan = plan_clearance(
        statement, officer, policy, executor.backend, name_index=uses_name_index(executor)
    )
    return await run_plan(plan, executor, policy, count_withheld=count_withheld)


class Projection(NamedTuple):
    """Where a statement's result columns come from: read by the masks and their audit."""

    sources: Mapping[str, CellSource]
    aliases: Mapping[str, str]
    links: Mapping[str, str]


@lru_cache(maxsize=PLANS_KEPT)
def projection(statement: AcceptedStatement) -> Projection:
    """The statement's projection, worked out once per statement (a function of its tree
    alone, so of its text), read-only."""
    tree = statement.tree
    return Projection(
        MappingProxyType(column_sources(tree)),
        MappingProxyType(outer_aliases(tree)),
        MappingProxyType(fir_links(tree)),
    )


def renamed(raw: QueryRows, asked: AcceptedStatement, sent: AcceptedStatement) -> QueryRows:
    """The rows of `sent` under the result names of `asked`: where the bound brought in the
    first join, `table.col` keys become `col` and each aggregate's text is the one asked
    (`COUNT(persons.ROWID)` -> `COUNT(ROWID)`), so the answer reads as for any backend."""
    if asked.tree.args.get("joins") or not sent.tree.args.get("joins"):
        return raw
    names = {
        f"{alias}.{column}": column
        for alias, table in outer_aliases(asked.tree).items()
        for column in TABLE_COLUMNS.get(table, ())
    }
    pairs = zip(asked.tree.expressions, sent.tree.expressions, strict=False)
    plain = (exp.Column, exp.Star, exp.Alias)
    names.update(
        {
            s.sql(dialect=ZCQL_DIALECT): a.sql(dialect=ZCQL_DIALECT)
            for a, s in pairs
            if not isinstance(a, plain)
        }
    )
    rows = [{names.get(k, k): v for k, v in row.items()} for row in raw.rows]
    return replace(raw, columns=[names.get(c, c) for c in raw.columns], rows=rows)


def uses_name_index(executor: RecordsExecutor) -> bool:
    """True for an executor over a SQLite file with the trigram name index."""
    return bool(getattr(executor, "name_index", False))


async def _none() -> None:
    return None


async def withheld_count(
    executor: RecordsExecutor, plan: ClearedPlan, policy: ClearancePolicy
) -> int:
    """Rows the statement matches in jurisdiction minus those within clearance (audit only)."""
    if not plan.sources or plan.dialect is None:
        return 0
    tables = set(plan.sources)
    jurisdiction = plan.jurisdiction
    in_scope, visible = await asyncio.gather(
        executor.count(
            plan.statement,
            precinct_only_sources(plan.officer, policy, plan.dialect, tables=tables),
            jurisdiction=jurisdiction,
        ),
        executor.count(plan.statement, plan.sources, jurisdiction=jurisdiction),
    )
    return max(0, in_scope - visible)


def sensitivity_reason(policy: ClearancePolicy) -> str:
    """The name the policy gives its sensitivity row rule."""
    return next(r.name for r in policy.row_rules if r.check == "sensitivity_within_clearance")


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
    maskable = any(
        isinstance(s, ColumnRef) and policy.unsatisfied(officer, s.table, s.column)
        for s in sources.values()
    )
    if not rows or not maskable:
        return Counter()
    context = await fetch_context(executor, officer, rows, sources)
    return count_masked(officer, policy, rows, sources, aliases, context, links)


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
