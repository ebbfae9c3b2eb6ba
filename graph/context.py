"""Long-lived services every node may use, passed as the graph's runtime context."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel


def utc_clock() -> datetime:
    """The service's clock (tests substitute a fixed one)."""
    return datetime.now(UTC)


@dataclass
class GraphContext:
    """Built once in the app's lifespan (or per CLI run) and shared by all requests."""

    llm: BaseChatModel | None = None
    router: Any = None
    zcql_generator: Any = None
    records: Any = None
    policy: Any = None
    records_service: Any = None
    """tools.records.service.RecordsService: the records path every caller goes through."""
    knowledge: Any = None
    vision: Any = None
    guardrail: Any = None
    fallback_tools: Any = None
    images: tuple[Any, ...] = ()
    """This turn's validated attachments: the runner passes a per-turn copy of the context."""
    clock: Callable[[], datetime] = utc_clock
    page_context_ttl_s: float = 10.0
    page_context_skew_s: float = 2.0
    history_turns: int = 6
    router_accept_threshold: float = 0.6
    router_llm_band_low: float = 0.35
    fallback_max_cycles: int = 4
    fallback_tool_timeout_s: float = 4.0
    fallback_deadline_s: float = 25.0
    timezone: str = "Asia/Kolkata"
