"""The contract's minimum policy and the checks that refuse a policy loosening it.

Each check is a pure function `(policy) -> list of violations`; `floor_violations` runs
them all. A new floor requirement is a new function in `FLOOR_CHECKS` plus its test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from validators.clearance.conditions import is_at_least_as_broad

if TYPE_CHECKING:
    from validators.clearance.policy import ClearancePolicy, ColumnRule


@dataclass(frozen=True)
class FloorRule:
    """A minimum masking requirement from CONTRACT.md section 2."""

    name: str
    table: str
    columns: tuple[str, ...]
    condition: str
    require_role: str | None = None
    min_clearance: int | None = None


MINIMUM_COLUMN_RULES: tuple[FloorRule, ...] = (
    FloorRule(
        "sexual_offence_victim_identity",
        "persons",
        ("full_name", "phone", "address"),
        "sexual_offence_victim",
        require_role="sexual_offence_unit",
    ),
    FloorRule(
        "juvenile_identity",
        "persons",
        ("full_name", "phone", "address"),
        "juvenile",
        require_role="juvenile_unit",
    ),
    FloorRule("contact_details", "persons", ("phone", "address"), "always", min_clearance=3),
)

MINIMUM_DENY_LIST: frozenset[str] = frozenset({"full_name", "phone", "address"})


def _at_least_as_strict(rule: ColumnRule, floor: FloorRule) -> bool:
    """Everyone `rule` lets see the column is also let see it by `floor`."""
    role_ok = floor.require_role is None or rule.require_role == floor.require_role
    return role_ok and (rule.min_clearance or 1) >= (floor.min_clearance or 1)


def keeps_jurisdiction(policy: ClearancePolicy) -> list[str]:
    """Rows outside the officer's precincts stay hidden."""
    checks = {r.check for r in policy.row_rules}
    return (
        []
        if "precinct_in_jurisdiction" in checks
        else ["row rule precinct_in_jurisdiction removed"]
    )


def keeps_sensitivity(policy: ClearancePolicy) -> list[str]:
    """Rows above the officer's clearance stay hidden."""
    checks = {r.check for r in policy.row_rules}
    if "sensitivity_within_clearance" in checks:
        return []
    return ["row rule sensitivity_within_clearance removed"]


def keeps_minimum_column_rules(policy: ClearancePolicy) -> list[str]:
    """Every floor column stays masked at least as broadly and as strictly as the contract says."""
    missing = []
    for floor in MINIMUM_COLUMN_RULES:
        for column in floor.columns:
            if not any(
                rule.table == floor.table
                and column in rule.columns
                and is_at_least_as_broad(rule.condition, floor.condition)
                and _at_least_as_strict(rule, floor)
                for rule in policy.column_rules
            ):
                missing.append(f"{floor.name}: {floor.table}.{column} loosened or removed")
    return missing


def keeps_deny_list(policy: ClearancePolicy) -> list[str]:
    """Identity values withheld from the officer still reach the guardrail's deny-list."""
    missing = sorted(MINIMUM_DENY_LIST - policy.deny_list_columns)
    return [f"deny_list_columns missing {missing}"] if missing else []


FLOOR_CHECKS: tuple[Callable[[ClearancePolicy], list[str]], ...] = (
    keeps_jurisdiction,
    keeps_sensitivity,
    keeps_minimum_column_rules,
    keeps_deny_list,
)


def floor_violations(policy: ClearancePolicy) -> list[str]:
    """Every way the policy falls below the contract's minimum policy."""
    return [v for check in FLOOR_CHECKS for v in check(policy)]
