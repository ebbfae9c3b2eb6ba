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
  join has its bare columns qualified first, as ZCQL requires once there is a join;
- a subquery over `firs` gets `sensitivity <= <clearance>` in its own WHERE (a value it
  reads, e.g. the IO of a named FIR, decides which visible rows the statement matches).

The rewritten text is validated afresh, and `where_scope.bounds_sensitivity` must prove the
bound on its tree before the post-filter trusts it. The bound is never dropped: when it
does not fit ZCQL's five WHERE conditions or four joins, or cannot be proven (a subquery
over people or vehicles, people joined to an FIR other than by `fir_id`), the statement is
refused with that reason.
"""

from __future__ import annotations

import re

from sqlglot import exp

from schemas.errors import QueryRejected
from schemas.officer import Officer
from schemas.records import TABLE_COLUMNS
from validators.clearance.rules import MAX_SENSITIVITY
from validators.clearance.where_scope import (
    bounds_sensitivity,
    case_aliases,
    select_bounded,
    single_firs,
    subqueries,
    top_conjuncts,
)
from validators.zcql.schema import SCOPE_COLUMN
from validators.zcql.validate import AcceptedStatement, validate

_LITERAL = re.compile(r"'[^']*'")
_WHERE = re.compile(r"\bWHERE\b", re.IGNORECASE)
_AFTER_WHERE = re.compile(r"\b(GROUP\s+BY|HAVING|ORDER\s+BY|LIMIT)\b", re.IGNORECASE)
_SUBQUERY = re.compile(r"\(\s*SELECT\b", re.IGNORECASE)

Edit = tuple[int, int, str]
"""`text[start:end]` of the statement as written replaced (inserted when start == end)."""


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
        "must be linked to its own FIR by the FIR number, and this question reads them "
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
    """The statement with its FIRs' sensitivity bounded in its WHERE (and in each subquery
    over `firs`), validated afresh and proven on its tree (the statement itself when it
    needs no scope)."""
    if not needs_scope(statement, officer):
        return statement
    tree, text = statement.tree, statement.statement
    code = _LITERAL.sub(lambda m: "'" + " " * (len(m[0]) - 2) + "'", text)
    bound = f"sensitivity <= {int(officer.clearance)}"
    edits: list[Edit] = []
    for sub in subqueries(tree):
        if select_bounded(sub, officer):
            continue
        if single_firs(sub) is None:
            raise SensitivityUnprovable(["a subquery over people or vehicles cannot be bounded"])
        start, end = _span(code, sub)
        edits += _where_edits(code, start, end, sub, [bound])
    if not select_bounded(tree, officer):
        edits += _outer_edits(tree, code, bound)
    verdict = validate(_applied(text, edits), officer.precincts)
    if verdict.accepted_statement is None:
        raise SensitivityDoesNotFit(list(verdict.reasons))
    if not bounds_sensitivity(verdict.accepted_statement.tree, officer):
        raise SensitivityUnprovable(["a person or vehicle is not linked to a bounded FIR"])
    return verdict.accepted_statement


def _outer_edits(tree: exp.Select, code: str, bound: str) -> list[Edit]:
    """The outer SELECT's bound: on each of its `firs`, or through a join to `firs` written
    in for people and vehicles."""
    aliases = case_aliases(tree)
    firs = [a for a, t in aliases.items() if t == "firs"]
    if single_firs(tree) is not None:
        return _where_edits(code, 0, len(code), tree, [bound])
    if firs:
        return _where_edits(code, 0, len(code), tree, [f"{a}.{bound}" for a in firs])
    anchor = next(iter(aliases))
    precincts = ", ".join(f"'{p}'" for p in _precincts(tree, anchor))
    conditions = [f"firs.{SCOPE_COLUMN} IN ({precincts})", f"firs.{bound}"]
    join = f"INNER JOIN firs ON {anchor}.fir_id = firs.fir_id"
    where = _where_edits(code, 0, len(code), tree, conditions, join=join)
    return where + ([] if tree.args.get("joins") else _qualifiers(tree, anchor))


def _where_edits(
    code: str, start: int, end: int, select: exp.Select, conditions: list[str], *, join: str = ""
) -> list[Edit]:
    """`conditions` AND-ed to the WHERE of the SELECT written in `code[start:end]` (its
    subqueries' clauses, inside parentheses, are skipped), and `join` written before it."""
    where = _top_level(_WHERE, code, start, end)
    if where is None:
        raise QueryRejected(["a statement over case data without a WHERE clause cannot be scoped"])
    tail = _top_level(_AFTER_WHERE, code, where.end(), end)
    body_end = len(code[: tail.start() if tail else end].rstrip())
    rest = code[where.end() :]
    body_start = where.end() + len(rest) - len(rest.lstrip())
    at = where.start()
    edits: list[Edit] = [(at, at, f"{join} ")] if join else []
    if isinstance(select.args["where"].this, exp.Or):
        edits += [(body_start, body_start, "("), (body_end, body_end, ")")]
    return [*edits, (body_end, body_end, "".join(f" AND {c}" for c in conditions))]


def _top_level(pattern: re.Pattern[str], code: str, start: int, end: int) -> re.Match[str] | None:
    """The first match of `pattern` in `code[start:end]` outside any parentheses opened there."""
    for match in pattern.finditer(code, start, end):
        segment = code[start : match.start()]
        if segment.count("(") == segment.count(")"):
            return match
    return None


def _span(code: str, sub: exp.Select) -> tuple[int, int]:
    """Where the subquery `sub` is written: the text inside the parentheses around it."""
    table = sub.args["from_"].this
    at = table.this.meta.get("start") if isinstance(table.this, exp.Identifier) else None
    opens = [m.start() for m in _SUBQUERY.finditer(code) if at is not None and m.start() < at]
    if not opens:
        raise SensitivityUnprovable(["a subquery cannot be located in the statement"])
    depth = 0
    for index in range(opens[-1], len(code)):
        depth += {"(": 1, ")": -1}.get(code[index], 0)
        if depth == 0:
            return opens[-1] + 1, index
    raise SensitivityUnprovable(["a subquery is not closed"])


def _qualifiers(tree: exp.Select, alias: str) -> list[Edit]:
    """`alias.` before every bare column of the outer SELECT of a one-table statement (a
    select-list alias read by ORDER BY or HAVING is left as it is); `*` becomes the table's
    columns, each qualified (ZCQL allows `*` only without joins)."""
    named = {item.alias for item in tree.expressions if item.alias}
    edits: list[Edit] = []
    for star in tree.expressions:
        if isinstance(star, exp.Star) and "start" in star.meta:
            columns = TABLE_COLUMNS[case_aliases(tree)[alias]]
            listed = ", ".join(f"{alias}.{c}" for c in columns)
            edits.append((int(star.meta["start"]), int(star.meta["end"]) + 1, listed))
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
        edits.append((int(start), int(start), f"{alias}."))
    return edits


def _applied(text: str, edits: list[Edit]) -> str:
    """`text` with every edit made (edits at one position in the order given)."""
    out, last = [], 0
    for start, end, piece in sorted(edits, key=lambda e: e[0]):
        out += [text[last:start], piece]
        last = end
    return "".join([*out, text[last:]])


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
