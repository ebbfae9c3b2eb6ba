"""One cascade, with or without a model: the grounded parser first, the LLM for the rest.

The parser answers directly when it grounds every word (deterministic, no model cost),
also when a model is configured. A clarifying question (an ambiguity between known values,
such as two IOs named Shankar) goes back to the officer: a model would only guess. When the
parser could not place a word, the model (if any) gets the question with what
the parser did ground as hints; a model statement still goes through the ZCQL validator
downstream. When neither grounds the question, the officer gets the parser's clarifying
question or its plain reason. `ZcqlDraft.generator` records the stage that answered.
"""

from __future__ import annotations

import time
from dataclasses import replace

from tools.text2zcql.base import ZcqlDraft, ZcqlGenerator, ZcqlRequest
from tools.text2zcql.offline import parse
from tools.text2zcql.persons import read_person_words
from tools.text2zcql.scope_words import own_scope
from tools.text2zcql.understand import understand
from tools.text2zcql.vehicles import read_vehicle_words

MODEL_CONFIDENCE = 0.6
"""Confidence of a model-written draft for a question the parser could not ground."""


def hints(request: ZcqlRequest) -> tuple[str, ...]:
    """What the parser could ground in the question, for the model's prompt."""
    question, own = own_scope(request.question)
    question, person = read_person_words(question)
    question, vehicle = read_vehicle_words(question)
    u = understand(question, request.today)
    e = u.entities
    out = [f"read '{typed}' as '{word}'" for typed, word in u.corrections]
    if own:
        out.append("'my station/area' = all the caller's precincts")
    if person.role:
        out.append(f"persons.role '{person.role}'")
    if person.gender:
        out.append(f"persons.gender '{person.gender}'")
    out += [f"vehicles.make '{m}'" for m in vehicle.makes]
    if vehicle.status or e.vehicle_status:
        out.append(f"vehicles.status '{vehicle.status or e.vehicle_status}'")
    out += [f"station {s.station_name} = precinct_id '{s.precinct_id}'" for s in e.stations]
    out += [f"district '{d}'" for d in e.districts]
    out += [f"{c.column} IN {c.values}" for c in e.crimes]
    out += [f"status '{s}'" for s in e.statuses]
    if e.period is not None:
        out.append(f"registered {e.period.describe()}")
    out += [f"IO candidate {i.io_name} (io_badge '{i.io_badge}')" for i in e.io_candidates]
    out += e.date_notes
    if u.unknown or u.unsure:
        words = [*u.unknown, *(g.typed for g in u.unsure)]
        out.append("not understood by the parser: " + ", ".join(words))
    return tuple(out)


class CascadeZcqlGenerator:
    """Parser first; the model only for what the parser could not ground."""

    def __init__(self, model: ZcqlGenerator | None = None) -> None:
        self._model = model

    async def generate(self, request: ZcqlRequest) -> ZcqlDraft:
        """The parser's draft when grounded, else the model's, else the parser's question;
        `stages_ms` says which stages ran and how long each took."""
        started = time.perf_counter()
        parsed = parse(request)
        stages: tuple[tuple[str, float], ...] = (("parser", _ms(started)),)
        asks = parsed.clarification is not None and not parsed.unplaced
        if parsed.statement is not None or asks or not self._model:
            return replace(parsed, stages_ms=stages)
        started = time.perf_counter()
        drafted = await self._model.generate(replace(request, hints=hints(request)))
        stages += ((drafted.generator, _ms(started)),)
        if drafted.statement is None:
            return replace(parsed, stages_ms=stages)
        confidence = min(drafted.confidence, MODEL_CONFIDENCE)
        return replace(drafted, confidence=confidence, stages_ms=stages)


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 3)
