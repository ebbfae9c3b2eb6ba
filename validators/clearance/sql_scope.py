"""Compile the policy into trusted SELECTs that shadow firs, persons and vehicles as CTEs.

Rows are restricted inside the database (jurisdiction and, unless disabled, sensitivity),
and masked columns are rendered `CASE WHEN <may see> THEN col ELSE <mask> END AS col`, so
aggregates run only over visible rows and masked values never leave the database. A
condition that is NULL counts as holding (the CASE falls through to the mask).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Literal

from sqlglot import exp

from schemas.officer import Officer
from schemas.records import CASE_TABLES, KEYS, NUMERIC_COLUMNS, TABLE_COLUMNS
from validators.clearance.conditions import CONDITIONS
from validators.clearance.policy import ClearancePolicy
from validators.zcql.schema import ROWID

Dialect = Literal["sqlite", "postgres"]

PRECINCT_ID = re.compile(r"^[A-Z0-9\-]{1,32}$")
ROW_ALIAS = "t"
FIR_ALIAS = "f"


def precinct_list(officer: Officer) -> str:
    """The officer's precincts as a SQL IN-list body; refuses a malformed precinct id."""
    bad = [p for p in officer.precincts if not PRECINCT_ID.fullmatch(p)]
    if bad:
        raise ValueError(f"malformed precinct ids for {officer.badge_id}: {sorted(bad)!r}")
    return ", ".join(f"'{p}'" for p in sorted(officer.precincts))


def in_precincts(column: str, officer: Officer) -> str:
    """`column IN (...)`, or a false predicate for an officer with no precincts."""
    listed = precinct_list(officer)
    return f"{column} IN ({listed})" if listed else "1 = 0"


def base_table(table: str, dialect: Dialect) -> str:
    """The real table, named so that a CTE of the same name cannot capture it."""
    return f"main.{table}" if dialect == "sqlite" else f"public.{table}"


def mask_literal(policy: ClearancePolicy, column: str) -> str:
    """What a masked cell becomes: NULL for numbers, the mask text otherwise."""
    return "NULL" if column in NUMERIC_COLUMNS else f"'{policy.mask}'"


def column_sql(officer: Officer, policy: ClearancePolicy, table: str, column: str) -> str:
    """One select-list item: the plain column or its masking CASE."""
    rules = policy.unsatisfied(officer, table, column)
    if not rules:
        return f"{ROW_ALIAS}.{column}"
    fir = ROW_ALIAS if table == "firs" else FIR_ALIAS
    may_see = " AND ".join(f"NOT ({CONDITIONS[r.condition].sql(ROW_ALIAS, fir)})" for r in rules)
    return (
        f"CASE WHEN {may_see} THEN {ROW_ALIAS}.{column} "
        f"ELSE {mask_literal(policy, column)} END AS {column}"
    )


def row_predicate(
    officer: Officer, table: str, *, enforce_sensitivity: bool, scope_as_filter: bool = False
) -> str:
    """WHERE body: the row's and its FIR's precinct in jurisdiction, sensitivity in clearance.

    `scope_as_filter` writes the row's own precinct test over `COALESCE(precinct_id, '')`:
    the same value (the column is NOT NULL), so the same rows, in an expression no index
    serves and cheaper per row than building `precinct_id || ''`. For a source PostgreSQL
    flattens into a statement that already restricts `precinct_id` (the validator requires
    it), where a second IN-list on the indexed column would have the planner scan the index
    once per pair of list entries.
    """
    fir = ROW_ALIAS if table == "firs" else FIR_ALIAS
    own = (
        f"COALESCE({ROW_ALIAS}.precinct_id, '')" if scope_as_filter else f"{ROW_ALIAS}.precinct_id"
    )
    parts = [in_precincts(own, officer)]
    if table != "firs":
        parts.append(in_precincts(f"{FIR_ALIAS}.precinct_id", officer))
    if enforce_sensitivity:
        parts.append(f"{fir}.sensitivity <= {int(officer.clearance)}")
    return " AND ".join(parts)


def table_source(
    officer: Officer,
    policy: ClearancePolicy,
    table: str,
    dialect: Dialect = "sqlite",
    *,
    enforce_sensitivity: bool = True,
    columns: Collection[str] | None = None,
    scope_as_filter: bool = False,
) -> str:
    """The trusted SELECT that shadows one case-data table for this officer.

    `columns` narrows the select list to the columns a statement reads (all by default):
    the rows are the same, and a narrow source can be read from a covering index.
    """
    wanted = [c for c in TABLE_COLUMNS[table] if columns is None or c in columns]
    items = ", ".join(column_sql(officer, policy, table, c) for c in wanted or [KEYS[table]])
    source = f"{base_table(table, dialect)} AS {ROW_ALIAS}"
    if table != "firs":
        source += (
            f" JOIN {base_table('firs', dialect)} AS {FIR_ALIAS}"
            f" ON {FIR_ALIAS}.fir_id = {ROW_ALIAS}.fir_id"
        )
    where = row_predicate(
        officer, table, enforce_sensitivity=enforce_sensitivity, scope_as_filter=scope_as_filter
    )
    return f"SELECT {items} FROM {source} WHERE {where}"


def table_sources(
    officer: Officer,
    policy: ClearancePolicy,
    dialect: Dialect = "sqlite",
    *,
    enforce_sensitivity: bool = True,
    tables: frozenset[str] | set[str] | None = None,
    columns: Mapping[str, Collection[str]] | None = None,
    scope_as_filter: Collection[str] = (),
) -> dict[str, str]:
    """Trusted SELECTs for firs, persons and vehicles (or those of `tables`), by table name;
    `columns` narrows each table's select list (see `table_source`), and the tables named in
    `scope_as_filter` write their own precinct test as a filter (see `row_predicate`)."""
    wanted = CASE_TABLES if tables is None else CASE_TABLES & set(tables)
    return {
        t: table_source(
            officer,
            policy,
            t,
            dialect,
            enforce_sensitivity=enforce_sensitivity,
            columns=None if columns is None else columns.get(t, ()),
            scope_as_filter=t in scope_as_filter,
        )
        for t in sorted(wanted)
    }


def read_columns(tree: exp.Expression) -> dict[str, frozenset[str]]:
    """Case table -> the columns a statement may read from it (all when it has a `*`).

    Judged by name alone, whatever table a column is qualified with, so it is never
    narrower than the statement; ROWID reads the table's key.
    """
    if any(not isinstance(star.parent, exp.Count) for star in tree.find_all(exp.Star)):
        return {t: frozenset(TABLE_COLUMNS[t]) for t in CASE_TABLES}
    names = {c.name.lower() for c in tree.find_all(exp.Column)}
    return {
        t: frozenset(
            c for c in TABLE_COLUMNS[t] if c in names or (c == KEYS[t] and ROWID.lower() in names)
        )
        for t in CASE_TABLES
    }


def precinct_only_sources(
    officer: Officer,
    policy: ClearancePolicy,
    dialect: Dialect = "sqlite",
    *,
    tables: frozenset[str] | set[str] | None = None,
) -> dict[str, str]:
    """Like `table_sources` but without the sensitivity rule: what the query matches in scope.

    The masks still apply, so the withheld count cannot be used to probe a masked value
    (a WHERE on a masked name matches nothing in either count).
    """
    return table_sources(officer, policy, dialect, enforce_sensitivity=False, tables=tables)
