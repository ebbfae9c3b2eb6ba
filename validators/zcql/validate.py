"""Parse a ZCQL statement once and run every rule: accepted only if no rule finds a violation.

A verdict is a pure function of the exact statement text and the caller's precinct set (the
rules read nothing else), so the last `VERDICTS_KEPT` verdicts are kept by that pair: a
statement asked again, e.g. a 49-precinct top-N, is not parsed and checked again. The kept
verdict is the one made from the parse of that very text, so the validator's judgement is
still on the AST of exactly what runs. Its tree is shared between callers and read-only:
whoever rewrites it (the dialect translations) works on a copy.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, cast

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

from validators.zcql.context import MAX_STATEMENT_CHARS, ValidationContext, strip_string_literals
from validators.zcql.rules import RULES
from validators.zcql.schema import TABLES
from validators.zcql.scope import analyse

PARSE_DIALECT = "mysql"
"""sqlglot dialect used to read ZCQL: it accepts `LIMIT offset, count`."""


_KEY = secrets.token_bytes(32)
"""This process's key for proving a statement was accepted here (never leaves the process)."""


def _proof(statement: str, tables: frozenset[str]) -> str:
    message = "\x00".join([statement, *sorted(tables)]).encode()
    return hmac.new(_KEY, message, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class AcceptedStatement:
    """A statement the validator accepted: only `validate()` can construct one.

    It carries a MAC under a key private to this process, so a hand-built instance (or one
    restored from a checkpoint written by another process) raises TypeError. Executors
    take this type (or a `tools.records.trusted.TrustedQuery`), never a string or a verdict.
    Its fields are plain data, so graph state holding it can be checkpointed.
    """

    statement: str
    tables: frozenset[str]
    """Base tables referenced anywhere in the statement (subqueries included)."""
    proof: str = field(repr=False)

    def __post_init__(self) -> None:
        if not hmac.compare_digest(self.proof, _proof(self.statement, self.tables)):
            raise TypeError("an AcceptedStatement is made only by validators.zcql.validate()")

    @property
    def tree(self) -> exp.Select:
        """The parsed statement (parsed again when restored from a checkpoint)."""
        cached = self.__dict__.get("_tree")
        if cached is None:
            cached = sqlglot.parse_one(self.statement, read=PARSE_DIALECT)
            assert isinstance(cached, exp.Select)
            self.__dict__["_tree"] = cached
        return cast(exp.Select, cached)


def _accept(statement: str, tree: exp.Select, tables: frozenset[str]) -> AcceptedStatement:
    accepted = AcceptedStatement(statement, tables, _proof(statement, tables))
    accepted.__dict__["_tree"] = tree
    return accepted


@dataclass(frozen=True)
class ZcqlVerdict:
    """The outcome for one statement: accepted or not, every reason, and the parsed tree."""

    statement: str
    accepted: bool
    reasons: tuple[str, ...]
    tree: exp.Select | None
    tables: frozenset[str]
    """Base tables referenced anywhere in the statement (subqueries included)."""
    accepted_statement: AcceptedStatement | None = field(default=None, repr=False)
    """The statement to hand to an executor; present exactly when `accepted`."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the tree is left out)."""
        return {
            "statement": self.statement,
            "accepted": self.accepted,
            "reasons": list(self.reasons),
            "tables": sorted(self.tables),
        }


VERDICTS_KEPT = 256
"""A kept verdict holds its tree: about 85 KB for a 1,500-character statement."""


def validate(statement: str, precincts: Iterable[str]) -> ZcqlVerdict:
    """Validate one ZCQL statement for a caller with these precincts (hard-fail, never rewrite);
    a verdict already made on this exact text for these precincts is returned as kept."""
    return _kept_verdict(statement, frozenset(precincts))


def judge(statement: str, precincts: frozenset[str]) -> ZcqlVerdict:
    """Parse and check the statement now, keeping nothing (`validate` keeps its verdicts)."""
    code = strip_string_literals(statement)
    if len(statement) > MAX_STATEMENT_CHARS:
        ctx = ValidationContext(statement, code, precincts, 1, None)
        return _verdict(statement, None, RULES[0](None, ctx), frozenset())
    try:
        parsed = [s for s in sqlglot.parse(statement, read=PARSE_DIALECT) if s is not None]
    except (SqlglotError, RecursionError) as error:
        return _verdict(statement, None, [_parse_reason(error)], frozenset())
    first = parsed[0] if parsed else None
    tree = first if isinstance(first, exp.Expression) else None
    analysis = analyse(tree) if tree is not None else None
    ctx = ValidationContext(statement, code, precincts, len(parsed), analysis)
    reasons = [reason for rule in RULES for reason in rule(tree, ctx)]
    tables = frozenset(
        ref.table
        for scope in (analysis.scopes if analysis else [])
        for ref in scope.tables
        if ref.table in TABLES
    )
    return _verdict(statement, tree, reasons, tables)


_kept_verdict = lru_cache(maxsize=VERDICTS_KEPT)(judge)


def _parse_reason(error: Exception) -> str:
    if isinstance(error, RecursionError):
        return "The statement is nested too deeply to read."
    first = str(error).splitlines()[0] if str(error) else type(error).__name__
    return f"The statement could not be parsed as ZCQL: {first[:200]}"


def _verdict(
    statement: str, tree: exp.Expression | None, reasons: list[str], tables: frozenset[str]
) -> ZcqlVerdict:
    unique = tuple(dict.fromkeys(reasons))
    accepted = not unique and isinstance(tree, exp.Select)
    if not accepted and not unique:
        unique = ("The statement is not a single SELECT.",)
    select = tree if isinstance(tree, exp.Select) else None
    return ZcqlVerdict(
        statement=statement,
        accepted=accepted,
        reasons=unique,
        tree=select,
        tables=tables,
        accepted_statement=(
            _accept(statement, select, tables) if accepted and select is not None else None
        ),
    )
