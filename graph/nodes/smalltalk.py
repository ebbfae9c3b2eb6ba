"""Greetings, thanks and goodbyes, answered without touching any data."""

from __future__ import annotations

import re
from typing import Any

from graph.commands import help_text
from graph.state import GraphState
from schemas.result import PipelineResult

THANKS = re.compile(r"\b(thanks?|thank u|thx|ty|dhanyavaad\w*|shukriya)\b", re.IGNORECASE)
GOODBYE = re.compile(r"\b(bye|goodbye|see you|good night)\b", re.IGNORECASE)
IDENTITY = re.compile(r"\b(who are you|what can you do|help me)\b", re.IGNORECASE)

CAPABILITIES = (
    "I answer questions about FIR records you are cleared to see, police procedure and law "
    "(BNS, BNSS, SOPs), and photos of number plates, ID cards and evidence tags. "
    "Type /help for shortcuts."
)


def reply_for(text: str, officer_name: str) -> str:
    """A short, data-free reply to a social message."""
    if THANKS.search(text):
        return "You're welcome. Anything else I can look up?"
    if GOODBYE.search(text):
        return "Goodbye, stay safe."
    if IDENTITY.search(text):
        return f"I'm the crime-analytics assistant. {CAPABILITIES}"
    return f"Hello {officer_name}. {CAPABILITIES}"


def command_reply(name: str, argument: str) -> str:
    """/help lists the catalogue; an unknown command gets the catalogue with a note."""
    if name == "help":
        return help_text()
    return f"/{name} is not a command I know.\n{help_text()}"


async def smalltalk(state: GraphState) -> dict[str, Any]:
    """Answer a greeting, thanks or goodbye, or /help."""
    officer = state["officer"]
    command = state.get("command")
    if command is not None:
        answer = command_reply(command.name, command.argument)
    else:
        answer = reply_for(state.get("text", ""), f"{officer.rank} {officer.name}")
    return {"results": [PipelineResult(pipeline="smalltalk", answer=answer, offline=True)]}
