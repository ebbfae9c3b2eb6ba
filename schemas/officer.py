"""The officer on whose behalf a request runs; comes only from a verified token or the roster."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Officer(BaseModel):
    """An officer: clearance 1-5, the precincts of their jurisdiction, and unit roles."""

    model_config = ConfigDict(frozen=True)

    badge_id: str
    name: str
    rank: str
    clearance: int = Field(ge=1, le=5)
    precincts: frozenset[str]
    roles: frozenset[str] = frozenset()

    def has_role(self, role: str) -> bool:
        """True when the officer holds the given unit role."""
        return role in self.roles
