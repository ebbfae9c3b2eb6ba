"""The one interface every text-to-ZCQL generator implements.

A generator only produces text: the statement it drafts runs only after the ZCQL validator
accepts it. A draft with `statement=None` says clearly why the question could not be parsed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Protocol

INTENTS = (
    "count",
    "list",
    "lookup_status",
    "lookup_io",
    "breakdown",
    "top_n",
    "trend",
    "vehicle_lookup",
    "person_lookup",
    "unparsed",
    "other",
)
"""Intents a draft may carry; `trend` rows are `registered_at` values for the caller to bucket;
`other` is an LLM draft whose stated intent is none of the rest."""


@dataclass(frozen=True)
class ZcqlRequest:
    """One question with everything a generator may use to scope and resolve it."""

    question: str
    """Normalised officer text."""
    precincts: tuple[str, ...]
    """The caller's precincts (sorted); every case-data table is scoped to these or a subset."""
    today: date
    active_fir_id: str | None = None
    """Resolved from page context ("this FIR")."""
    history: tuple[str, ...] = ()
    """Previous user questions, most recent last."""


@dataclass(frozen=True)
class ZcqlDraft:
    """A generator's output: one statement (or None with a reason) and what was understood."""

    statement: str | None
    intent: str
    explanation: str
    unparsed_reason: str | None = None
    generator: str = "offline"


class ZcqlGenerator(Protocol):
    """Anything that drafts ZCQL for a request."""

    async def generate(self, request: ZcqlRequest) -> ZcqlDraft:
        """Draft one statement for the request (never executes it)."""
        ...


def unparsed(reason: str, generator: str = "offline") -> ZcqlDraft:
    """A draft that says why no statement could be written."""
    return ZcqlDraft(None, "unparsed", reason, unparsed_reason=reason, generator=generator)
