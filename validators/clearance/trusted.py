"""Trusted queries the clearance tier builds itself (context lookups, the deny-list).

They never reach a model and never come from user text. Each is handed to the records
executor as an accepted `ZcqlVerdict` and runs against the base tables; every literal is
checked against a strict pattern before it is written into SQL.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import sqlglot
from sqlglot import exp

from schemas.officer import Officer
from validators.clearance.sql_scope import in_precincts
from validators.zcql.validate import PARSE_DIALECT, ZcqlVerdict

KEY_LITERAL = re.compile(r"^[A-Za-z0-9_\-./]{1,64}$")
CHUNK = 100
MAX_ROWS = 300


def trusted(statement: str, tables: Iterable[str]) -> ZcqlVerdict:
    """A statement built here from checked literals, as an accepted verdict for the executor."""
    tree = sqlglot.parse_one(statement, dialect=PARSE_DIALECT)
    if not isinstance(tree, exp.Select):
        raise TypeError("a trusted query must be a SELECT")
    return ZcqlVerdict(statement, True, (), tree, frozenset(tables))


def key_list(keys: Iterable[object]) -> list[str]:
    """Distinct keys safe to quote, in first-seen order (others are dropped: fail closed)."""
    seen: dict[str, None] = {}
    for key in keys:
        text = str(key)
        if key is not None and KEY_LITERAL.fullmatch(text):
            seen.setdefault(text, None)
    return list(seen)


def chunks(keys: list[str]) -> list[list[str]]:
    """Keys split into IN-lists of at most CHUNK."""
    return [keys[i : i + CHUNK] for i in range(0, len(keys), CHUNK)]


def quoted(keys: list[str]) -> str:
    """A checked key list as SQL string literals."""
    return ", ".join(f"'{k}'" for k in keys)


CONTEXT_COLUMNS: dict[str, tuple[str, ...]] = {
    "firs": ("fir_id", "precinct_id", "sensitivity", "sexual_offence", "involves_juvenile"),
    "persons": ("person_id", "fir_id", "precinct_id", "role", "is_juvenile"),
    "vehicles": ("vehicle_id", "fir_id", "precinct_id"),
}
KEY_OF = {"firs": "fir_id", "persons": "person_id", "vehicles": "vehicle_id"}


def context_queries(table: str, keys: list[str], officer: Officer) -> list[ZcqlVerdict]:
    """Lookups of the facts the policy reads, for the given keys within jurisdiction."""
    cols = ", ".join(CONTEXT_COLUMNS[table])
    return [
        trusted(
            f"SELECT {cols} FROM {table} WHERE {KEY_OF[table]} IN ({quoted(part)}) "
            f"AND {in_precincts('precinct_id', officer)} LIMIT {MAX_ROWS}",
            [table],
        )
        for part in chunks(keys)
    ]


FIR_FACTS = ("precinct_id", "sensitivity", "sexual_offence", "involves_juvenile")


def protected_values_query(
    table: str,
    officer: Officer,
    columns: list[str],
    masked_when: list[str],
    priority_firs: list[str],
) -> ZcqlVerdict:
    """Rows of `table` in jurisdiction holding values this officer may not see.

    Selects the context the policy reads plus `columns`; a row qualifies when it is above
    the officer's clearance or one of `masked_when` (SQL over aliases t, f) holds. FIRs the
    result references come first. FIR facts of persons and vehicles come back as `fir_<col>`.
    """
    fir = "t" if table == "firs" else "f"
    own = [f"t.{c} AS {c}" for c in dict.fromkeys([*CONTEXT_COLUMNS[table], *columns])]
    joined = [] if table == "firs" else [f"f.{c} AS fir_{c}" for c in FIR_FACTS]
    source = f"{table} AS t" + ("" if table == "firs" else " JOIN firs AS f ON f.fir_id = t.fir_id")
    hidden = " OR ".join([f"{fir}.sensitivity > {int(officer.clearance)}", *masked_when])
    order = f"t.{KEY_OF[table]}"
    if priority_firs:
        first = quoted(priority_firs[:CHUNK])
        order = f"CASE WHEN t.fir_id IN ({first}) THEN 0 ELSE 1 END, {order}"
    return trusted(
        f"SELECT {', '.join(own + joined)} FROM {source} "
        f"WHERE {in_precincts('t.precinct_id', officer)} AND ({hidden}) "
        f"ORDER BY {order} LIMIT {MAX_ROWS}",
        {table, "firs"},
    )
