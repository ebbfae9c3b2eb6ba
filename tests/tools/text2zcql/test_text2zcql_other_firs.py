"""A person's other FIRs after a pronoun: the referent, the probe, and how the names the
caller sees unmasked decide the draft (the differential is in tests/noninterference)."""

from __future__ import annotations

from datetime import date

import pytest

from tools.text2zcql.base import ZcqlRequest
from tools.text2zcql.offline import parse
from tools.text2zcql.other_firs import Referent, names_seen, referent, resolve

EAST = ("BLR-E-IND", "BLR-E-KRP", "BLR-E-MHD", "BLR-E-WFD")
ASKED = ("who is the accused in FIR-2025-00669",)


@pytest.mark.parametrize(
    ("question", "history", "meant"),
    [
        ("what other cases is he in?", ASKED, Referent("FIR-2025-00669", "accused")),
        ("any other FIRs against him", ASKED, Referent("FIR-2025-00669", "accused")),
        (
            "is she named in any other case",
            ("list the victims of FIR-2024-00120",),
            Referent("FIR-2024-00120", "victim"),
        ),
        (
            "uska aur kis case mein naam hai",
            ("FIR-2024-00120 ka complainant kaun hai",),
            Referent("FIR-2024-00120", "complainant"),
        ),
        ("what other cases is he in?", (), None),
        ("what other cases is he in?", ("how many thefts in 2025",), None),
        ("has he been arrested", ASKED, None),
        ("what other cases does his IO have", ASKED, None),
        ("other cases of FIR-2025-00001's accused", ASKED, None),
    ],
)
def test_the_referent(question: str, history: tuple[str, ...], meant: Referent | None) -> None:
    assert referent(question, history) == meant


def test_the_parser_drafts_only_the_probe() -> None:
    d = parse(ZcqlRequest("what other cases is he in?", EAST, date(2026, 12, 3), history=ASKED))
    assert d.person_referent == ("FIR-2025-00669", "accused")
    assert d.statement is not None
    assert "SELECT full_name FROM persons" in d.statement
    assert "fir_id = 'FIR-2025-00669'" in d.statement
    assert "role = 'accused'" in d.statement


def test_masked_names_are_never_referents() -> None:
    rows = [{"full_name": "[withheld]"}, {"full_name": "Ravi Kumar"}, {"full_name": "Ravi Kumar"}]
    assert names_seen(rows, "[withheld]") == ["Ravi Kumar"]


def test_one_name_is_searched_exactly_and_the_fir_left_out() -> None:
    d = resolve(["Ravi Kumar"], Referent("FIR-2025-00669", "accused"), EAST)
    assert d.statement is not None
    assert "persons.full_name = 'Ravi Kumar'" in d.statement
    assert "persons.fir_id != 'FIR-2025-00669'" in d.statement
    assert "firs.precinct_id IN" in d.statement


def test_several_names_are_asked_about_and_none_is_said() -> None:
    meant = Referent("FIR-2025-00669", "accused")
    several = resolve(["A Rao", "B Rao"], meant, EAST)
    assert several.statement is None
    assert several.clarification is not None and "A Rao or B Rao" in several.clarification
    none = resolve([], meant, EAST)
    assert none.statement is None and none.clarification is not None
