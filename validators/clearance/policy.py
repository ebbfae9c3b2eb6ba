"""The clearance policy as data (pydantic) and its loader, which refuses any loosening."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from schemas.officer import Officer
from validators.clearance.conditions import CONDITIONS, ConditionName
from validators.clearance.floor import floor_violations
from validators.clearance.schema import CASE_TABLES, CONTEXT_COLUMNS, TABLE_COLUMNS

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
