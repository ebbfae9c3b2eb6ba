"""The ZCQL tables and columns of contract section 1, with the column types ZCQL's rules need."""

from __future__ import annotations

from dataclasses import dataclass

from schemas import records
from schemas.records import ColumnType

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


TABLES: dict[str, TableSchema] = {
    name: TableSchema(name, records.PRIMARY_KEYS[name], dict(columns), name in records.CASE_TABLES)
    for name, columns in records.COLUMN_TYPES.items()
}

SCOPE_COLUMN = records.SCOPE_COLUMN
"""The jurisdiction key every case-data table instance must be constrained on."""

BOOLEAN_COLUMNS = records.BOOLEAN_COLUMNS
