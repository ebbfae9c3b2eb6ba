"""The policy file loads, versions itself, and refuses anything that loosens the contract."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from validators.clearance.policy import (
    DEFAULT_POLICY_PATH,
    FLOOR_CHECKS,
    PolicyError,
    floor_violations,
    load_policy,
)

Edit = Callable[[dict[str, Any]], None]


def shipped() -> dict[str, Any]:
    data = yaml.safe_load(DEFAULT_POLICY_PATH.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def rule(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(r for r in data["column_rules"] if r["name"] == name)


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "clearance.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_shipped_policy_loads_and_meets_the_floor() -> None:
    policy = load_policy()
    assert floor_violations(policy) == []
    assert policy.mask == "[withheld]"
    assert {r.name for r in policy.column_rules} >= {
        "sexual_offence_victim_identity",
        "juvenile_identity",
        "contact_below_clearance",
    }


def test_policy_version_is_the_sha256_of_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, shipped())
    assert load_policy(path).version == hashlib.sha256(path.read_bytes()).hexdigest()
    path.write_text(path.read_text() + "\n# a comment\n")
    assert load_policy(path).version == hashlib.sha256(path.read_bytes()).hexdigest()


def lower_contact_clearance(d: dict[str, Any]) -> None:
    rule(d, "contact_below_clearance")["min_clearance"] = 2


def drop_contact_address(d: dict[str, Any]) -> None:
    rule(d, "contact_below_clearance")["columns"] = ["phone"]


def remove_juvenile_rule(d: dict[str, Any]) -> None:
    d["column_rules"] = [r for r in d["column_rules"] if r["name"] != "juvenile_identity"]


def swap_victim_role(d: dict[str, Any]) -> None:
    rule(d, "sexual_offence_victim_identity")["require_role"] = "cyber_cell"


def narrow_victim_condition(d: dict[str, Any]) -> None:
    rule(d, "sexual_offence_victim_identity")["condition"] = "juvenile"


def victim_role_replaced_by_clearance(d: dict[str, Any]) -> None:
    victim = rule(d, "sexual_offence_victim_identity")
    del victim["require_role"]
    victim["min_clearance"] = 5


def remove_sensitivity_rule(d: dict[str, Any]) -> None:
    d["row_rules"] = [r for r in d["row_rules"] if r["check"] != "sensitivity_within_clearance"]


def remove_jurisdiction_rule(d: dict[str, Any]) -> None:
    d["row_rules"] = [r for r in d["row_rules"] if r["check"] != "precinct_in_jurisdiction"]


def shrink_deny_list(d: dict[str, Any]) -> None:
    d["deny_list_columns"] = ["full_name"]


@pytest.mark.parametrize(
    "loosen",
    [
        lower_contact_clearance,
        drop_contact_address,
        remove_juvenile_rule,
        swap_victim_role,
        narrow_victim_condition,
        victim_role_replaced_by_clearance,
        remove_sensitivity_rule,
        remove_jurisdiction_rule,
        shrink_deny_list,
    ],
)
def test_a_loosening_policy_file_is_refused(tmp_path: Path, loosen: Edit) -> None:
    data = shipped()
    loosen(data)
    with pytest.raises(PolicyError) as refused:
        load_policy(write(tmp_path, data))
    assert refused.value.violations


def raise_contact_clearance(d: dict[str, Any]) -> None:
    rule(d, "contact_below_clearance")["min_clearance"] = 4


def broaden_victim_condition(d: dict[str, Any]) -> None:
    rule(d, "sexual_offence_victim_identity")["condition"] = "sexual_offence_fir"


def add_vehicle_rule(d: dict[str, Any]) -> None:
    d["column_rules"].append(
        {
            "name": "juvenile_vehicle",
            "table": "vehicles",
            "columns": ["registration_no"],
            "condition": "juvenile_fir",
            "require_role": "juvenile_unit",
        }
    )


def victim_needs_role_and_clearance(d: dict[str, Any]) -> None:
    rule(d, "sexual_offence_victim_identity")["min_clearance"] = 4


@pytest.mark.parametrize(
    "tighten",
    [
        raise_contact_clearance,
        broaden_victim_condition,
        add_vehicle_rule,
        victim_needs_role_and_clearance,
    ],
)
def test_a_tightening_policy_file_is_accepted(tmp_path: Path, tighten: Edit) -> None:
    data = shipped()
    tighten(data)
    assert load_policy(write(tmp_path, data)).column_rules


def unknown_column(d: dict[str, Any]) -> None:
    rule(d, "juvenile_identity")["columns"].append("shoe_size")


def masks_a_condition_column(d: dict[str, Any]) -> None:
    rule(d, "juvenile_identity")["columns"].append("is_juvenile")


def condition_off_its_table(d: dict[str, Any]) -> None:
    rule(d, "sexual_offence_narrative")["condition"] = "juvenile"


def unknown_condition(d: dict[str, Any]) -> None:
    rule(d, "juvenile_identity")["condition"] = "famous"


def unknown_key(d: dict[str, Any]) -> None:
    d["allow_everything"] = True


def rule_without_requirement(d: dict[str, Any]) -> None:
    victim = rule(d, "sexual_offence_narrative")
    del victim["require_role"]


def duplicate_names(d: dict[str, Any]) -> None:
    rule(d, "juvenile_narrative")["name"] = "sexual_offence_narrative"


def mask_with_quote(d: dict[str, Any]) -> None:
    d["mask"] = "x' OR '1'='1"


@pytest.mark.parametrize(
    "break_it",
    [
        unknown_column,
        masks_a_condition_column,
        condition_off_its_table,
        unknown_condition,
        unknown_key,
        rule_without_requirement,
        duplicate_names,
        mask_with_quote,
    ],
)
def test_a_malformed_policy_file_is_refused(tmp_path: Path, break_it: Edit) -> None:
    data = shipped()
    break_it(data)
    with pytest.raises(PolicyError):
        load_policy(write(tmp_path, data))


def test_a_non_mapping_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "clearance.yaml"
    path.write_text("- just a list\n")
    with pytest.raises(PolicyError):
        load_policy(path)


def test_every_floor_check_passes_on_the_shipped_policy() -> None:
    policy = load_policy()
    assert {check.__name__: check(policy) for check in FLOOR_CHECKS} == {
        check.__name__: [] for check in FLOOR_CHECKS
    }
