"""Long-lived services every node may use, passed as the graph's runtime context.

Each service is typed by what the graph asks of it: a Protocol where the graph needs only a
method or two (the router, the knowledge service, the guardrail), the tools' own interfaces
elsewhere. The implementations are imported for type checking only, so building a context
(and the direct smalltalk turn) loads none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from schemas.officer import Officer
    from schemas.routing import RouteDecision
    from tools.agent.services import FallbackServices
    from tools.knowledge.index import SearchResult
    from tools.knowledge.service import Cleared
    from tools.records.executor import RecordsExecutor
    from tools.records.service import RecordsService
    from tools.text2zcql.base import ZcqlGenerator
    from tools.vision.preparser import Preparser
    from validators.attachments import ValidatedImage
    from validators.clearance.policy import ClearancePolicy
    from validators.guardrail.engine import RequestGuard


class ServiceMissing(AttributeError):
    """A node used a service its context was built without."""


class MissingService:
    """Stands in for a service the context was built without (a test's partial context, the
    direct smalltalk turn): any use fails with the service's name."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getattr__(self, attribute: str) -> Any:
        raise ServiceMissing(f"the {self.name} service is not configured ({attribute})")

    def __repr__(self) -> str:
        return f"MissingService({self.name!r})"


def missing(name: str) -> Callable[[], Any]:
    """The default factory of a service field: a `MissingService` until one is given."""
    return lambda: MissingService(name)


def configured(service: object) -> bool:
    """Whether a context field holds a real service."""
    return not isinstance(service, MissingService)


def utc_clock() -> datetime:
    """The service's clock (tests substitute a fixed one)."""
    return datetime.now(UTC)


class RouteDecider(Protocol):
    """The router's learned stages (`graph.cascade.RouterCascade`)."""

    async def decide(self, text: str, inputs: dict[str, Any]) -> RouteDecision: ...


class Knowledge(Protocol):
    """Clearance-filtered retrieval (`tools.knowledge.service.KnowledgeService`)."""

    def search(self, question: str, officer: Officer, k: int = ...) -> SearchResult: ...

    def retrieve(self, question: str, officer: Officer, k: int = ...) -> Cleared: ...

    def close(self) -> None: ...


class GuardrailFactory(Protocol):
    """Builds the per-request guard (`validators.guardrail.engine.Guardrail`)."""

    def for_request(
        self, officer: Officer, deny_values: Iterable[str], allow_values: Iterable[str] = ...
    ) -> RequestGuard: ...


@dataclass
class GraphContext:
    """Built once in the app's lifespan (or per CLI run) and shared by all requests."""

    llm: BaseChatModel | None = None
    router: RouteDecider = field(default_factory=missing("router"))
    zcql_generator: ZcqlGenerator = field(default_factory=missing("zcql_generator"))
    records: RecordsExecutor = field(default_factory=missing("records"))
    policy: ClearancePolicy = field(default_factory=missing("policy"))
    records_service: RecordsService = field(default_factory=missing("records_service"))
    """The records path every caller goes through."""
    knowledge: Knowledge = field(default_factory=missing("knowledge"))
    vision: Preparser = field(default_factory=missing("vision"))
    guardrail: GuardrailFactory = field(default_factory=missing("guardrail"))
    fallback_tools: FallbackServices = field(default_factory=missing("fallback_tools"))
    images: tuple[ValidatedImage, ...] = ()
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
