"""The services the integrator plugs into the fallback engine (`GraphContext.fallback_tools`).

Records and knowledge lookups are callables so the fallback goes through EXACTLY the same
path as the main pipelines (text-to-ZCQL -> validator -> read-only execution -> clearance
filter; clearance-filtered retrieval); the fallback holds no shortcut around any stage.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from schemas.officer import Officer
from schemas.page_context import PageContext
from tools.agent.base import ToolOutput
from tools.agent.registry import ToolRegistry, default_registry

RecordsLookup = Callable[[str, Officer, PageContext | None], Awaitable[ToolOutput]]
KnowledgeLookup = Callable[[str, Officer], Awaitable[ToolOutput]]


class WebSearchClient(Protocol):
    """A configured web search (see tools.agent.web_search.SearxngClient)."""

    async def search(self, query: str, limit: int = 5) -> ToolOutput: ...


class VisionReasoner(Protocol):
    """Open-ended image questions (the QuickML Qwen2.5-VL client implements this)."""

    async def ask(self, image_bytes: bytes, prompt: str) -> str: ...


@dataclass(frozen=True)
class FallbackServices:
    """Everything outside the fallback engine that its tools may call; None = not configured."""

    records: RecordsLookup | None = None
    knowledge: KnowledgeLookup | None = None
    web_search: WebSearchClient | None = None
    vision: VisionReasoner | None = None
    registry: ToolRegistry | None = None

    def tools(self) -> ToolRegistry:
        """The tools the engine may call (the default registry unless one is given)."""
        return self.registry or default_registry()
