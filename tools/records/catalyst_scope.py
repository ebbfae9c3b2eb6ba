"""The sensitivity row rule written into a Catalyst statement's own WHERE.

Catalyst cannot take the clearance sources, and what it returns for a count, a grouped
count or a trend's `registered_at` carries no FIR sensitivity, so the post-filter withheld
every such row from an officer below the top clearance. For such an officer a statement
over case data is sent with its FIRs bounded in its own WHERE, so the Data Store matches,
counts and pages only records within clearance (as the SQL sources do):

- every `firs` table of its FROM and JOINs gets `<alias>.sensitivity <= <clearance>` as one
  more top-level AND-ed condition (bare `sensitivity` when it reads `firs` alone);
- a statement over `persons` and/or `vehicles` without `firs` gets
  `INNER JOIN firs ON <first>.fir_id = firs.fir_id` (the sensitivity is the FIR's) with
  `firs.precinct_id IN (<the first table's own precincts>)`, which the validator requires
  of every case-data table, and `firs.sensitivity <= <clearance>`; a statement that had no
  join has its bare columns qualified first, as ZCQL requires once there is a join.

The rewritten text is validated afresh, and `where_scope.bounds_sensitivity` must prove the
bound on its tree (every person or vehicle chained by `fir_id` to a bounded FIR) before
the post-filter trusts it. The bound is never dropped: when it does not fit ZCQL's five
WHERE conditions or four joins, or cannot be proven, the statement is refused with that
reason.
"""

from __future__ import annotations

import re

from sqlglot import exp

from schemas.errors import QueryRejected
from schemas.officer import Officer
from validators.clearance.rules import MAX_SENSITIVITY
from validators.clearance.where_scope import (
    bounds_sensitivity,
    case_aliases,
    single_firs,
    top_conjuncts,
)
from validators.zcql.schema import SCOPE_COLUMN
from validators.zcql.validate import AcceptedStatement, validate

_LITERAL = re.compile(r"'[^']*'")
_WHERE = re.compile(r"\bWHERE\b", re.IGNORECASE)
_AFTER_WHERE = re.compile(r"\b(GROUP\s+BY|HAVING|ORDER\s+BY|LIMIT)\b", re.IGNORECASE)


class SensitivityDoesNotFit(QueryRejected):
    """The statement has no room for the officer's sensitivity condition."""

    safe_message = (
        "I can't run that query here: for your clearance it also needs a sensitivity "
        "condition (for people or vehicles, with a link to their FIRs), and with it the "
        "question has more than the five filters or four joins this records backend allows. "
        "Ask with fewer filters."
    )


class SensitivityUnprovable(QueryRejected):
    """The statement's people or vehicles cannot be tied to their FIRs' sensitivity."""

    safe_message = (
        "I can't run that query here: for your clearance every person or vehicle it reads "
        "must be linked to its own FIR by the FIR number, and this question links them "
        "another way. Ask about them through their FIRs."
    )


def needs_scope(statement: AcceptedStatement, officer: Officer) -> bool:
    """True when the statement reads case data for an officer below the top clearance and
    does not already bound its FIRs' sensitivity within their clearance."""
    return (
        officer.clearance < MAX_SENSITIVITY
        and bool(case_aliases(statement.tree))
        and not bounds_sensitivity(statement.tree, officer)
    )


def scoped(statement: AcceptedStatement, officer: Officer) -> AcceptedStatement:
    """The statement with its FIRs' sensitivity bounded in its WHERE, validated afresh and
    proven on its tree (the statement itself when it needs no scope)."""
    if not needs_scope(statement, officer):
        return statement
    tree = statement.tree
    aliases = case_aliases(tree)
    level = int(officer.clearance)
    firs = [a for a, t in aliases.items() if t == "firs"]
    if single_firs(tree) is not None:
        written = _with_conditions(statement.statement, tree, [f"sensitivity <= {level}"])
    elif firs:
        bounds = [f"{a}.sensitivity <= {level}" for a in firs]
        written = _with_conditions(statement.statement, tree, bounds)
    else:
        anchor = next(iter(aliases))
        text = statement.statement if tree.args.get("joins") else _qualified(statement, anchor)
        join = f"INNER JOIN firs ON {anchor}.fir_id = firs.fir_id"
        precincts = ", ".join(f"'{p}'" for p in _precincts(tree, anchor))
        conditions = [f"firs.{SCOPE_COLUMN} IN ({precincts})", f"firs.sensitivity <= {level}"]
        written = _with_conditions(text, tree, conditions, join=join)
    verdict = validate(written, officer.precincts)
    if verdict.accepted_statement is None:
        raise SensitivityDoesNotFit(list(verdict.reasons))
    if not bounds_sensitivity(verdict.accepted_statement.tree, officer):
        raise SensitivityUnprovable(["a person or vehicle is not linked to a bounded FIR"])
    return verdict.accepted_statement


def _with_conditions(text: str, tree: exp.Select, conditions: list[str], *, join: str = "") -> str:
    """`text` with `conditions` AND-ed to its outer WHERE (and `join` written before it)."""
    code = _LITERAL.sub(lambda m: "'" + " " * (len(m[0]) - 2) + "'", text)
    where = _WHERE.search(code)
    if where is None:
        raise QueryRejected(["a statement over case data without a WHERE clause cannot be scoped"])
    tail = _AFTER_WHERE.search(code, where.end())
    end = tail.start() if tail else len(text)
    body = text[where.end() : end].strip()
    top = tree.args["where"].this
    body = f"({body})" if isinstance(top, exp.Or) else body
    head = text[: where.start()].rstrip()
    head = f"{head} {join} WHERE" if join else f"{head} WHERE"
    written = " AND ".join([f"{head} {body}", *conditions])
    rest = text[end:].strip()
    return f"{written} {rest}" if rest else written


def _qualified(statement: AcceptedStatement, alias: str) -> str:
    """The text of a one-table statement with every bare column of its outer SELECT written
    `alias.column` (a select-list alias read by ORDER BY or HAVING is left as it is)."""
    tree = statement.tree
    named = {item.alias for item in tree.expressions if item.alias}
    starts = []
    for column in tree.find_all(exp.Column):
        if column.table or isinstance(column.this, exp.Star):
            continue
        if column.find_ancestor(exp.Select) is not tree:
            continue
        if column.name in named and column.find_ancestor(exp.Order, exp.Having) is not None:
            continue
        start = column.this.meta.get("start") if isinstance(column.this, exp.Identifier) else None
        if start is None or column.this.quoted:
            raise SensitivityUnprovable([f"column {column.sql()} cannot be qualified"])
        starts.append(int(start))
    text = statement.statement
    for start in sorted(starts, reverse=True):
        text = f"{text[:start]}{alias}.{text[start:]}"
    return text


def _precincts(tree: exp.Select, alias: str) -> list[str]:
    """The precincts of `alias`'s own top-level precinct condition (the validator has
    confined them to the jurisdiction)."""
    base = tree.args["from_"].this.alias_or_name
    for condition in top_conjuncts(tree.args.get("where")):
        column = condition.this
        if not isinstance(column, exp.Column) or column.name != SCOPE_COLUMN:
            continue
        if (column.table or base) != alias:
            continue
        values = condition.expressions if isinstance(condition, exp.In) else [condition.expression]
        if isinstance(condition, exp.EQ | exp.In) and all(
            isinstance(v, exp.Literal) and v.is_string for v in values
        ):
            return [v.this for v in values]
    raise SensitivityUnprovable([f"{alias} has no precinct condition to restate for its FIRs"])
