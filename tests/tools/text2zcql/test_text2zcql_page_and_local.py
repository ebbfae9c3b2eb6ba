"""Kanglish verb forms, page phrasing, persons counted in an FIR, plates and "statewide"."""

from __future__ import annotations

from datetime import date

import pytest

from tools.records.text2zcql_eval import resolve_precincts
from tools.text2zcql.base import ZcqlRequest
from tools.text2zcql.offline import parse
from tools.text2zcql.scope_words import own_scope
from validators.zcql.validate import validate

TODAY = date(2026, 12, 2)
EAST = resolve_precincts("district:Bengaluru East")
OPEN = "FIR-2026-01234"
LISTED = ("FIR-2026-00021", "FIR-2026-00022")


def ask(question: str, **kwargs):  # type: ignore[no-untyped-def]
    draft = parse(ZcqlRequest(question, EAST, TODAY, **kwargs))
    if draft.statement is not None:
        assert validate(draft.statement, EAST).accepted, draft.statement
    return draft


@pytest.mark.parametrize(
    ("question", "crime", "since"),
    [
        ("Indiranagar alli 2024 ralli eshtu robbery aagittu", "ROBBERY", "2024-01-01"),
        ("KR Puram alli kaleda varsha eshtu robbery case bandittu", "ROBBERY", "2025-01-01"),
    ],
)
def test_kanglish_past_verb_forms_are_read_not_asked_about(
    question: str, crime: str, since: str
) -> None:
    draft = ask(question)
    assert draft.statement is not None, draft.clarification
    assert crime in draft.statement and f"registered_at >= '{since} 00:00:00'" in draft.statement


def test_ee_vaara_is_this_week() -> None:
    draft = ask("Indiranagar alli ee vaara eshtu FIR aagide")
    assert draft.statement is not None, draft.clarification
    assert "registered_at >= '2026-11-30 00:00:00'" in draft.statement


def test_investigation_nalli_iruva_is_the_under_investigation_status() -> None:
    draft = ask("KR Puram alli investigation nalli iruva case eshtu")
    assert draft.statement is not None, draft.clarification
    assert "status = 'Under Investigation'" in draft.statement


@pytest.mark.parametrize(
    "question",
    [
        "list the victims in the case I'm viewing",
        "victims of the FIR I have open",
        "victims in the FIR on screen",
        "victim names here?",
    ],
)
def test_phrases_for_the_open_fir_use_it(question: str) -> None:
    draft = ask(question, active_fir_id=OPEN)
    assert draft.statement is not None, draft.clarification
    assert f"fir_id = '{OPEN}'" in draft.statement and "role = 'victim'" in draft.statement


def test_accused_in_the_fir_i_have_open_are_persons_not_open_firs() -> None:
    draft = ask("accused in the FIR I have open", active_fir_id=OPEN)
    assert draft.statement is not None and "FROM persons" in draft.statement
    assert "Under Investigation" not in draft.statement


def test_the_open_fir_phrase_without_an_open_fir_asks_which() -> None:
    draft = ask("victims of the FIR I have open")
    assert draft.statement is None and draft.clarification is not None


@pytest.mark.parametrize(
    "question",
    ["out of the ones on my screen, how many are charge sheeted", "isme se kitne charge sheeted"],
)
def test_list_on_screen_phrasing_means_the_visible_firs(question: str) -> None:
    draft = ask(question, visible_record_ids=LISTED)
    assert draft.statement is not None, draft.clarification
    assert "fir_id IN ('FIR-2026-00021', 'FIR-2026-00022')" in draft.statement
    assert "status = 'Charge Sheeted'" in draft.statement


def test_how_many_accused_in_an_fir_counts_persons() -> None:
    draft = ask("how many victims are named in FIR-2026-00077")
    assert draft.statement is not None and draft.statement.startswith("SELECT COUNT(ROWID)")
    assert "FROM persons" in draft.statement and "role = 'victim'" in draft.statement
    listed = ask("victims named in FIR-2026-00077")
    assert listed.statement is not None and "COUNT" not in listed.statement


def test_plates_lists_the_vehicles_registration_numbers() -> None:
    draft = ask("plates of stolen cars in Indiranagar FIRs")
    assert draft.statement is not None, draft.clarification
    assert "registration_no" in draft.statement and "'Car'" in draft.statement


@pytest.mark.parametrize(
    "question", ["robberies statewide in 2025", "robberies across the whole state in 2025"]
)
def test_statewide_is_every_precinct_the_caller_may_see(question: str) -> None:
    stripped, own = own_scope(question)
    assert own and "state" not in stripped
    draft = ask(question)
    assert draft.statement is not None, draft.clarification
    assert "precinct_id IN" in draft.statement and "ROBBERY" in draft.statement


def test_a_closing_here_means_the_list_when_no_fir_is_open() -> None:
    draft = ask("how many are charge sheeted here?", visible_record_ids=LISTED)
    assert draft.statement is not None, draft.clarification
    assert "fir_id IN ('FIR-2026-00021', 'FIR-2026-00022')" in draft.statement
    listed = ask("status-wise split of the FIRs listed here", visible_record_ids=LISTED)
    assert listed.statement is not None and "GROUP BY status" in listed.statement
