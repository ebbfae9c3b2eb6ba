"""ZCQL text from slots: WHERE conditions with their cost, and statement shapes per intent.

ZCQL allows at most 5 WHERE conditions, counted as leaf predicates (`a OR b` is two, an IN
list is one); HAVING has its own conditions. Every `Condition` carries its cost so the parser
never drops a filter silently: an aggregate that needs more moves single-value equalities
from WHERE into GROUP BY + HAVING (`aggregate`), which keeps exactly the same rows, and any
other statement that needs more is refused. Values never contain a quote: they come
from the fixed vocabulary or from recognisers that only pass letters, digits and spaces.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

MAX_CONDITIONS = 5
LIST_LIMIT = 300
LIST_COLUMNS = ("fir_id", "registered_at", "crime_head", "status", "precinct_id")
STATUS_COLUMNS = ("fir_id", "status", "crime_head", "act_sections", "registered_at", "precinct_id")
IO_COLUMNS = ("fir_id", "io_name", "io_badge")
VEHICLE_COLUMNS = ("registration_no", "status", "vehicle_type", "make", "colour", "fir_id")
FIR_PERSON_COLUMNS = ("fir_id", "role", "full_name", "age", "gender", "arrested", "arrested_at")
ARRESTED_COLUMNS = (
    "persons.fir_id",
    "persons.full_name",
    "persons.role",
    "persons.arrested_at",
    "firs.crime_head",
    "firs.precinct_id",
)
PERSON_COLUMNS = (
    "persons.fir_id",
    "persons.full_name",
    "persons.role",
    "firs.crime_head",
    "firs.status",
    "firs.registered_at",
)


@dataclass(frozen=True)
class Condition:
    """One WHERE conjunct and how many ZCQL conditions it spends."""

    sql: str
    cost: int = 1
    column: str = ""
    """Set for `column = one value`: such a filter may move to GROUP BY + HAVING."""


def quote(value: str) -> str:
    """A ZCQL string literal; refuses values that contain a quote (ZCQL has no escape)."""
    if "'" in value or "\\" in value:
        raise ValueError(f"value {value!r} cannot be quoted safely in ZCQL")
    return f"'{value}'"


def column(name: str, qualifier: str) -> str:
    """`table.col` when the statement joins tables, else the bare column."""
    return f"{qualifier}.{name}" if qualifier else name


def equals_any(col: str, values: tuple[str, ...] | list[str]) -> Condition:
    """`col = 'v'` for one value, `col IN ('a', 'b')` for several (one condition either way)."""
    if len(values) == 1:
        return Condition(f"{col} = {quote(values[0])}", column=col)
    return Condition(f"{col} IN ({', '.join(quote(v) for v in values)})")


def flag(col: str, value: bool = True) -> Condition:
    """`col = TRUE` or `col = FALSE` on a boolean column."""
    return Condition(f"{col} = {'TRUE' if value else 'FALSE'}", column=col)


def like_any(col: str, patterns: list[str]) -> Condition:
    """`col LIKE 'p'`, or `(col LIKE 'a' OR col LIKE 'b')` costing one condition per pattern."""
    parts = [f"{col} LIKE {quote(p)}" for p in patterns]
    sql = parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"
    return Condition(sql, len(parts))


def any_of(conditions: list[Condition]) -> Condition:
    """OR of several conditions (costs their sum)."""
    if len(conditions) == 1:
        return conditions[0]
    return Condition(
        "(" + " OR ".join(c.sql for c in conditions) + ")", sum(c.cost for c in conditions)
    )


def date_bounds(col: str, start: date | None, end: date | None) -> list[Condition]:
    """`col >= 'start 00:00:00'` and `col < 'end 00:00:00'` for the open-or-closed range."""
    out = []
    if start is not None:
        out.append(Condition(f"{col} >= {quote(f'{start} 00:00:00')}"))
    if end is not None:
        out.append(Condition(f"{col} < {quote(f'{end} 00:00:00')}"))
    return out


def cost(conditions: list[Condition]) -> int:
    """ZCQL conditions the conjunction spends."""
    return sum(c.cost for c in conditions)


def select(
    columns: tuple[str, ...] | list[str],
    table: str,
    conditions: list[Condition],
    *,
    join: str = "",
    group: tuple[str, ...] = (),
    having: tuple[Condition, ...] = (),
    order: str = "",
    limit: str = "",
) -> str:
    """One SELECT statement in ZCQL clause order."""
    parts = [f"SELECT {', '.join(columns)} FROM {table}"]
    if join:
        parts.append(join)
    parts.append("WHERE " + " AND ".join(c.sql for c in conditions))
    if group:
        parts.append("GROUP BY " + ", ".join(group))
    if having:
        parts.append("HAVING " + " AND ".join(c.sql for c in having))
    if order:
        parts.append(f"ORDER BY {order}")
    if limit:
        parts.append(f"LIMIT {limit}")
    return " ".join(parts)


PERSONS_WITH_FIRS = "INNER JOIN firs ON persons.fir_id = firs.fir_id"
"""The join that puts each person beside the FIR that names them."""


def person_list(conditions: list[Condition], columns: tuple[str, ...] = PERSON_COLUMNS) -> str:
    """Persons beside their FIRs, newest FIR first, up to the list limit."""
    return select(
        columns,
        "persons",
        conditions,
        join=PERSONS_WITH_FIRS,
        order="firs.registered_at DESC",
        limit=str(LIST_LIMIT),
    )


def split_for_having(conditions: list[Condition]) -> tuple[list[Condition], list[Condition]]:
    """(WHERE, HAVING) for an aggregate whose filters exceed ZCQL's WHERE budget: the last
    single-value equalities (never the jurisdiction) move to HAVING until WHERE fits. Grouped
    by those columns, HAVING keeps exactly the rows WHERE would have. HAVING stays empty
    when WHERE already fits or cannot be made to fit."""
    where, having = list(conditions), list[Condition]()
    for condition in reversed(conditions):
        if cost(where) <= MAX_CONDITIONS:
            break
        if condition.column and not condition.column.endswith("precinct_id"):
            where.remove(condition)
            having.insert(0, condition)
    if cost(where) > MAX_CONDITIONS:
        return list(conditions), []
    return where, having


def aggregate(
    columns: tuple[str, ...], table: str, conditions: list[Condition], *, join: str = ""
) -> str | None:
    """An ungrouped COUNT/SUM statement within ZCQL's WHERE budget (see `split_for_having`),
    or None when its filters cannot be written in one statement."""
    if cost(conditions) <= MAX_CONDITIONS:
        return select(columns, table, conditions, join=join)
    where, having = split_for_having(conditions)
    if not having:
        return None
    group = tuple(dict.fromkeys(c.column for c in having))
    return select(columns, table, where, join=join, group=group, having=tuple(having))
