"""The fallback engine's tool registry: lookup by name, arguments checked, LangChain definitions."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import BaseModel, ValidationError

from tools.agent.base import AgentTool, ToolError
from tools.agent.calculator import CALCULATOR
from tools.agent.dates import DATE_UTILITY
from tools.agent.legal import LEGAL_REFERENCE
from tools.agent.lookups import KNOWLEDGE_BASE, PAGE_CONTEXT, RECORDS, VISION
from tools.agent.web_search import WEB_SEARCH


class ToolRegistry:
    """An immutable set of tools keyed by name."""

    def __init__(self, tools: Iterable[AgentTool]) -> None:
        self._tools = {tool.name: tool for tool in tools}

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[AgentTool]:
        return iter(self._tools.values())

    @property
    def names(self) -> list[str]:
        """Tool names in registration order."""
        return list(self._tools)

    def get(self, name: str) -> AgentTool:
        """The tool called `name`; ToolError for an unknown name."""
        tool = self._tools.get(name)
        if tool is None:
            raise ToolError(f"there is no tool called {name[:40]!r}; use one of {self.names}")
        return tool

    def parse_args(self, name: str, args: Any) -> BaseModel:
        """Validate raw arguments against the tool's schema; ToolError with the reasons."""
        tool = self.get(name)
        try:
            return tool.args_schema.model_validate(args if args is not None else {})
        except ValidationError as error:
            reasons = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'arguments'}: {e['msg']}"
                for e in error.errors()[:5]
            )
            raise ToolError(f"invalid arguments for {name}: {reasons}") from error

    def definitions(self) -> list[dict[str, Any]]:
        """OpenAI-format function definitions for `BaseChatModel.bind_tools`."""
        return [tool.definition() for tool in self]


def default_registry() -> ToolRegistry:
    """Every fallback tool; unconfigured services answer honestly that they are unavailable."""
    return ToolRegistry(
        [
            CALCULATOR,
            DATE_UTILITY,
            LEGAL_REFERENCE,
            PAGE_CONTEXT,
            RECORDS,
            KNOWLEDGE_BASE,
            WEB_SEARCH,
            VISION,
        ]
    )
