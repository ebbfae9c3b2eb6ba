"""The records DDL (`schema.sql`) split into its table and index parts, and the column lists."""

from __future__ import annotations

from importlib import resources
from typing import Literal

from schemas.records import TABLE_COLUMNS

INDEX_MARKER = "-- @indexes"
POSTGRES_MARKER = "-- @postgres"
SQLITE_MARKER = "-- @sqlite"


def schema_sql() -> str:
    """The whole of `schema.sql`."""
    return resources.files("tools.records").joinpath("schema.sql").read_text(encoding="utf-8")


def table_ddl() -> str:
    """CREATE TABLE statements (run before loading)."""
    return schema_sql().split(INDEX_MARKER, 1)[0]


def index_ddl(backend: Literal["sqlite", "postgres"] | None = None) -> str:
    """The index part of the DDL (run after loading): the portable indexes, and with a
    `backend` that backend's own section too (after the `@postgres` or `@sqlite` marker)."""
    portable, rest = schema_sql().split(INDEX_MARKER, 1)[1].split(POSTGRES_MARKER, 1)
    postgres, sqlite = rest.split(SQLITE_MARKER, 1)
    indexes = portable.split("\n", 1)[1]
    if backend == "postgres":
        return indexes + POSTGRES_MARKER + postgres
    return indexes + SQLITE_MARKER + sqlite if backend == "sqlite" else indexes


def insert_sql(table: str) -> str:
    """A positional INSERT for every column of a table (SQLite `?` placeholders)."""
    cols = TABLE_COLUMNS[table]
    return f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"


def not_null_columns() -> dict[str, frozenset[str]]:
    """Table -> the columns `schema.sql` declares NOT NULL or PRIMARY KEY (never NULL in a row)."""
    found: dict[str, set[str]] = {}
    table = None
    for line in table_ddl().splitlines():
        words = line.split()
        if line.startswith("CREATE TABLE"):
            table = words[-2] if words[-1] == "(" else words[-1].rstrip("(")
            found[table] = set()
        elif (
            table
            and len(words) > 1
            and words[0] in TABLE_COLUMNS.get(table, ())
            and ("NOT NULL" in line or "PRIMARY KEY" in line)
        ):
            found[table].add(words[0])
    return {t: frozenset(c) for t, c in found.items()}
