"""IPC <-> BNS tables and section parsing."""

from datetime import date

import pytest

from tools.domain.sections import (
    CUTOVER,
    act_version,
    bns_to_ipc,
    bnss_to_crpc,
    crpc_to_bnss,
    equivalents,
    find_sections,
    ipc_to_bns,
    parse_section,
)


def test_cutover_is_first_of_july_2024() -> None:
    assert date(2024, 7, 1) == CUTOVER
    assert act_version(date(2024, 6, 30)) == "IPC"
    assert act_version(date(2024, 7, 1)) == "BNS"


@pytest.mark.parametrize(
    ("ipc", "bns"),
    [
        ("379", ["303(2)"]),
        ("420", ["318(4)"]),
        ("302", ["103(1)"]),
        ("304A", ["106(1)"]),
        ("304a", ["106(1)"]),
        ("376", ["64"]),
        ("354", ["74"]),
        ("498A", ["85", "86"]),
        ("457", ["331(4)"]),
        ("506", ["351(2)", "351(3)"]),
        ("377", []),
    ],
)
def test_ipc_to_bns_follows_the_table(ipc: str, bns: list[str]) -> None:
    assert ipc_to_bns(ipc) == bns


def test_bns_to_ipc_reverses_and_bare_number_matches_subsections() -> None:
    assert bns_to_ipc("303(2)") == ["379"]
    assert bns_to_ipc("303") == ["379"]
    assert bns_to_ipc("304") == []  # snatching is new in the BNS
    assert bns_to_ipc("351(3)") == ["506"]


def test_crpc_bnss_key_procedures() -> None:
    assert crpc_to_bnss("154") == ["173"]
    assert crpc_to_bnss("41A") == ["35(3)", "35(4)", "35(5)", "35(6)"]
    assert bnss_to_crpc("193") == ["173"]


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("IPC 379", ("IPC", "379")),
        ("u/s 379 IPC", ("IPC", "379")),
        ("section 420 of IPC", ("IPC", "420")),
        ("BNS 303(2)", ("BNS", "303(2)")),
        ("bns s.303 (2)", ("BNS", "303(2)")),
        ("s. 498A of the Indian Penal Code", ("IPC", "498A")),
        ("IPC 304(A)", ("IPC", "304A")),
        ("B.N.S.S. 173", ("BNSS", "173")),
        ("Cr.P.C. 41a", ("CrPC", "41A")),
        ("IT Act 66D", ("IT Act", "66D")),
        ("NDPS 20(B)", ("NDPS", "20(b)")),
    ],
)
def test_parse_section_normalises_common_spellings(text: str, ref: tuple[str, str]) -> None:
    assert parse_section(text) == ref


def test_find_sections_reads_ksp_style_lists_in_order() -> None:
    text = "MV ACT U/s: 134 IPC U/s: 279,304(A) and 34 IPC"
    assert find_sections(text) == [
        ("MV Act", "134"),
        ("IPC", "279"),
        ("IPC", "304A"),
        ("IPC", "34"),
    ]


def test_fir_numbers_and_plain_numbers_are_not_sections() -> None:
    assert find_sections("status of FIR 0123/2024 at Jayanagar, 3 accused") == []


def test_equivalents_work_in_both_directions_and_ignore_special_laws() -> None:
    assert equivalents("IPC", "379") == [("BNS", "303(2)")]
    assert equivalents("BNS", "64") == [("IPC", "376")]
    assert equivalents("BNSS", "173") == [("CrPC", "154")]
    assert equivalents("POCSO", "4") == []
