"""The closed vocabulary of column-rule conditions, each one SQL fragment and one Python check.

Python checks use SQL's three-valued logic: `None` means unknown, and a rule's columns
are shown only when its condition is provably `False`, exactly as `CASE WHEN NOT (cond)`
behaves in the database.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

ConditionName = Literal[
    "always", "juvenile", "sexual_offence_victim", "sexual_offence_fir", "juvenile_fir"
]


@dataclass(frozen=True)
class Facts:
    """What is known about one record: its own columns and those of its FIR."""

    row: Mapping[str, Any]
    fir: Mapping[str, Any]


def truth(value: Any) -> bool | None:
    """A stored boolean (0/1, true/false, 'true'/'false') as a three-valued truth."""
    if value is None:
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return value != 0
    text = str(value).strip().lower()
    if text in {"1", "true", "t"}:
        return True
    if text in {"0", "false", "f"}:
        return False
    return None


def equals(value: Any, expected: str) -> bool | None:
    """SQL `value = 'expected'`, NULL-propagating."""
    return None if value is None else value == expected


def and3(left: bool | None, right: bool | None) -> bool | None:
    """SQL AND over three-valued truths."""
    if left is False or right is False:
        return False
    if left is None or right is None:
        return None
    return True


def _always(facts: Facts) -> bool | None:
    return True


def _juvenile(facts: Facts) -> bool | None:
    return truth(facts.row.get("is_juvenile"))


def _sexual_offence_victim(facts: Facts) -> bool | None:
    return and3(equals(facts.row.get("role"), "victim"), truth(facts.fir.get("sexual_offence")))


def _sexual_offence_fir(facts: Facts) -> bool | None:
    return truth(facts.fir.get("sexual_offence"))


def _juvenile_fir(facts: Facts) -> bool | None:
    return truth(facts.fir.get("involves_juvenile"))


@dataclass(frozen=True)
class Condition:
    """One vocabulary entry: where it applies, its SQL over aliases (row, fir), its check."""

    tables: frozenset[str]
    sql: Callable[[str, str], str]
    holds: Callable[[Facts], bool | None]
    #: Conditions this one always implies (used to judge that a rule is at least as broad).
    covers: frozenset[str] = frozenset()


_ALL = frozenset({"firs", "persons", "vehicles"})

CONDITIONS: dict[str, Condition] = {
    "always": Condition(
        _ALL,
        lambda row, fir: "1 = 1",
        _always,
        frozenset({"juvenile", "sexual_offence_victim", "sexual_offence_fir", "juvenile_fir"}),
    ),
    "juvenile": Condition(
        frozenset({"persons"}), lambda row, fir: f"{row}.is_juvenile <> 0", _juvenile
    ),
    "sexual_offence_victim": Condition(
        frozenset({"persons"}),
        lambda row, fir: f"({row}.role = 'victim' AND {fir}.sexual_offence <> 0)",
        _sexual_offence_victim,
    ),
    "sexual_offence_fir": Condition(
        _ALL,
        lambda row, fir: f"{fir}.sexual_offence <> 0",
        _sexual_offence_fir,
        frozenset({"sexual_offence_victim"}),
    ),
    "juvenile_fir": Condition(
        _ALL, lambda row, fir: f"{fir}.involves_juvenile <> 0", _juvenile_fir
    ),
}


def is_at_least_as_broad(condition: str, than: str) -> bool:
    """True when `condition` holds on every record on which `than` holds."""
    return condition == than or than in CONDITIONS[condition].covers
