"""Trusted queries the records service builds itself (the context look-ups).

They never reach a model and never come from user text: each is assembled here from
constants (`schemas.records`) and literals checked against a strict pattern, and is a
`TrustedQuery`, a type only this module constructs. Executors take a `TrustedQuery` or a
validator's `AcceptedStatement`, nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import sqlglot
from sqlglot import exp

from schemas.officer import Officer
from schemas.records import FACT_COLUMNS, KEYS
from validators.clearance.sql_scope import in_precincts
from validators.zcql.validate import PARSE_DIALECT

KEY_LITERAL = re.compile(r"^[A-Za-z0-9_\-./]{1,64}$")
CHUNK = 100
MAX_ROWS = 300


_SEAL = object()


@dataclass(frozen=True)
class TrustedQuery:
    """A SELECT built by this module from constants and checked literals (never user text)."""

    statement: str
    tree: exp.Select = field(repr=False, compare=False)
    tables: frozenset[str]
    seal: object = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.seal is not _SEAL:
            raise TypeError("a TrustedQuery is made only by tools.records.trusted")


def trusted(statement: str, tables: Iterable[str]) -> TrustedQuery:
    """A statement built here from checked literals, for the executor."""
    tree = sqlglot.parse_one(statement, dialect=PARSE_DIALECT)
    if not isinstance(tree, exp.Select):
        raise TypeError("a trusted query must be a SELECT")
    return TrustedQuery(statement, tree, frozenset(tables), _SEAL)


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


def context_queries(table: str, keys: list[str], officer: Officer) -> list[TrustedQuery]:
    """Lookups of the facts the policy reads, for the given keys within jurisdiction."""
    cols = ", ".join(FACT_COLUMNS[table])
    return [
        trusted(
            f"SELECT {cols} FROM {table} WHERE {KEYS[table]} IN ({quoted(part)}) "
            f"AND {in_precincts('precinct_id', officer)} LIMIT {MAX_ROWS}",
            [table],
        )
        for part in chunks(keys)
    ]
