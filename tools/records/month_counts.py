"""A trend counted month by month with one COUNT(ROWID) statement each, for a backend with no
date functions and no GROUP BY on a date part (Catalyst).

A trend selects `registered_at` alone; where the database cannot count it per day
(`RecordsExecutor.day_counts`) its rows were read 300 at a time, and a period of more than
6,000 FIRs was refused. When the statement reads `firs` alone and bounds the period with one
`registered_at >= 'start'` and one `registered_at < 'end'` among its top-level AND
conditions, `month_count_statements` writes the same statement once per calendar month of
the period (at most `MAX_MONTHS`): `SELECT COUNT(ROWID)`, every other condition unchanged,
the two bounds narrowed to the month. Each spends exactly the WHERE conditions of the trend,
and the months partition the period, so the counts add up to the FIRs the pages would
have held. Each statement is validated and cleared like any other (`RecordsService`); a
count the clearance post-filter does not let through (`month_total` None) sends the trend
back to paging.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlglot import exp

from tools.records.dialect import dated_column
from validators.clearance.cleared import ClearedRows
from validators.zcql.validate import AcceptedStatement

MAX_MONTHS = 24
"""Two years of months: at most this many COUNT statements for one trend."""
STAMP = "%Y-%m-%d %H:%M:%S"
_LITERAL = re.compile(r"'[^']*'")


@dataclass(frozen=True)
class MonthCount:
    """One month of the period: its first day inside the period and its COUNT statement."""

    day: str
    statement: str


def month_count_statements(statement: AcceptedStatement) -> list[MonthCount] | None:
    """The trend's COUNT statement per month of its period, or None when the statement is
    not a bounded single-table trend of at most `MAX_MONTHS` months (it is paged instead).

    The tree says which top-level conditions bound the period; the statement's own WHERE
    text is reused, only those two literals changed, so every other condition is sent
    exactly as the validator accepted it."""
    tree = statement.tree
    if dated_column(statement) is None or tree.args.get("joins") or tree.find(exp.Subquery):
        return None
    source = tree.args.get("from_")
    table = source.this if source is not None else None
    where = tree.args.get("where")
    if not isinstance(table, exp.Table) or table.name != "firs" or table.alias or where is None:
        return None
    conjuncts = list(where.this.flatten()) if isinstance(where.this, exp.And) else [where.this]
    starts = [t for t in (_bound(c, exp.GTE) for c in conjuncts) if t is not None]
    ends = [t for t in (_bound(c, exp.LT) for c in conjuncts) if t is not None]
    text = where_text(statement.statement)
    if len(starts) != 1 or len(ends) != 1 or text is None:
        return None
    lower, upper = _written(text, ">=", starts[0]), _written(text, "<", ends[0])
    months = _months(starts[0], ends[0])
    if lower is None or upper is None or not months or len(months) > MAX_MONTHS:
        return None
    out = []
    for first, after in months:
        narrowed = lower.sub(f"registered_at >= '{first.strftime(STAMP)}'", text)
        narrowed = upper.sub(f"registered_at < '{after.strftime(STAMP)}'", narrowed)
        out.append(
            MonthCount(
                first.strftime("%Y-%m-%d"), f"SELECT COUNT(ROWID) FROM firs WHERE {narrowed}"
            )
        )
    return out


def where_text(statement: str) -> str | None:
    """The WHERE conditions as written: after WHERE, before ORDER BY or LIMIT (keywords inside
    string literals do not count)."""
    code = _LITERAL.sub(lambda m: "'" + " " * (len(m[0]) - 2) + "'", statement)
    where = re.search(r"\bWHERE\b", code, re.IGNORECASE)
    if where is None:
        return None
    tail = re.search(r"\b(ORDER\s+BY|LIMIT)\b", code[where.end() :], re.IGNORECASE)
    end = where.end() + tail.start() if tail else len(statement)
    return statement[where.end() : end].strip()


def _written(text: str, operator: str, at: datetime) -> re.Pattern[str] | None:
    """The bound `registered_at <operator> 'at'` as written once in `text`, else None."""
    pattern = re.compile(rf"\bregistered_at\s*{re.escape(operator)}\s*'{at.strftime(STAMP)}'")
    return pattern if len(pattern.findall(text)) == 1 else None


def _bound(condition: object, kind: type[exp.Expression]) -> datetime | None:
    """The time in `registered_at <op> 'YYYY-MM-DD HH:MM:SS'` for the operator `kind`."""
    if not isinstance(condition, kind):
        return None
    column, value = condition.this, condition.expression
    if not isinstance(column, exp.Column) or column.name != "registered_at" or column.table:
        return None
    if not isinstance(value, exp.Literal) or not value.is_string:
        return None
    try:
        return datetime.strptime(value.this, STAMP)
    except ValueError:
        return None


def _months(start: datetime, end: datetime) -> list[tuple[datetime, datetime]]:
    """[start, end) cut at each calendar month's first midnight."""
    months = []
    first = start
    while first < end:
        year, month = (first.year + 1, 1) if first.month == 12 else (first.year, first.month + 1)
        after = min(end, datetime(year, month, 1))
        months.append((first, after))
        first = after
        if len(months) > MAX_MONTHS:
            break
    return months


def month_total(cleared: ClearedRows) -> int | None:
    """The FIRs one month's cleared COUNT returned, or None when the clearance post-filter
    withheld the count row (it cannot verify it) or the reply is not one number."""
    if cleared.withheld_rows or len(cleared.rows) != 1 or len(cleared.rows[0]) != 1:
        return None
    (value,) = cleared.rows[0].values()
    return _integer(value)


def _integer(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
