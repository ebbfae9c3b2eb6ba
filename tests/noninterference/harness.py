"""What an officer receives from the records service, and two backends to compare it on."""

from __future__ import annotations

from typing import Any

from schemas.errors import CrimeAssistError
from schemas.officer import Officer
from schemas.records import TABLE_COLUMNS
from tests.noninterference.world import STATIONS, World
from tools.records.service import RecordsService
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest


class OneStatement:
    """A generator that drafts the statement under test, whatever the question."""

    def __init__(self) -> None:
        self.statement = ""

    async def generate(self, request: ZcqlRequest) -> ZcqlDraft:
        return ZcqlDraft(self.statement, "list", "Records")


async def officer_view(service: RecordsService, statement: str, officer: Officer) -> Any:
    """Everything the officer receives for one statement via `zcql run` and via chat."""
    assert isinstance(service.generator, OneStatement)
    service.generator.statement = statement
    try:
        verdict, cleared = await service.run_statement(statement, officer)
    except CrimeAssistError as error:
        return ("error", error.code, error.safe_message)
    if cleared is None:
        return ("rejected", verdict.reasons)
    outcome = await service.ask("the question", officer)
    answer = outcome.answer
    chat = (
        (answer.text, answer.table, answer.masked_fields, answer.statement)
        if answer
        else outcome.message
    )
    return (cleared.columns, cleared.rows, cleared.masked_fields, chat)


def load_postgres(dsn: str, world: World) -> None:
    """Replace the records in a PostgreSQL database with `world` (tables made if missing)."""
    import psycopg

    from tools.records.seed_schema import table_ddl

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(table_ddl().encode())
        conn.execute("TRUNCATE vehicles, persons, firs, police_stations")
        tables = [
            ("police_stations", STATIONS),
            *[
                (t, [tuple(r[c] for c in TABLE_COLUMNS[t]) for r in world[t]])
                for t in ("firs", "persons", "vehicles")
            ],
        ]
        for table, rows in tables:
            if rows:
                columns = ", ".join(TABLE_COLUMNS[table])
                marks = ", ".join(["%s"] * len(TABLE_COLUMNS[table]))
                with conn.cursor() as cur:
                    cur.executemany(
                        f"INSERT INTO {table} ({columns}) VALUES ({marks})".encode(), rows
                    )
