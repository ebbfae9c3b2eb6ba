"""The clearance policy as data (pydantic), the contract's floor, and the loader.

The floor checks are pure functions `(policy) -> list of violations`; `floor_violations`
runs them all and the loader refuses any policy that loosens CONTRACT.md section 2.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from schemas.officer import Officer
from schemas.records import CASE_TABLES, CONTEXT_COLUMNS, TABLE_COLUMNS
from validators.clearance.conditions import CONDITIONS, ConditionName, is_at_least_as_broad

DEFAULT_POLICY_PATH = Path(__file__).resolve().parents[2] / "data" / "policy" / "clearance.yaml"

RowCheck = Literal["precinct_in_jurisdiction", "sensitivity_within_clearance"]
CaseTable = Literal["firs", "persons", "vehicles"]


class PolicyError(ValueError):
    """The policy file is malformed or loosens the contract's minimum policy."""

    def __init__(self, violations: list[str]) -> None:
        super().__init__("clearance policy refused: " + "; ".join(violations))
        self.violations = violations


class RowRule(BaseModel):
    """A rule that hides whole records; `name` is the reason reported when it does."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]{1,63}$")
    check: RowCheck


class ColumnRule(BaseModel):
    """Mask `columns` of `table` where `condition` holds, unless the officer qualifies."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]{1,63}$")
    table: CaseTable
    columns: tuple[str, ...] = Field(min_length=1)
    condition: ConditionName
    require_role: str | None = None
    min_clearance: int | None = Field(default=None, ge=1, le=5)

    @model_validator(mode="after")
    def _check_shape(self) -> ColumnRule:
        if self.require_role is None and self.min_clearance is None:
            raise ValueError(f"{self.name}: needs require_role or min_clearance")
        if self.table not in CONDITIONS[self.condition].tables:
            raise ValueError(
                f"{self.name}: condition {self.condition} does not apply to {self.table}"
            )
        unknown = [c for c in self.columns if c not in TABLE_COLUMNS[self.table]]
        if unknown:
            raise ValueError(f"{self.name}: unknown columns of {self.table}: {unknown}")
        context = sorted(set(self.columns) & CONTEXT_COLUMNS)
        if context:
            raise ValueError(f"{self.name}: may not mask key or condition columns {context}")
        return self

    def satisfied_by(self, officer: Officer) -> bool:
        """True when the officer holds the required role and clearance."""
        role_ok = self.require_role is None or officer.has_role(self.require_role)
        return role_ok and officer.clearance >= (self.min_clearance or 1)


class ClearancePolicy(BaseModel):
    """Row rules, column rules and the mask; `version` is the sha256 of the source file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: str
    mask: str = Field(default="[withheld]", pattern=r"^\[[a-z ]{1,30}\]$")
    row_rules: tuple[RowRule, ...]
    column_rules: tuple[ColumnRule, ...]
    deny_list_columns: frozenset[str] = frozenset()

    @model_validator(mode="after")
    def _check_names(self) -> ClearancePolicy:
        names = [r.name for r in self.row_rules] + [r.name for r in self.column_rules]
        if len(names) != len(set(names)):
            raise ValueError("rule names must be unique")
        return self

    def unsatisfied(self, officer: Officer, table: str, column: str) -> list[ColumnRule]:
        """Column rules covering `table.column` that the officer does not satisfy, in order."""
        return [
            r
            for r in self.column_rules
            if r.table == table and column in r.columns and not r.satisfied_by(officer)
        ]

    def masked_columns(self, officer: Officer, table: str) -> dict[str, list[ColumnRule]]:
        """Each column of `table` that may be masked for this officer, with its rules."""
        if table not in CASE_TABLES:
            return {}
        out = {c: self.unsatisfied(officer, table, c) for c in TABLE_COLUMNS[table]}
        return {c: rules for c, rules in out.items() if rules}


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


def policy_from_mapping(data: dict[str, Any], version: str) -> ClearancePolicy:
    """Build and floor-check a policy from parsed YAML; raises PolicyError."""
    try:
        policy = ClearancePolicy.model_validate({**data, "version": version})
    except ValidationError as exc:
        raise PolicyError([str(e["msg"]) for e in exc.errors()]) from exc
    violations = floor_violations(policy)
    if violations:
        raise PolicyError(violations)
    return policy


def load_policy(path: Path | str | None = None) -> ClearancePolicy:
    """Load, validate and floor-check the policy file (default `data/policy/clearance.yaml`)."""
    raw = Path(path or DEFAULT_POLICY_PATH).read_bytes()
    data = yaml.safe_load(raw)
    if not isinstance(data, dict):
        raise PolicyError(["the policy file must be a YAML mapping"])
    return policy_from_mapping(data, hashlib.sha256(raw).hexdigest())
