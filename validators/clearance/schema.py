"""The case-data tables the policy governs, their keys and the columns masked to NULL."""

from __future__ import annotations

from tools.records.seed_schema import TABLE_COLUMNS

#: Tables that carry `precinct_id` and are subject to clearance (CONTRACT.md section 1).
CASE_TABLES: frozenset[str] = frozenset({"firs", "persons", "vehicles"})

#: Primary key of each case-data table.
KEYS: dict[str, str] = {"firs": "fir_id", "persons": "person_id", "vehicles": "vehicle_id"}

#: Numeric columns: a masked numeric cell becomes NULL, so aggregates skip it.
NUMERIC_COLUMNS: frozenset[str] = frozenset(
    {
        "latitude",
        "longitude",
        "sensitivity",
        "involves_juvenile",
        "sexual_offence",
        "victim_count",
        "accused_count",
        "arrested_count",
        "age",
        "is_juvenile",
        "arrested",
    }
)

#: Columns the policy's conditions and row rules read; a column rule may not mask them.
CONTEXT_COLUMNS: frozenset[str] = frozenset(
    {
        "fir_id",
        "person_id",
        "vehicle_id",
        "precinct_id",
        "sensitivity",
        "sexual_offence",
        "involves_juvenile",
        "is_juvenile",
        "role",
    }
)

__all__ = ["CASE_TABLES", "CONTEXT_COLUMNS", "KEYS", "NUMERIC_COLUMNS", "TABLE_COLUMNS"]
