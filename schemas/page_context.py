"""PageContext schema version 1: metadata about the officer's screen (never DOM)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from schemas.records import FIR_ID_PATTERN

FIR_ID = f"^{FIR_ID_PATTERN}$"
RECORD_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_\-]{0,39}$"
FILTER_KEY_PATTERN = r"^[a-z][a-z0-9_]{0,31}$"
MODULE_PATTERN = r"^[a-z][a-z0-9_]{0,39}$"

# Screens the server knows; any other short identifier is accepted and kept as it is
# (clients add screens faster than servers are released).
KNOWN_MODULES = frozenset(
    {"fir_view", "fir_list", "dashboard", "map", "person_view", "vehicle_view", "search", "chat"}
)


class PageContext(BaseModel):
    """What the chat UI says is on screen; every field is bounded and typed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: Literal["1"]
    captured_at: datetime
    active_fir_id: str | None = Field(default=None, pattern=FIR_ID)
    current_module: str = Field(default="chat", pattern=MODULE_PATTERN)
    applied_filters: dict[str, str] = Field(default_factory=dict, max_length=12)
    visible_record_ids: list[str] = Field(default_factory=list, max_length=50)

    @property
    def known_module(self) -> str | None:
        """The module if the server knows it, else None (an opaque, client-defined screen)."""
        return self.current_module if self.current_module in KNOWN_MODULES else None

    @field_validator("captured_at")
    @classmethod
    def _aware(cls, value: datetime) -> datetime:
        if value.tzinfo is None:
            raise ValueError("captured_at must carry a time zone (e.g. 2026-12-02T10:15:00Z)")
        return value

    @field_validator("applied_filters")
    @classmethod
    def _bounded_filters(cls, value: dict[str, str]) -> dict[str, str]:
        for key, item in value.items():
            if not re.match(FILTER_KEY_PATTERN, key):
                raise ValueError(f"filter name {key[:40]!r} is not allowed")
            if len(item) > 80:
                raise ValueError(f"filter {key!r} value is longer than 80 characters")
        return value

    @field_validator("visible_record_ids")
    @classmethod
    def _record_ids(cls, value: list[str]) -> list[str]:
        for item in value:
            if not re.match(RECORD_ID_PATTERN, item):
                raise ValueError(f"record id {item[:40]!r} is not a valid identifier")
        return value
