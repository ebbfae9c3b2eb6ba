"""Vehicles by what happened to them, their type and make ("Honda Activas still missing").

`read_vehicle_words` reads a make ("Royal Enfield", "Honda Activas") out of the question
before grounding (so it is not taken for a person's name) and leaves the word "vehicles" in
its place. `vehicle_draft` queries `vehicles`, joined to `firs` when an FIR filter (crime,
status, period) is asked: "stolen, not yet recovered" is vehicle status 'Stolen'; a period
dates the vehicles' FIRs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tools.domain.seed_names import CARS, OTHER_VEHICLES, TWO_WHEELERS
from tools.text2zcql import builder as b
from tools.text2zcql.base import ZcqlDraft
from tools.text2zcql.conditions import describe, filters, too_many
from tools.text2zcql.entities import Entities, whole_phrase
from tools.text2zcql.lexicon import CRIME_PHRASES, VEHICLE_TYPE_PHRASES

MAKES: tuple[str, ...] = (*TWO_WHEELERS, *CARS, *(make for _, make in OTHER_VEHICLES))
"""Makes as stored in `vehicles.make`."""
_LINKED = re.compile(
    r"\b(?:linked|connected|attached|related|associated)\s+(?:to|with)\b", re.IGNORECASE
)
_TYPE_WORDS = (
    r"(?:"
    + "|".join(
        rf"{re.escape(p[:-1])}(?:y|ies)" if p.endswith("y") else rf"{re.escape(p)}(?:s|es)?"
        for p in sorted(VEHICLE_TYPE_PHRASES, key=len, reverse=True)
    )
    + ")"
)
"""Every kind of vehicle with its plural ("lorries", "buses", "autos")."""
_VEHICLE = re.compile(rf"\b(?:vehicles?|gaadi\w*|{_TYPE_WORDS})\b", re.IGNORECASE)
_MISSING = re.compile(r"\b(?:still\s+)?missing\b", re.IGNORECASE)
_VEHICLE_TYPE_WORD = re.compile(rf"\b{_TYPE_WORDS}\b", re.IGNORECASE)
_INVOLVED = re.compile(
    rf"\b(?P<what>vehicles?|{_TYPE_WORDS})\s+(?:(?:that\s+)?(?:were|was|are|got)\s+)?"
    r"(?:involved|used)\s+in\b",
    re.IGNORECASE,
)
_EITHER_STATUS = re.compile(
    r"\b(stolen|recovered|seized|involved)\s+(?:or|and/or|/)\s+(stolen|recovered|seized|involved)\b",
    re.IGNORECASE,
)
"""Two vehicle statuses asked together ("seized or involved"): vehicles with either."""
_STATUS_PAIR = re.compile(
    r"\b(?:stolen|recovered)\s+(?:vs\.?|versus|and|against)\s+(?:stolen|recovered)\b",
    re.IGNORECASE,
)
"""Stolen and recovered compared with no vehicle word: only vehicles are stolen or recovered."""
_STOLEN = re.compile(r"\b(?:stolen|chori|kalavu|theft|thefts)\b")


@dataclass(frozen=True)
class VehicleWords:
    """A make named in the question: the stored makes it covers."""

    typed: str = ""
    makes: tuple[str, ...] = ()
    status: str | None = None
    """ "vehicles involved in ..." -> 'Involved'."""


def _make_pattern(make: str) -> str:
    words = make.split()
    short = r"\s+".join(re.escape(w) for w in words[:2])
    rest = "".join(rf"(?:\s+{re.escape(w)})?" for w in words[2:])
    return rf"\b{short}{rest}(?:s|es)?\b"


_MAKE_PATTERNS = tuple((make, re.compile(_make_pattern(make), re.IGNORECASE)) for make in MAKES)


def read_vehicle_words(question: str) -> tuple[str, VehicleWords]:
    """The question with a vehicle make replaced by "vehicles", and the makes it names
    ("stolen vs recovered" alone is read as vehicles)."""
    text = _LINKED.sub("in", question)
    if not _VEHICLE.search(text):
        text = _STATUS_PAIR.sub(r"\g<0> vehicles", text)
    status = None
    if _VEHICLE.search(text):
        text = _MISSING.sub("not recovered", text)
        if m := _INVOLVED.search(text):
            status = "Involved"
            text = text[: m.start()] + f"{m['what']} in" + text[m.end() :]
    for make, pattern in _MAKE_PATTERNS:
        m = pattern.search(text)
        if m is None:
            continue
        prefix = " ".join(m.group(0).split()[:2]).lower().rstrip("s")
        makes = tuple(x for x in MAKES if x.lower().startswith(prefix))
        typed = make if len(makes) == 1 else m.group(0)
        found = VehicleWords(typed, makes or (make,), status)
        return text[: m.start()] + "vehicles" + text[m.end() :], found
    return text, VehicleWords(status=status)


def vehicle_type(text: str) -> str | None:
    """The vehicle type named first ("cars" -> 'Car'); a follow-up's own words come first."""
    found = vehicle_types(text)
    return found[0] if found else None


def vehicle_types(text: str) -> list[str]:
    """Every vehicle type named, first named first ("bikes and cars" -> both)."""
    found = sorted(
        (m.start(), kind)
        for phrase, kind in VEHICLE_TYPE_PHRASES.items()
        if (m := whole_phrase(phrase).search(text))
    )
    return list(dict.fromkeys(kind for _, kind in found))


def _kinds_named(text: str, words: VehicleWords) -> list[str]:
    """The types asked about ("bikes and cars": both); none when a make already says it. A
    follow-up's text carries the earlier question after its own: only its first type is kept
    unless the question joins two."""
    if words.makes:
        return []
    kinds = vehicle_types(text)
    joined = re.search(rf"\b{_TYPE_WORDS}\s+(?:and|or|aur|mattu|&|/|,)\s+{_TYPE_WORDS}\b", text)
    return kinds if joined else kinds[:1]


def vehicle_draft(
    text: str,
    e: Entities,
    words: VehicleWords,
    precincts: list[str],
    place: str,
    counting: bool,
    listed: list[str] | None = None,
) -> ZcqlDraft:
    """Vehicles by status, type and make in the matching FIRs (a list, or how many);
    `listed`: the FIRs on screen the question refers to ("of these"), the vehicles' FIRs."""
    status = words.status or e.vehicle_status or ("Stolen" if _STOLEN.search(text) else None)
    by_status = "status" in e.dimensions
    if by_status:  # "status breakdown (stolen/recovered/...)": the statuses are the groups
        status = None
    kinds = _kinds_named(text, words)
    kind = " or ".join(kinds)
    fir_crimes = [c for c in e.crimes if not set(c.values) <= _VEHICLE_THEFT]
    fir = Entities(**{**e.__dict__, "crimes": fir_crimes})
    fir_filters = filters(fir, "firs")
    own = _vehicle_conditions(status, kinds, words, "vehicles" if fir_filters else "")
    if either := _EITHER_STATUS.search(text):  # "seized or involved": both statuses
        either_statuses = list(dict.fromkeys(w.capitalize() for w in either.groups()))
        status = " or ".join(either_statuses)
        own = [
            b.equals_any(b.column("status", "vehicles" if fir_filters else ""), either_statuses),
            *_vehicle_conditions(None, kinds, words, "vehicles" if fir_filters else ""),
        ]
    if listed:
        own.append(b.equals_any(b.column("fir_id", "vehicles" if fir_filters else ""), listed))
    if fir_filters:
        where = [
            b.equals_any("vehicles.precinct_id", precincts),
            b.equals_any("firs.precinct_id", precincts),
            *own,
            *fir_filters,
        ]
        join = "INNER JOIN firs ON vehicles.fir_id = firs.fir_id"
        columns = [f"vehicles.{c}" for c in b.VEHICLE_COLUMNS]
        count, order = "COUNT(vehicles.ROWID)", "vehicles.registration_no"
    else:
        where = [b.equals_any("precinct_id", precincts), *own]
        join, columns = "", list(b.VEHICLE_COLUMNS)
        count, order = "COUNT(ROWID)", "registration_no"
    statement = b.aggregate((count,), "vehicles", where, join=join) if counting else None
    if statement is None if counting else b.cost(where) > b.MAX_CONDITIONS:
        return too_many()
    said = [
        f" {words.typed}" if words.makes else "",
        f" of type {kind}" if kind else "",
        f" with vehicle status {status}" if status else "",
        *describe(fir, place),
        f" in the {len(listed)} FIRs listed" if listed else "",
    ]
    said = [s for s in said if s]
    about = "".join(said)
    shown = tuple(s.strip(" ,") for s in said)
    by = next((d for d in e.dimensions if d in _VEHICLE_DIMENSIONS), None)
    if by is not None:
        if b.cost(where) > b.MAX_CONDITIONS:
            return too_many()
        column = f"vehicles.{by}" if join else by
        grouped = b.select((column, count), "vehicles", where, join=join, group=(column,))
        return ZcqlDraft(
            grouped,
            "breakdown",
            f"Vehicles{about}, counted by {_VEHICLE_DIMENSIONS[by]}.",
            filters=shown,
        )
    if counting:
        return ZcqlDraft(
            statement or "",
            "count",
            f"Counting vehicles{about}.",
            filters=shown,
        )
    return ZcqlDraft(
        b.select(columns, "vehicles", where, join=join, order=order, limit=str(b.LIST_LIMIT)),
        "list",
        f"Vehicles{about}.",
        filters=shown,
    )


_VEHICLE_THEFT = frozenset({"TWO-WHEELER THEFT", "FOUR-WHEELER THEFT"})
_VEHICLE_DIMENSIONS = {
    "precinct_id": "station",
    "status": "vehicle status",
    "colour": "colour",
    "make": "make",
}
"""Grouping words read for vehicles: "by station", "status-wise" (the vehicle's status),
"colour-wise", "make-wise"."""
VEHICLE_ONLY_DIMENSIONS = frozenset({"colour", "make"})
"""Groupings only vehicles have: asking for one asks about vehicles."""


_VEHICLE_CRIMES = tuple(
    sorted(
        (p for p in CRIME_PHRASES if _VEHICLE_TYPE_WORD.search(p) or _VEHICLE.search(p)),
        key=len,
        reverse=True,
    )
)
"""Crime phrases that hold a vehicle word ("bike theft", "motor vehicle accident")."""
_FIR_NOUN = re.compile(
    r"^\s*(?:related\s+|wale\s+|wali\s+)?(?:cases?|firs?|crimes?|complaints?|incidents?|"
    r"accidents?|offen[cs]es?)\b"
)


def loose_vehicle_word(text: str) -> tuple[str, bool] | None:
    """A vehicle type named outside any crime phrase ("how many bikes", "car cases"): the
    word, and whether it qualifies FIRs ("car cases", "bike accidents": no FIR column holds a
    vehicle type, so it is asked about) rather than naming the vehicles themselves."""
    for phrase in _VEHICLE_CRIMES:
        text = whole_phrase(phrase).sub(" ", text)
    m = _VEHICLE_TYPE_WORD.search(text)
    if m is None:
        return None
    return m.group(0), bool(_FIR_NOUN.match(text[m.end() :]))


def names_vehicle_theft(e: Entities) -> bool:
    """True when a crime the question names is vehicle theft ("gaadi chori", "bike theft")."""
    return any(set(c.values) <= _VEHICLE_THEFT for c in e.crimes)


def asks_vehicle_breakdown(text: str, e: Entities) -> bool:
    """ "vehicle status wise": vehicles grouped by their own status, not FIRs by theirs."""
    return bool(_VEHICLE.search(text)) and "status" in e.dimensions and not names_vehicle_theft(e)


def _vehicle_conditions(
    status: str | None, kinds: list[str], words: VehicleWords, qualifier: str
) -> list[b.Condition]:
    out = []
    if status:
        out.append(b.equals_any(b.column("status", qualifier), [status]))
    if kinds:
        out.append(b.equals_any(b.column("vehicle_type", qualifier), kinds))
    if len(words.makes) == 1:
        out.append(b.equals_any(b.column("make", qualifier), list(words.makes)))
    elif words.makes:
        prefix = " ".join(words.makes[0].split()[:2])
        shared = [m for m in words.makes if m.startswith(prefix)]
        pattern = f"{prefix}*" if len(shared) == len(words.makes) else words.makes[0]
        out.append(b.like_any(b.column("make", qualifier), [pattern]))
    return out


_STATUS_WORDS = (
    (
        re.compile(r"\b(?:not (?:yet )?recovered|unrecovered|still missing|stolen|chori|kalavu)\b"),
        "Stolen",
    ),
    (re.compile(r"\b(?<!not )(?<!not yet )(?:recovered|traced|found|mili|sikkide)\b"), "Recovered"),
    (re.compile(r"\b(?:seized|impounded)\b"), "Seized"),
    (re.compile(r"\binvolved\b"), "Involved"),
)


def compared_statuses(text: str) -> list[str]:
    """Vehicle statuses a comparison names ("recovered vs stolen vehicles"), in order."""
    if not _VEHICLE.search(text):
        return []
    found = sorted(
        (m.start(), status) for pattern, status in _STATUS_WORDS if (m := pattern.search(text))
    )
    return list(dict.fromkeys(status for _, status in found))


def status_comparison(
    text: str,
    e: Entities,
    words: VehicleWords,
    statuses: list[str],
    precincts: list[str],
    place: str,
) -> ZcqlDraft:
    """Vehicles counted per status, the compared statuses side by side (one statement)."""
    kinds = _kinds_named(text, words)
    kind = " or ".join(kinds)
    fir_crimes = [c for c in e.crimes if not set(c.values) <= _VEHICLE_THEFT]
    fir = Entities(**{**e.__dict__, "crimes": fir_crimes})
    fir_filters = filters(fir, "firs")
    column = "vehicles.status" if fir_filters else "status"
    where = [b.equals_any(b.column("precinct_id", "vehicles" if fir_filters else ""), precincts)]
    if fir_filters:
        where += [b.equals_any("firs.precinct_id", precincts), *fir_filters]
    where += _vehicle_conditions(None, kinds, words, "vehicles" if fir_filters else "")
    where.append(b.equals_any(column, statuses))
    if b.cost(where) > b.MAX_CONDITIONS:
        return too_many()
    count = "COUNT(vehicles.ROWID)" if fir_filters else "COUNT(ROWID)"
    join = "INNER JOIN firs ON vehicles.fir_id = firs.fir_id" if fir_filters else ""
    statement = b.select(
        (column, count), "vehicles", where, join=join, group=(column,), order=column
    )
    said = [
        f" {words.typed}" if words.makes else "",
        f" of type {kind}" if kind else "",
        *describe(fir, place),
    ]
    said = [s for s in said if s]
    about = "".join(said)
    return ZcqlDraft(
        statement,
        "breakdown",
        f"Vehicles{about}, {' vs '.join(s.lower() for s in statuses)}, counted by status.",
        filters=(*(s.strip(" ,") for s in said), f"vehicle status {', '.join(statuses)}"),
    )
