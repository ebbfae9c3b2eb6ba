"""A records question the records reader grounds: route it to records, whatever the classifier
scores. The classifier sees words; the reader sees a place, a period, a status, an FIR number,
an IO or a vehicle status in them ("thefts around Eid", "cases near the lake", "Whitefield
robbery count 2025?"). When it places such a filter and leaves no content word over (or only
a place or a festival it will ask about), the records route answers or asks the clarifying
question; a knowledge answer would be about something else. A procedure, law or
not-records question is never pulled onto it.
"""

from __future__ import annotations

import re
from datetime import date

from graph.routing.knowledge_frame import asks_law_or_procedure
from graph.routing.mixed import has_procedure_signal
from tools.text2zcql.entities import Entities
from tools.text2zcql.offline import not_about_records
from tools.text2zcql.same_again import names_records, prepare
from tools.text2zcql.understand import understand
from tools.text2zcql.vehicles import read_vehicle_words

_COUNTS_TIME = re.compile(
    r"\b(?:how many|number of|count of|kitne|eshtu)\s+(?:days|weeks|months|years|hours)\b",
    re.IGNORECASE,
)
"""Counting time between dates is date arithmetic, not a records count."""


def _records_filter(e: Entities) -> bool:
    """A filter only the records have: more than a crime's name."""
    return bool(
        e.stations
        or e.districts
        or e.unknown_place
        or e.station_choices
        or e.period
        or e.period_choices
        or e.festival_choices
        or e.statuses
        or e.fir_ids
        or e.fir_serials
        or e.plates
        or e.io_badge
        or e.io_candidates
        or e.vehicle_status
    )


def grounded_records_question(text: str, today: date) -> bool:
    """True when the records reader grounds a records filter in `text` and nothing else is
    left over, and the text asks no procedure, law or not-records question."""
    if has_procedure_signal(text) or asks_law_or_procedure(text) or not_about_records(text):
        return False
    if _COUNTS_TIME.search(text):
        return False
    asked, _ = prepare(text, names_records(today))  # reason and interjections set aside
    asked, _ = read_vehicle_words(asked)  # a make ("Honda Activa") is grounded
    u = understand(asked, today)
    place = _place_words(asked, u.entities.unknown_place)
    left = [w for w in u.unknown if w not in place]
    return _records_filter(u.entities) and not left


def _place_words(text: str, place: str | None) -> set[str]:
    """An unknown place and the words written straight after it ("near the new metro
    construction site"): the place the records reader asks about, not words left over."""
    if not place:
        return set()
    m = re.search(rf"\b{re.escape(place)}\b((?:\s+[a-z]+){{0,3}})", text.lower())
    return {place, *(m.group(1).split() if m else ())}
