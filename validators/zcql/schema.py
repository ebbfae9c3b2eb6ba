"""The ZCQL tables and columns of contract section 1, with the column types ZCQL's rules need."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ColumnType = Literal["text", "datetime", "int", "double", "bool"]

ROWID = "ROWID"
"""Catalyst's system primary-key column; maps to each table's own primary key off Catalyst."""


@dataclass(frozen=True, slots=True)
class TableSchema:
    """One table: its columns and their types, its primary key, and whether it is case data."""

    name: str
    primary_key: str
    columns: dict[str, ColumnType]
    case_data: bool

    def column_type(self, column: str) -> ColumnType | None:
        """The column's type (ROWID has the primary key's type), or None if unknown."""
        if column == ROWID:
            return self.columns[self.primary_key]
        return self.columns.get(column)


def _cols(spec: str) -> dict[str, ColumnType]:
    pairs = (item.split(":") for item in spec.split())
    return {name: kind for name, kind in pairs}  # type: ignore[misc]


TABLES: dict[str, TableSchema] = {
    "police_stations": TableSchema(
        "police_stations",
        "precinct_id",
        _cols(
            "precinct_id:text station_name:text district:text zone:text "
            "latitude:double longitude:double"
        ),
        case_data=False,
    ),
    "firs": TableSchema(
        "firs",
        "fir_id",
        _cols(
            "fir_id:text precinct_id:text district:text registered_at:datetime "
            "occurred_at:datetime crime_group:text crime_head:text act_sections:text status:text "
            "place_of_occurrence:text beat:text latitude:double longitude:double io_badge:text "
            "io_name:text complaint_mode:text sensitivity:int involves_juvenile:bool "
            "sexual_offence:bool victim_count:int accused_count:int arrested_count:int "
            "brief_facts:text"
        ),
        case_data=True,
    ),
    "persons": TableSchema(
        "persons",
        "person_id",
        _cols(
            "person_id:text fir_id:text precinct_id:text role:text full_name:text age:int "
            "gender:text phone:text address:text is_juvenile:bool arrested:bool "
            "arrested_at:datetime"
        ),
        case_data=True,
    ),
    "vehicles": TableSchema(
        "vehicles",
        "vehicle_id",
        _cols(
            "vehicle_id:text fir_id:text precinct_id:text registration_no:text "
            "vehicle_type:text make:text colour:text status:text"
        ),
        case_data=True,
    ),
}

SCOPE_COLUMN = "precinct_id"
"""The jurisdiction key every case-data table instance must be constrained on."""

BOOLEAN_COLUMNS: frozenset[str] = frozenset(
    column for table in TABLES.values() for column, kind in table.columns.items() if kind == "bool"
)
