"""Run one validator rule on a statement, exactly as `validate()` prepares its input."""

from __future__ import annotations

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

from validators.zcql.context import ValidationContext, strip_string_literals
from validators.zcql.rules import Rule
from validators.zcql.scope import analyse
from validators.zcql.validate import PARSE_DIALECT, validate

PRECINCTS = frozenset({"BLR-E-KRP", "BLR-E-WFD"})
K = "precinct_id = 'BLR-E-KRP'"


def reasons(rule: Rule, statement: str) -> list[str]:
    """The reasons this one rule gives (the statement must parse, unless the rule is textual)."""
    try:
        parsed = [s for s in sqlglot.parse(statement, read=PARSE_DIALECT) if s is not None]
    except SqlglotError:
        parsed = []
    tree = parsed[0] if parsed and isinstance(parsed[0], exp.Expression) else None
    analysis = analyse(tree) if tree is not None else None
    code = strip_string_literals(statement)
    ctx = ValidationContext(statement, code, PRECINCTS, len(parsed), analysis)
    return list(rule(tree, ctx))


def check(rule: Rule, accepted: list[str], rejected: list[str]) -> None:
    """Accepted statements pass this rule and the whole validator; rejected ones fail both."""
    for statement in accepted:
        assert reasons(rule, statement) == [], statement
        assert validate(statement, PRECINCTS).accepted, statement
    for statement in rejected:
        assert reasons(rule, statement), statement
        assert not validate(statement, PRECINCTS).accepted, statement
