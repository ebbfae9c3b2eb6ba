"""The sensitivity row rule written into a Catalyst statement's own WHERE.

Catalyst cannot take the clearance sources, and what it returns for a count, a grouped
count or a trend's `registered_at` carries no FIR sensitivity, so the post-filter withheld
every such row from an officer below the top clearance. For such an officer a statement
that reads `firs` alone is sent with `sensitivity <= <clearance>` as one more top-level
AND-ed condition: the Data Store then matches, counts and pages only FIRs within clearance
(as the SQL sources do), and `where_scope.bounds_sensitivity` proves the condition on the
validated tree before the post-filter trusts it. The condition is never dropped: when it
does not fit ZCQL's five WHERE conditions the statement is refused with that reason.
"""

from __future__ import annotations

import re

from sqlglot import exp

from schemas.errors import QueryRejected
from schemas.officer import Officer
from validators.clearance.rules import MAX_SENSITIVITY
from validators.clearance.where_scope import bounds_sensitivity, single_firs
from validators.zcql.validate import AcceptedStatement, validate

_LITERAL = re.compile(r"'[^']*'")
_WHERE = re.compile(r"\bWHERE\b", re.IGNORECASE)
_AFTER_WHERE = re.compile(r"\b(GROUP\s+BY|HAVING|ORDER\s+BY|LIMIT)\b", re.IGNORECASE)


class SensitivityDoesNotFit(QueryRejected):
    """The statement has no room for the officer's sensitivity condition."""

    safe_message = (
        "I can't run that query here: for your clearance it also needs a sensitivity "
        "condition, and with it the question has more than the five filters this records "
        "backend allows. Ask with fewer filters."
    )


def needs_scope(statement: AcceptedStatement, officer: Officer) -> bool:
    """True when the statement reads `firs` alone for an officer below the top clearance
    and does not already bound sensitivity within their clearance."""
    return (
        officer.clearance < MAX_SENSITIVITY
        and single_firs(statement.tree) is not None
        and not bounds_sensitivity(statement.tree, officer)
    )


def scoped(statement: AcceptedStatement, officer: Officer) -> AcceptedStatement:
    """The statement with `sensitivity <= <clearance>` AND-ed to its WHERE, validated afresh
    and proven on its tree (the statement itself when it needs no scope)."""
    if not needs_scope(statement, officer):
        return statement
    text = statement.statement
    code = _LITERAL.sub(lambda m: "'" + " " * (len(m[0]) - 2) + "'", text)
    where = _WHERE.search(code)
    if where is None:
        raise QueryRejected(["a statement over firs without a WHERE clause cannot be scoped"])
    tail = _AFTER_WHERE.search(code, where.end())
    end = tail.start() if tail else len(text)
    body = text[where.end() : end].strip()
    condition = f"sensitivity <= {int(officer.clearance)}"
    top = statement.tree.args["where"].this
    body = f"({body})" if isinstance(top, exp.Or) else body
    written = f"{text[: where.end()]} {body} AND {condition}"
    rest = text[end:].strip()
    written = f"{written} {rest}" if rest else written
    verdict = validate(written, officer.precincts)
    if verdict.accepted_statement is None:
        raise SensitivityDoesNotFit(list(verdict.reasons))
    if not bounds_sensitivity(verdict.accepted_statement.tree, officer):
        raise QueryRejected(["the sensitivity condition could not be proven on the statement"])
    return verdict.accepted_statement
