"""What is known about each table alias of a result row: its cells plus trusted context."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from schemas.records import CASE_TABLES, KEYS
from validators.clearance.conditions import Facts
from validators.clearance.projection import CellSource, ColumnRef

Record = Mapping[str, Any]


@dataclass(frozen=True)
class RecordContext:
    """Trusted base-table facts by key: FIRs by fir_id, persons by person_id, vehicles by id."""

    firs: Mapping[str, Record] = field(default_factory=dict)
    persons: Mapping[str, Record] = field(default_factory=dict)
    vehicles: Mapping[str, Record] = field(default_factory=dict)

    def by_table(self, table: str) -> Mapping[str, Record]:
        """The context rows of one case-data table."""
        return {"firs": self.firs, "persons": self.persons, "vehicles": self.vehicles}[table]


def alias_cells(row: Record, sources: Mapping[str, CellSource]) -> dict[str, dict[str, Any]]:
    """Alias -> {column: value} for the plain columns of the row."""
    out: dict[str, dict[str, Any]] = {}
    for key, src in sources.items():
        if isinstance(src, ColumnRef) and key in row:
            out.setdefault(src.alias, {})[src.column] = row[key]
    return out


def facts_for(table: str, cells: Record, context: RecordContext) -> Facts:
    """Facts about one alias: its cells overlaid with its context row and its FIR's."""
    own = dict(cells)
    key = own.get(KEYS[table]) if table in CASE_TABLES else None
    if key is not None:
        own.update(context.by_table(table).get(str(key), {}))
    if table == "firs":
        return Facts(own, own)
    fir_id = own.get("fir_id")
    fir = context.firs.get(str(fir_id), {}) if fir_id is not None else {}
    return Facts(own, fir)


def row_facts(
    row: Record,
    sources: Mapping[str, CellSource],
    aliases: Mapping[str, str],
    context: RecordContext,
    links: Mapping[str, str] | None = None,
) -> dict[str, Facts]:
    """Facts for every case-data alias of the query, known or not.

    `links` (alias -> firs alias, `projection.fir_links`) supplies the FIR of a person or
    vehicle from the FIR the statement joined it to, when the row has no fir_id for it.
    """
    cells = alias_cells(row, sources)
    out = {
        alias: facts_for(table, cells.get(alias, {}), context)
        for alias, table in aliases.items()
        if table in CASE_TABLES
    }
    for alias, fir_alias in (links or {}).items():
        if alias in out and fir_alias in out and not out[alias].fir:
            out[alias] = Facts(out[alias].row, out[fir_alias].fir)
    return out
