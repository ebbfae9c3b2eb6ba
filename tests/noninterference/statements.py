"""Generated ZCQL statements: predicates on every column, comparisons, LIKE, aggregates,
GROUP BY, ORDER BY and joins, scoped to the officer's precincts so most are accepted."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from schemas.officer import Officer
from schemas.records import NUMERIC_COLUMNS, TABLE_COLUMNS
from tests.noninterference import world as w

SHAPES = ["firs", "persons", "vehicles", "persons+firs", "vehicles+firs"]
OPERATORS = ["=", "!=", "<", ">", "<=", ">=", "LIKE"]
POOLS: dict[str, list[Any]] = {
    "fir_id": w.FIR_IDS,
    "person_id": ["P-0000", "P-0011", "P-0510"],
    "vehicle_id": ["V-0000", "V-0020"],
    "precinct_id": list(w.PRECINCTS),
    "full_name": w.NAMES,
    "phone": w.PHONES,
    "address": w.ADDRESSES,
    "registration_no": w.PLATES,
    "crime_head": [h for _, h in w.CRIMES],
    "crime_group": [g for g, _ in w.CRIMES],
    "status": [*w.STATUSES, "Stolen", "Seized"],
    "place_of_occurrence": w.PLACES,
    "io_name": w.IO_NAMES,
    "brief_facts": w.FACTS,
    "role": w.ROLES,
    "registered_at": w.DAYS,
    "occurred_at": w.DAYS,
}


def literal(draw: st.DrawFn, column: str, operator: str) -> str:
    if column in NUMERIC_COLUMNS:
        return str(draw(st.integers(0, 70)))
    text = str(draw(st.sampled_from(POOLS.get(column, ["Car", "Honda", "Black", "F", "x"]))))
    if operator == "LIKE":
        cut = draw(st.integers(1, max(1, len(text))))
        text = text[:cut] + "*"
    return "'" + text.replace("'", "") + "'"


def scope(alias: str, officer: Officer) -> str:
    listed = ", ".join(f"'{p}'" for p in sorted(officer.precincts))
    return f"{alias}.precinct_id IN ({listed})"


@st.composite
def statements(draw: st.DrawFn, officer: Officer) -> str:
    """One SELECT over the generated world's tables."""
    shape = draw(st.sampled_from(SHAPES))
    tables = shape.split("+")
    source = tables[0]
    if len(tables) == 2:
        source += f" INNER JOIN firs ON firs.fir_id = {tables[0]}.fir_id"
    columns = [(t, c) for t in tables for c in TABLE_COLUMNS[t]]
    conditions = [scope(t, officer) for t in tables]
    for _ in range(draw(st.integers(0, 3))):
        table, column = draw(st.sampled_from(columns))
        operator = draw(st.sampled_from(OPERATORS))
        conditions.append(f"{table}.{column} {operator} {literal(draw, column, operator)}")
    table, column = draw(st.sampled_from(columns))
    numeric = [(t, c) for t, c in columns if c in NUMERIC_COLUMNS]
    shapes = ["columns", "count", "group"] + (["aggregate"] if numeric else [])
    projection = draw(st.sampled_from(shapes))
    group = order = ""
    if projection == "columns":
        picked = draw(st.lists(st.sampled_from(columns), min_size=1, max_size=4, unique=True))
        select = ", ".join(f"{t}.{c}" for t, c in picked)
        order = f" ORDER BY {picked[0][0]}.{picked[0][1]}" if draw(st.booleans()) else ""
    elif projection == "count":
        select = f"COUNT({table}.{column})"
    elif projection == "aggregate":
        function = draw(st.sampled_from(["SUM", "AVG", "MIN", "MAX"]))
        n_table, n_column = draw(st.sampled_from(numeric))
        select = f"{function}({n_table}.{n_column})"
    else:
        select = f"{table}.{column}, COUNT({tables[0]}.fir_id)"
        group = f" GROUP BY {table}.{column}"
    where = " AND ".join(conditions)
    return f"SELECT {select} FROM {source} WHERE {where}{group}{order}"
