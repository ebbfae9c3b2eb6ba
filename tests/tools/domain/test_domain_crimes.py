"""Crime heads and their sections either side of the cut-over."""

from collections.abc import Callable
from datetime import date

import pytest

from tools.domain.crimes import (
    CrimeHead,
    all_heads,
    crime_groups,
    head_by_name,
    heads_in_group,
    sexual_offence_heads,
)
from tools.domain.sections import bns_to_ipc, find_sections


def _share(predicate: Callable[[CrimeHead], bool]) -> float:
    heads = all_heads()
    total = sum(h.weight for h in heads)
    return sum(h.weight for h in heads if predicate(h)) / total


def test_head_names_are_unique() -> None:
    names = [h.crime_head for h in all_heads()]
    assert len(names) == len(set(names))


def test_groups_cover_the_brief() -> None:
    wanted = {
        "THEFT",
        "BURGLARY - NIGHT",
        "ROBBERY",
        "DACOITY",
        "MURDER",
        "CHEATING",
        "RAPE",
        "POCSO",
        "MOLESTATION",
        "CRUELTY BY HUSBAND",
        "DOWRY DEATHS",
        "MISSING PERSON",
        "CYBER CRIME",
        "KARNATAKA POLICE ACT 1963",
        "KIDNAPPING AND ABDUCTION",
    }
    assert wanted <= set(crime_groups())


def test_rape_and_pocso_are_one_to_two_percent_combined() -> None:
    assert 0.01 <= _share(lambda h: h.crime_group in {"RAPE", "POCSO"}) <= 0.02


def test_common_offences_dominate() -> None:
    common = {"THEFT", "CASES OF HURT", "CHEATING", "MOTOR VEHICLE ACCIDENTS NON-FATAL"}
    assert _share(lambda h: h.crime_group in common) > 0.4


def test_sexual_offences_start_at_sensitivity_four() -> None:
    assert sexual_offence_heads()
    assert all(h.base_sensitivity >= 4 for h in sexual_offence_heads())
    assert all(h.juvenile_rate == 1.0 for h in heads_in_group("POCSO"))


def test_act_sections_switch_from_ipc_to_bns_at_the_cutover() -> None:
    head = head_by_name("two-wheeler theft")
    assert head.act_sections(date(2024, 6, 30)) == "IPC 379"
    assert head.act_sections(date(2024, 7, 1)) == "BNS 303(2)"


@pytest.mark.parametrize("head", all_heads(), ids=lambda h: h.crime_head)
def test_every_section_parses_and_bns_maps_back_to_the_ipc_list(head: CrimeHead) -> None:
    new = find_sections(", ".join(head.bns))
    old = find_sections(", ".join(head.ipc))
    assert len(new) == len(head.bns) and len(old) == len(head.ipc)
    old_ipc = {s for a, s in old if a == "IPC"}
    for act, sec in new:
        if act == "BNS" and bns_to_ipc(sec):
            assert set(bns_to_ipc(sec)) & old_ipc, (sec, old_ipc)
