"""The result of the clearance tier and the helpers every path shares to build it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from validators.clearance.facts import Record
from validators.clearance.policy import ClearancePolicy
from validators.clearance.projection import CellSource, ColumnRef, DerivedRef
from validators.clearance.schema import NUMERIC_COLUMNS

MAX_WITHHELD_VALUES = 300


@dataclass(frozen=True)
class ClearedRows:
    """Rows the officer may see, with what was withheld and why (values are never logged)."""

    columns: list[str]
    rows: list[dict[str, Any]]
    withheld_rows: int
    masked_fields: int
    withheld_values: list[str] = field(repr=False)
    reasons: dict[str, int]
    policy_version: str


class DenyList:
    """Distinct protected values, capped."""

    def __init__(self) -> None:
        self.values: dict[str, None] = {}

    def add(self, value: Any) -> None:
        if isinstance(value, str) and value.strip() and len(self.values) < MAX_WITHHELD_VALUES:
            self.values.setdefault(value, None)

    def extend(self, values: Iterable[Any]) -> None:
        for value in values:
            self.add(value)


def visible_values(rows: Iterable[Record]) -> set[str]:
    """Text the officer is shown anyway: never put on the deny-list."""
    return {v for row in rows for v in row.values() if isinstance(v, str)}


def masked_value(policy: ClearancePolicy, source: CellSource | None, key: str) -> Any:
    """NULL for a numeric column, the mask text otherwise."""
    column = source.column if isinstance(source, ColumnRef) else key.rsplit(".", 1)[-1]
    numeric = column in NUMERIC_COLUMNS and not isinstance(source, DerivedRef)
    return None if numeric else policy.mask


def column_of(source: CellSource | None, key: str) -> str | None:
    """The column a cell comes from (None for an expression)."""
    if isinstance(source, DerivedRef):
        return None
    return source.column if source is not None else key.rsplit(".", 1)[-1]
