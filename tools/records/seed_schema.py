"""The records DDL (`schema.sql`) split into its table and index parts, and the column lists."""

from __future__ import annotations

from importlib import resources

from schemas.records import TABLE_COLUMNS

INDEX_MARKER = "-- @indexes"


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
