"""Compile the policy into trusted SELECTs that shadow firs, persons and vehicles as CTEs.

Rows are restricted inside the database (jurisdiction and, unless disabled, sensitivity),
and masked columns are rendered `CASE WHEN <may see> THEN col ELSE <mask> END AS col`, so
aggregates run only over visible rows and masked values never leave the database. A
condition that is NULL counts as holding (the CASE falls through to the mask).
"""

from __future__ import annotations

import re
from typing import Literal

from schemas.officer import Officer
from schemas.records import CASE_TABLES, NUMERIC_COLUMNS, TABLE_COLUMNS
from validators.clearance.conditions import CONDITIONS
from validators.clearance.policy import ClearancePolicy

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


def row_predicate(officer: Officer, table: str, *, enforce_sensitivity: bool) -> str:
    """WHERE body: the row's and its FIR's precinct in jurisdiction, sensitivity in clearance."""
    fir = ROW_ALIAS if table == "firs" else FIR_ALIAS
    parts = [in_precincts(f"{ROW_ALIAS}.precinct_id", officer)]
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
) -> str:
    """The trusted SELECT that shadows one case-data table for this officer."""
    items = ", ".join(column_sql(officer, policy, table, c) for c in TABLE_COLUMNS[table])
    source = f"{base_table(table, dialect)} AS {ROW_ALIAS}"
    if table != "firs":
        source += (
            f" JOIN {base_table('firs', dialect)} AS {FIR_ALIAS}"
            f" ON {FIR_ALIAS}.fir_id = {ROW_ALIAS}.fir_id"
        )
    where = row_predicate(officer, table, enforce_sensitivity=enforce_sensitivity)
    return f"SELECT {items} FROM {source} WHERE {where}"


def table_sources(
    officer: Officer,
    policy: ClearancePolicy,
    dialect: Dialect = "sqlite",
    *,
    enforce_sensitivity: bool = True,
    tables: frozenset[str] | set[str] | None = None,
) -> dict[str, str]:
    """Trusted SELECTs for firs, persons and vehicles (or those of `tables`), by table name."""
    wanted = CASE_TABLES if tables is None else CASE_TABLES & set(tables)
    return {
        t: table_source(officer, policy, t, dialect, enforce_sensitivity=enforce_sensitivity)
        for t in sorted(wanted)
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
