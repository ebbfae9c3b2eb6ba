"""Trusted queries the records service builds itself (the context look-ups).

They never reach a model and never come from user text: each is assembled here from
constants (`schemas.records`) and literals checked against a strict pattern, and is a
`TrustedQuery`, a type only this module constructs. Executors take a `TrustedQuery` or a
validator's `AcceptedStatement`, nothing else.

A context look-up is built as its tree and its text from the same parts, with no parse, and
is `portable`: plain SQL that SQLite and PostgreSQL both run as written (one table, plain
column names, string literals, a LIMIT), so the executors run its text instead of copying
and translating a tree of a hundred keys on every request.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from sqlglot import exp

from schemas.officer import Officer
from schemas.records import FACT_COLUMNS, KEYS
from validators.clearance.sql_scope import in_precincts

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
    portable: bool = False
    """The statement runs unchanged on SQLite and PostgreSQL (see the module docstring)."""

    def __post_init__(self) -> None:
        if self.seal is not _SEAL:
            raise TypeError("a TrustedQuery is made only by tools.records.trusted")


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
    return [_context_query(table, part, officer) for part in chunks(keys)]


def _context_query(table: str, keys: list[str], officer: Officer) -> TrustedQuery:
    """One look-up, its text and its tree built from the same checked parts."""
    if not all(KEY_LITERAL.fullmatch(k) for k in keys) or table not in FACT_COLUMNS:
        raise ValueError("a context look-up takes a records table and checked keys")
    columns = FACT_COLUMNS[table]
    precincts = sorted(officer.precincts)
    statement = (
        f"SELECT {', '.join(columns)} FROM {table} WHERE {KEYS[table]} IN ({quoted(keys)}) "
        f"AND {in_precincts('precinct_id', officer)} LIMIT {MAX_ROWS}"
    )
    scope: exp.Expression = (
        exp.column("precinct_id").isin(*precincts)
        if precincts
        else exp.EQ(this=exp.Literal.number(1), expression=exp.Literal.number(0))
    )
    tree = (
        exp.select(*columns)
        .from_(table)
        .where(exp.and_(exp.column(KEYS[table]).isin(*keys), scope))
        .limit(MAX_ROWS)
    )
    return TrustedQuery(statement, tree, frozenset({table}), _SEAL, portable=True)
