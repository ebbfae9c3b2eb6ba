"""What every fallback tool shares: its output shape, its call context and its definition."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from schemas.officer import Officer
from schemas.page_context import PageContext
from schemas.result import Citation


class ToolOutput(BaseModel):
    """A tool's observation: text for the model, plus structured parts for the result.

    `records` must already be clearance-filtered by whoever produced them; `withheld_values`
    are the values that filter removed (the guardrail deny-lists them); `data` is structured
    output the offline planner reads instead of parsing text.
    """

    text: str
    citations: list[Citation] = Field(default_factory=list)
    records: list[dict[str, Any]] = Field(default_factory=list)
    withheld_values: list[str] = Field(default_factory=list, repr=False)
    data: dict[str, Any] = Field(default_factory=dict)
    audit_notes: list[dict[str, Any]] = Field(default_factory=list, repr=False)
    """Notes for the audit trail only (e.g. a rejected statement's reasons); never shown."""
    ok: bool = True
    unavailable: bool = False


class ToolError(Exception):
    """An expected tool failure; its message is safe to show the model and the officer."""


@dataclass(frozen=True)
class ToolContext:
    """Built by the graph from trusted state for every call; tool output never changes it."""

    officer: Officer
    page_context: PageContext | None
    services: Any
    now: datetime
    timezone: str = "Asia/Kolkata"
    images: tuple[Any, ...] = ()


ToolRun = Callable[[Any, ToolContext], Awaitable[ToolOutput]]


@dataclass(frozen=True)
class AgentTool:
    """One tool: name, description, pydantic argument schema, its own timeout, and `run`."""

    name: str
    description: str
    args_schema: type[BaseModel]
    run: ToolRun
    timeout_s: float = 4.0
    tags: frozenset[str] = field(default_factory=frozenset)

    def definition(self) -> dict[str, Any]:
        """The OpenAI-format function definition passed to `bind_tools`."""
        schema = self.args_schema.model_json_schema()
        schema.pop("title", None)
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": schema},
        }
