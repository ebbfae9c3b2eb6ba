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
    "persons_in_fir",
    "compare",
    "unparsed",
    "other",
)
"""Intents a draft may carry; `trend` rows are `registered_at` values for the caller to bucket;
`compare` rows are grouped counts or `registered_at` values bucketed by the draft's `buckets`;
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
    visible_record_ids: tuple[str, ...] = ()
    """FIRs listed on the officer's screen (page context): what "these" refers to."""
    hints: tuple[str, ...] = ()
    """What the grounded parser understood, passed to a model generator in the cascade."""


@dataclass(frozen=True)
class ZcqlDraft:
    """A generator's output: one statement (or None with a reason) and what was understood."""

    statement: str | None
    intent: str
    explanation: str
    unparsed_reason: str | None = None
    generator: str = "offline"
    clarification: str | None = None
    """A specific question back to the officer (set only when `statement` is None)."""
    confidence: float = 1.0
    """How completely the question was grounded, calibrated on the development set."""
    filters: tuple[str, ...] = ()
    """Every filter the statement applies, in the officer's words (also in `explanation`)."""
    buckets: tuple[str, ...] = ()
    """For `compare`: the compared values (years 'YYYY', months 'YYYY-MM' or precinct ids)."""
    stages_ms: tuple[tuple[str, float], ...] = ()
    """The cascade's stages that ran, in order, with their milliseconds ("parser", "groq")."""
    unplaced: tuple[str, ...] = ()
    """Words the parser could not place: its clarification asks about them, and a model (in
    the cascade) may still try the question."""
    fir_serials: tuple[str, ...] = ()
    """FIR numbers written without a year ("04029"): resolved against the FIRs the caller may
    see before the statement runs (`tools.text2zcql.serials`)."""
    person_referent: tuple[str, ...] = ()
    """(FIR id, role) of the person a pronoun stands for: `statement` is then only the probe
    for that person's name, resolved by the records service (`tools.text2zcql.other_firs`)."""


class ZcqlGenerator(Protocol):
    """Anything that drafts ZCQL for a request."""

    async def generate(self, request: ZcqlRequest) -> ZcqlDraft:
        """Draft one statement for the request (never executes it)."""
        ...


def unparsed(reason: str, generator: str = "offline") -> ZcqlDraft:
    """A draft that says why no statement could be written."""
    return ZcqlDraft(
        None, "unparsed", reason, unparsed_reason=reason, generator=generator, confidence=0.0
    )


def clarify(question: str, generator: str = "offline") -> ZcqlDraft:
    """A draft that asks the officer a specific question instead of guessing."""
    return ZcqlDraft(
        None,
        "unparsed",
        question,
        unparsed_reason=question,
        generator=generator,
        clarification=question,
        confidence=0.0,
    )
