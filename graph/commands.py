"""The slash-command catalogue: shortcuts into the same graph, each with a fixed route."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from schemas.routing import Route


@dataclass(frozen=True)
class Command:
    """One documented shortcut."""

    name: str
    route: Route
    usage: str
    description: str
    argument_pattern: str | None = None  # a regex the argument must match; None = free text
    needs_argument: bool = True
    needs_image: bool = False

    def usage_error(self, argument: str, has_image: bool) -> str | None:
        """A clear usage message when the argument is missing or malformed, else None."""
        if self.needs_image and not has_image:
            return f"/{self.name} needs an attached photo. Usage: {self.usage}"
        if self.needs_argument and not argument:
            return f"/{self.name} needs an argument. Usage: {self.usage}"
        if (
            self.argument_pattern
            and argument
            and not re.fullmatch(self.argument_pattern, argument, re.IGNORECASE)
        ):
            return f"/{self.name} did not understand {argument[:60]!r}. Usage: {self.usage}"
        return None

    def to_dict(self) -> dict[str, Any]:
        """The public view served by `GET /v1/commands` (no validation internals)."""
        return {
            "name": self.name,
            "usage": self.usage,
            "description": self.description,
            "route": self.route,
            "needs_argument": self.needs_argument,
            "needs_image": self.needs_image,
        }


FIR_ARGUMENT = r"(FIR[-\s]?(19|20)\d{2}[-\s]\d{1,5}|\d{1,5}\s*(/|of)\s*(19|20)\d{2})"
PLATE_ARGUMENT = r"[A-Za-z0-9][A-Za-z0-9\s\-]{3,14}"
NAME_ARGUMENT = r"[A-Za-z][A-Za-z .'\-]{1,59}"

COMMANDS: dict[str, Command] = {
    command.name: command
    for command in (
        Command(
            "fir", "zcql", "/fir FIR-2026-04829", "Status, IO and details of one FIR.", FIR_ARGUMENT
        ),
        Command(
            "stats",
            "zcql",
            "/stats <district|station> [period]",
            "Counts and breakdowns for a place and period, e.g. /stats Whitefield last month.",
        ),
        Command("sop", "rag", "/sop <topic>", "Procedure and law from the SOP knowledge base."),
        Command(
            "vehicle",
            "zcql",
            "/vehicle KA05MN4321",
            "FIRs involving a vehicle number.",
            PLATE_ARGUMENT,
        ),
        Command(
            "person",
            "zcql",
            "/person <name>",
            "FIRs naming a person (clearance rules apply).",
            NAME_ARGUMENT,
        ),
        Command(
            "plate",
            "vision",
            "/plate (with a photo attached)",
            "Read a number plate from the attached photo and check the records.",
            needs_argument=False,
            needs_image=True,
        ),
        Command(
            "ask",
            "fallback",
            "/ask <question>",
            "Force the agentic engine (tools, reasoning) for a question.",
        ),
        Command("help", "smalltalk", "/help", "List these shortcuts.", needs_argument=False),
    )
}


def help_text() -> str:
    """The catalogue as text for /help."""
    lines = ["Shortcuts:"]
    lines += [f"  {c.usage} - {c.description}" for c in COMMANDS.values()]
    return "\n".join(lines)


def catalogue() -> list[dict[str, Any]]:
    """Every command's public view, in catalogue order."""
    return [command.to_dict() for command in COMMANDS.values()]
