"""The records DDL (`schema.sql`) split into its table and index parts, and the column lists."""

from __future__ import annotations

from importlib import resources

INDEX_MARKER = "-- @indexes"

#: Table -> columns, in DDL order (CONTRACT.md section 1).
TABLE_COLUMNS: dict[str, tuple[str, ...]] = {
    "police_stations": (
        "precinct_id",
        "station_name",
        "district",
        "zone",
        "latitude",
        "longitude",
    ),
    "firs": (
        "fir_id",
        "precinct_id",
        "district",
        "registered_at",
        "occurred_at",
        "crime_group",
        "crime_head",
        "act_sections",
        "status",
        "place_of_occurrence",
        "beat",
        "latitude",
        "longitude",
        "io_badge",
        "io_name",
        "complaint_mode",
        "sensitivity",
        "involves_juvenile",
        "sexual_offence",
        "victim_count",
        "accused_count",
        "arrested_count",
        "brief_facts",
    ),
    "persons": (
        "person_id",
        "fir_id",
        "precinct_id",
        "role",
        "full_name",
        "age",
        "gender",
        "phone",
        "address",
        "is_juvenile",
        "arrested",
        "arrested_at",
    ),
    "vehicles": (
        "vehicle_id",
        "fir_id",
        "precinct_id",
        "registration_no",
        "vehicle_type",
        "make",
        "colour",
        "status",
    ),
}


def schema_sql() -> str:
    """The whole of `schema.sql`."""
    return resources.files("tools.records").joinpath("schema.sql").read_text(encoding="utf-8")


def table_ddl() -> str:
    """CREATE TABLE statements (run before loading)."""
    return schema_sql().split(INDEX_MARKER, 1)[0]


def index_ddl() -> str:
    """CREATE INDEX statements (run after loading)."""
    return schema_sql().split(INDEX_MARKER, 1)[1].split("\n", 1)[1]


def insert_sql(table: str) -> str:
    """A positional INSERT for every column of a table (SQLite `?` placeholders)."""
    cols = TABLE_COLUMNS[table]
    return f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"
