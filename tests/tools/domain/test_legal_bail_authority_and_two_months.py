"""Who grants bail comes from the row's bailable column and the provision naming the court or
officer; a rape or POCSO charge-sheet limit is BNSS 193(2)'s two months before any default bail."""

from __future__ import annotations

import pytest

from tools.domain.legal import legal_answer, provision_by_keywords


@pytest.mark.parametrize(
    ("question", "row", "authority"),
    [
        ("who may grant bail under BNS 303", "BNS 303(2)", "Magistrate under BNSS 480"),
        ("which court gives bail for IPC 376 offences", "BNS 64", "Court of Session"),
        ("bail for BNS 115(2), station or court?", "BNS 115(2)", "officer in charge"),
        ("who grants bail for theft", "BNS 303(2)", "Magistrate under BNSS 480"),
    ],
)
def test_who_grants_bail_names_the_authority(question: str, row: str, authority: str) -> None:
    found = legal_answer(question)
    assert found is not None
    assert found.sentences[0].startswith(row)
    assert authority in found.text
    assert "sop-bail-basics" in found.kb_documents


def test_is_it_bailable_still_answers_the_column_only() -> None:
    found = legal_answer("is BNS 303 bailable")
    assert found is not None and "bailable: no" in found.text
    assert "BNSS 480" not in found.text


@pytest.mark.parametrize(
    "question",
    [
        "how long do we have to file the charge sheet in a rape case",
        "charge-sheet deadline for a BNS 65 case",
        "final report time limit for a POCSO case",
    ],
)
def test_a_rape_or_pocso_charge_sheet_limit_is_two_months_first(question: str) -> None:
    found = legal_answer(question)
    assert found is not None
    assert found.sentences[0].startswith("BNSS 193(2)") and "two months" in found.sentences[0]


def test_default_bail_asked_in_so_many_words_stays_187_3() -> None:
    found = legal_answer("default bail in a rape case")
    assert found is not None and found.sentences[0].startswith("BNSS 187(3)")


def test_a_provision_is_found_by_its_subject_keywords_only() -> None:
    found = provision_by_keywords("by when is a child in conflict with law taken to the JJB")
    assert found is not None and found.key == "jj_production_24h"
    assert provision_by_keywords("within 24 hours of what") is None
