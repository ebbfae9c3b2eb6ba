"""Recognisers used by the router's overrides and the slash-command catalogue."""

from __future__ import annotations

import pytest

from graph.commands import COMMANDS, help_text
from graph.nodes.orchestrator import parse_command
from graph.text import fir_ids_in, has_referent, is_smalltalk, mentions_fir_number, normalise


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("status of FIR-2026-04829", ["FIR-2026-04829"]),
        ("FIR 4829/2026 Jayanagar", ["FIR-2026-04829"]),
        ("fir no 4829 of 2026", ["FIR-2026-04829"]),
        ("Crime No. 123/2024", ["FIR-2024-00123"]),
        ("case number 77/2025 Mandya West", ["FIR-2025-00077"]),
        ("fir 2026 04829", ["FIR-2026-04829"]),
        ("how many thefts in 2024", []),
    ],
)
def test_fir_numbers_in_common_written_forms(text: str, expected: list[str]):
    assert fir_ids_in(text) == expected


def test_fir_number_without_year_still_counts_as_a_fir_mention():
    assert mentions_fir_number("procedure for FIR #4029 and its status")
    assert not mentions_fir_number("procedure for zero FIR")


@pytest.mark.parametrize(
    "text", ["hi", "Hello sir!", "thanks", "Thank you madam.", "bye", "namaste", "who are you?"]
)
def test_smalltalk(text: str):
    assert is_smalltalk(text)


@pytest.mark.parametrize("text", ["hi, how many thefts in Whitefield", "thanks, now list FIRs"])
def test_a_greeting_with_a_question_is_not_smalltalk(text: str):
    assert not is_smalltalk(text)


@pytest.mark.parametrize(
    "text",
    [
        "who is the IO on this one",
        "status of this FIR",
        "show his other cases",
        "what about that vehicle",
    ],
)
def test_referents(text: str):
    assert has_referent(text)


def test_normalise_removes_zero_width_and_control_characters():
    assert normalise("sta\u200btus\u0007  of\n\nFIR") == "status of FIR"


def test_slash_commands_parse_and_validate_arguments():
    command = parse_command("/fir FIR-2026-04829")
    assert command is not None and command.name == "fir"
    assert COMMANDS["fir"].usage_error(command.argument, has_image=False) is None
    assert "Usage" in (COMMANDS["fir"].usage_error("", has_image=False) or "")
    assert "did not understand" in (COMMANDS["fir"].usage_error("banana", has_image=False) or "")
    assert "photo" in (COMMANDS["plate"].usage_error("", has_image=False) or "")
    assert parse_command("how many thefts") is None


def test_help_lists_every_command():
    text = help_text()
    for name in ("fir", "stats", "sop", "vehicle", "person", "plate", "ask", "help"):
        assert f"/{name}" in text
