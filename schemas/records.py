"""The records schema (CONTRACT.md section 1): tables, columns and their types, keys.

The one source the ZCQL validator, the clearance policy, the seeder and the executors
derive their tables and columns from.
"""

from __future__ import annotations

from typing import Literal

ColumnType = Literal["text", "datetime", "int", "double", "bool"]


def _cols(spec: str) -> dict[str, ColumnType]:
    pairs = (item.split(":") for item in spec.split())
    return {name: kind for name, kind in pairs}  # type: ignore[misc]


#: Table -> column -> type, in DDL order.
COLUMN_TYPES: dict[str, dict[str, ColumnType]] = {
    "police_stations": _cols(
        "precinct_id:text station_name:text district:text zone:text "
        "latitude:double longitude:double"
    ),
    "firs": _cols(
        "fir_id:text precinct_id:text district:text registered_at:datetime "
        "occurred_at:datetime crime_group:text crime_head:text act_sections:text status:text "
        "place_of_occurrence:text beat:text latitude:double longitude:double io_badge:text "
        "io_name:text complaint_mode:text sensitivity:int involves_juvenile:bool "
        "sexual_offence:bool victim_count:int accused_count:int arrested_count:int "
        "brief_facts:text"
    ),
    "persons": _cols(
        "person_id:text fir_id:text precinct_id:text role:text full_name:text age:int "
        "gender:text phone:text address:text is_juvenile:bool arrested:bool "
        "arrested_at:datetime"
    ),
    "vehicles": _cols(
        "vehicle_id:text fir_id:text precinct_id:text registration_no:text "
        "vehicle_type:text make:text colour:text status:text"
    ),
}

#: Table -> columns, in DDL order.
TABLE_COLUMNS: dict[str, tuple[str, ...]] = {t: tuple(c) for t, c in COLUMN_TYPES.items()}

#: Primary key of every table.
PRIMARY_KEYS: dict[str, str] = {
    "police_stations": "precinct_id",
    "firs": "fir_id",
    "persons": "person_id",
    "vehicles": "vehicle_id",
}

#: Tables that carry `precinct_id` and are subject to clearance.
CASE_TABLES: frozenset[str] = frozenset({"firs", "persons", "vehicles"})

#: Primary key of each case-data table.
KEYS: dict[str, str] = {t: PRIMARY_KEYS[t] for t in sorted(CASE_TABLES)}

#: The jurisdiction key every case-data table is constrained on.
SCOPE_COLUMN = "precinct_id"
FIR_ID_PATTERN = r"FIR-(?:19|20)\d{2}-\d{5}"
"""A canonical FIR id, `FIR-<year>-<5 digits>` (contract section 1); readers of sloppier
forms (`graph/text.py`) normalise to it."""

#: Numeric columns (a masked numeric cell becomes NULL, so aggregates skip it).
NUMERIC_COLUMNS: frozenset[str] = frozenset(
    c
    for cols in COLUMN_TYPES.values()
    for c, kind in cols.items()
    if kind in ("int", "double", "bool")
)

#: Boolean columns (stored 0/1, returned as true/false).
BOOLEAN_COLUMNS: frozenset[str] = frozenset(
    c for cols in COLUMN_TYPES.values() for c, kind in cols.items() if kind == "bool"
)

#: Per case-data table, the facts the clearance policy reads (keys, precinct, flags, role).
FACT_COLUMNS: dict[str, tuple[str, ...]] = {
    "firs": ("fir_id", "precinct_id", "sensitivity", "sexual_offence", "involves_juvenile"),
    "persons": ("person_id", "fir_id", "precinct_id", "role", "is_juvenile"),
    "vehicles": ("vehicle_id", "fir_id", "precinct_id"),
}

#: Columns the policy's conditions and row rules read; a column rule may not mask them.
CONTEXT_COLUMNS: frozenset[str] = frozenset(c for cols in FACT_COLUMNS.values() for c in cols)
