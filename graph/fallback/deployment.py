"""Which services and tools this deployment gives the fallback engine (from the GraphContext)."""

from __future__ import annotations

from graph.context import GraphContext
from tools.agent.registry import ToolRegistry, default_registry
from tools.agent.services import FallbackServices


def services_of(context: GraphContext) -> FallbackServices:
    """The integrator's services, or none at all (every lookup then says it is unavailable)."""
    services = context.fallback_tools
    return services if isinstance(services, FallbackServices) else FallbackServices()


def registry_of(context: GraphContext) -> ToolRegistry:
    """The tools this deployment offers the engine."""
    services = context.fallback_tools
    return services.tools() if isinstance(services, FallbackServices) else default_registry()
