"""Legal look-ups: several IPC sections in one list, a lettered IPC number asked without
"IPC", and an IPC section the table does not list left to the knowledge base."""

from __future__ import annotations

from tools.domain.legal import legal_answer


def test_every_section_of_a_list_is_mapped() -> None:
    found = legal_answer("what are IPC 354 & 509 under the BNS")
    assert found is not None
    text = " ".join(found.sentences)
    assert "BNS 74" in text and "BNS 79" in text


def test_a_list_joined_by_and_is_read_whole() -> None:
    found = legal_answer("IPC 379 and 380 mapped to the new code")
    assert found is not None
    text = " ".join(found.sentences)
    assert "303(2)" in text and "BNS 305" in text


def test_a_lettered_section_asked_about_with_the_new_code_is_ipc() -> None:
    found = legal_answer("304B is which section now")
    assert found is not None
    assert "80(2)" in " ".join(found.sentences)


def test_a_lettered_crpc_section_is_not_taken_for_ipc() -> None:
    found = legal_answer("CrPC 41A is now which BNSS section")
    assert found is None or "IPC 41A" not in " ".join(found.sentences)


def test_an_unlisted_ipc_section_is_left_to_the_knowledge_base() -> None:
    assert legal_answer("is there any BNS counterpart to IPC 497") is None


def test_a_list_separated_by_spaces_only_is_read_whole() -> None:
    found = legal_answer("new sections for IPC 379 380 411 please")
    assert found is not None
    text = " ".join(found.sentences)
    assert "303(2)" in text and "BNS 305" in text and "317" in text


def test_a_period_after_a_section_is_not_read_as_another_section() -> None:
    found = legal_answer("IPC 379 2 years - what is it in BNS")
    assert found is not None
    assert "IPC 2 " not in " ".join(found.sentences)
