"""What the offline planner reads (`PlannerInput`) and asks for (`PlannedCall`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any


@dataclass(frozen=True)
class PlannedCall:
    """One tool call the planner wants."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlannerInput:
    """What the planner may look at."""

    question: str
    today: date
    has_images: bool = False
    web_configured: bool = False
    knowledge_configured: bool = False
