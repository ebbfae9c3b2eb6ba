"""The offline semantic parser: entities + an intent grammar + slot filling, no model.

Intent grammar, first match wins:
1. a question that is about procedure, law or anything but records -> unparsed;
2. an FIR number, or "this FIR/this one" with an FIR open on screen -> `lookup_io` when
   the question asks for the investigating officer, else `lookup_status`;
3. a registration number -> `vehicle_lookup`; a person's name -> `person_lookup`;
4. "month-wise", "monthly", "trend" -> `trend`: ZCQL has no date functions and one draft
   is one statement, so a trend selects `registered_at` of the matching FIRs in time order
   (`LIMIT 0, 300`, the first page) and the answer step buckets them by month
   (`tools.text2zcql.trend.month_counts`), asking for the next page (`trend.next_page`)
   while a page comes back full;
5. a grouping word ("by station", "beat-wise") with a ranking word ("top 5", "most") ->
   `top_n`; without one -> `breakdown`;
6. "how many", "count", "kitne" -> `count`; any other records question -> `list`.

A follow-up ("and in Whitefield?", "what about last year?") is read against the previous
question in `history`: each kind of entity it names replaces that kind in the previous one.

Scope: a named station (which must be one of the caller's), else the caller's precincts in
a named district, else all the caller's precincts. A question whose filters need more than
ZCQL's 5 WHERE conditions is refused with the reason, never silently narrowed.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tools.domain.places import Station, stations_in
from tools.domain.synonyms import normalise_text
from tools.text2zcql import builder as b
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest, unparsed
from tools.text2zcql.entities import Entities, extract, overlay, section_patterns
from tools.text2zcql.lexicon import DIMENSION_LABELS, CrimeFilter

_NOT_RECORDS = re.compile(
    r"\b(?:weather|mood|joke|news|cricket|movie|song|poem|recipe|stock|traffic jam|"
    r"procedure|how (?:do|should|can) i|how to|what should|steps? (?:to|for|when)|"
    r"guidelines?|sop|what does the law|punishment|bailable|cognizable|explain|summari[sz]e|"
    r"why|opinion|feel|predict|forecast|will there be|checklist|can i|should i|"
    r"what is the (?:bns|ipc|bnss) (?:section )?for|equivalent|translate|draft|write|"
    r"say about|what does .{1,40} (?:say|mean)|meaning of|define|definition|"
    r"next (?:week|month|quarter|year)|will (?:see|be|there|happen|rise|increase))\b"
)
_COMPARISON = re.compile(r"\b(?:vs\.?|versus|compared? (?:to|with)|compare|comparison)\b")
_IO_WORDS = re.compile(
    r"\b(?:io|i\.o\.|investigating officer|investigation officer|officer|who is (?:handling|"
    r"investigating|probing)|handled by|handling|assigned|kaun)\b"
)
_TREND = re.compile(
    r"\b(?:month[- ]?wise|monthly|per month|by month|each month|every month|month by month|"
    r"month on month|trends?|over the months|mahine[- ]?wise|har mahine)\b"
)
_COUNT = re.compile(
    r"\b(?:how many|count|number of|no\.? of|kitne|kitni|kitna|total|tally|how much)\b"
)
_MEASURES = (
    (re.compile(r"\barrest(?:s|ed)\b|\bgiraftar\w*"), "arrested_count"),
    (re.compile(r"\bvictims\b"), "victim_count"),
    (re.compile(r"\b(?:how many|kitne|number of|total) accused\b"), "accused_count"),
)
"""Count questions about people in FIRs add up a count column instead of counting FIRs."""
_MEASURE_WORDS = {
    "arrested_count": "arrested accused",
    "victim_count": "victims",
    "accused_count": "accused",
}
_FOLLOW_UP = re.compile(
    r"^(?:and|what about|how about|same for|same in|same but|also|ok and|now|aur)\b"
)
_SINGULAR_RANK = re.compile(
    r"\b(?:which|what)\s+(?:one\s+|single\s+)?(?:police station|station|beat|district|io|"
    r"officer|crime head|crime group|area|locality|head|precinct|thana|ps|"
    r"investigating officer)\b(?!s)"
)


class OfflineZcqlGenerator:
    """Deterministic text-to-ZCQL for the embedded default (no network, no model)."""

    async def generate(self, request: ZcqlRequest) -> ZcqlDraft:
        """Draft one ZCQL statement for the question, or say why it cannot."""
        return parse(request)


def parse(request: ZcqlRequest) -> ZcqlDraft:
    """The synchronous parser behind `OfflineZcqlGenerator.generate`."""
    text = normalise_text(request.question)
    if not text:
        return unparsed("The question is empty.")
    if _NOT_RECORDS.search(text):
        return unparsed(
            "This does not look like a question about FIR records (counts, lists, status, "
            "IOs, vehicles or persons), so no ZCQL query was written."
        )
    if _COMPARISON.search(text):
        return unparsed(
            "Comparisons need one query per period or place; ask for each one separately."
        )
    e = extract(text, request.today, cased=request.question)
    follows = ""
    if _FOLLOW_UP.match(text) and request.history:
        base = normalise_text(request.history[-1])
        if base and not _NOT_RECORDS.search(base) and not _COMPARISON.search(base):
            e = overlay(extract(base, request.today, cased=request.history[-1]), e)
            text, follows = f"{text} {base}", request.history[-1]
    draft = _draft(text, e, request)
    if follows and draft.statement is not None:
        return replace(draft, explanation=f"Following up on '{follows}': {draft.explanation}")
    return draft


def _draft(text: str, e: Entities, request: ZcqlRequest) -> ZcqlDraft:
    """The draft for a question's text (for the intent grammar) and its entities."""
    if e.unknown_place:
        return unparsed(
            f"I don't recognise the place '{e.unknown_place}' as a police station or district."
        )
    scope = _scope(e, request.precincts)
    if isinstance(scope, ZcqlDraft):
        return scope
    precincts, place = scope
    if e.fir_ids or e.refers_to_active:
        return _lookup(text, e, request, precincts)
    if e.plates:
        return _vehicle(e, precincts)
    if e.person_name:
        return _person(e, precincts, place)
    if not _has_records_signal(e):
        return unparsed(
            "I could not find anything to query in the records (a crime, place, period, "
            "status or FIR number)."
        )
    where = [b.equals_any("precinct_id", precincts), *_filters(e, "")]
    if b.cost(where) > b.MAX_CONDITIONS:
        return _too_many(where)
    about = _describe(e, place)
    if _TREND.search(text):
        statement = b.select(
            ("registered_at",), "firs", where, order="registered_at", limit=f"0, {b.LIST_LIMIT}"
        )
        return ZcqlDraft(
            statement,
            "trend",
            f"Month-wise trend of FIRs{about}: registration times to be counted per month.",
        )
    dims = [d for d in e.dimensions if d != "io_name" or not e.io_badge]
    if dims:
        return _grouped(text, e, dims, where, about)
    if _COUNT.search(text):
        measure = next((col for pattern, col in _MEASURES if pattern.search(text)), None)
        if measure:
            what = _MEASURE_WORDS[measure]
            return ZcqlDraft(
                b.select((f"SUM({measure})",), "firs", where),
                "count",
                f"Adding up the {what} in FIRs{about}.",
            )
        return ZcqlDraft(
            b.select(("COUNT(ROWID)",), "firs", where), "count", f"Counting FIRs{about}."
        )
    statement = b.select(
        b.LIST_COLUMNS, "firs", where, order="registered_at DESC", limit=str(b.LIST_LIMIT)
    )
    return ZcqlDraft(statement, "list", f"Listing FIRs{about}, newest first (at most 300).")


def _has_records_signal(e: Entities) -> bool:
    filters = (e.crimes, e.statuses, e.modes, e.sections, e.io_badge, e.juvenile, e.sexual_offence)
    return any(filters) or (
        e.domain_words and bool(e.period or e.stations or e.districts or e.dimensions)
    )


def _scope(e: Entities, precincts: tuple[str, ...]) -> tuple[list[str], str] | ZcqlDraft:
    """The precincts to query and how to name them, or a refusal."""
    own = set(precincts)
    if not own:
        return unparsed("You have no precincts, so no records can be queried.")
    if e.stations:
        outside = [s for s in e.stations if s.precinct_id not in own]
        if outside:
            names = ", ".join(s.station_name for s in outside)
            return unparsed(f"{names} is outside your jurisdiction.")
        return [s.precinct_id for s in e.stations], " in " + _names(e.stations)
    if e.districts:
        chosen = _in_districts(precincts, e.districts)
        if not chosen:
            return unparsed(f"None of your precincts is in {', '.join(e.districts)}.")
        return chosen, " in " + ", ".join(e.districts)
    return sorted(own), " in your precincts"


def _in_districts(precincts: tuple[str, ...], districts: list[str]) -> list[str]:
    wanted = {s.precinct_id for d in districts for s in stations_in(d)}
    return sorted(p for p in precincts if p in wanted)


def _names(stations: list[Station]) -> str:
    return ", ".join(s.station_name for s in stations)


def _crime_condition(crimes: list[CrimeFilter], col: str) -> b.Condition:
    by_column: dict[str, list[str]] = {}
    for crime in crimes:
        by_column.setdefault(crime.column, []).extend(crime.values)
    parts = [
        b.equals_any(b.column(c, col), list(dict.fromkeys(v))) for c, v in sorted(by_column.items())
    ]
    return b.any_of(parts)


def _filters(e: Entities, col: str) -> list[b.Condition]:
    """WHERE conditions for everything but the scope, qualified with `col` when joined."""
    out: list[b.Condition] = []
    if e.crimes:
        out.append(_crime_condition(e.crimes, col))
    if e.sections:
        patterns = [p for act, sec in e.sections for p in section_patterns(act, sec)]
        out.append(b.like_any(b.column("act_sections", col), list(dict.fromkeys(patterns))))
    if e.statuses:
        out.append(b.equals_any(b.column("status", col), e.statuses))
    if e.modes:
        out.append(b.equals_any(b.column("complaint_mode", col), e.modes))
    if e.io_badge:
        out.append(b.equals_any(b.column("io_badge", col), [e.io_badge]))
    if e.juvenile:
        out.append(b.Condition(f"{b.column('involves_juvenile', col)} = TRUE"))
    if e.sexual_offence:
        out.append(b.Condition(f"{b.column('sexual_offence', col)} = TRUE"))
    if e.period:
        out.extend(b.date_bounds(b.column("registered_at", col), e.period.start, e.period.end))
    return out


def _too_many(where: list[b.Condition]) -> ZcqlDraft:
    return unparsed(
        f"This question needs {b.cost(where)} conditions but ZCQL allows at most "
        f"{b.MAX_CONDITIONS} in one query; drop a filter (for example the period or a section)."
    )


def _describe(e: Entities, place: str) -> str:
    parts = []
    if e.statuses:
        parts.append(" " + "/".join(s.lower() for s in e.statuses))
    if e.modes:
        parts.append(" registered as " + "/".join(e.modes))
    if e.crimes:
        parts.append(" of " + ", ".join(c.label for c in e.crimes))
    if e.sections:
        refs = [f"{a} {s}" for a, s in e.sections]
        parts.append(" citing " + ", ".join(refs) + " (or the counterpart across the cut-over)")
    if e.juvenile:
        parts.append(" involving a juvenile")
    if e.sexual_offence:
        parts.append(" that are sexual offences")
    if e.io_badge:
        parts.append(f" with IO {e.io_badge}")
    parts.append(place)
    if e.period:
        parts.append(", registered " + e.period.describe())
    if e.ignored:
        parts.append(f" [words not used: {', '.join(e.ignored[:6])}]")
    return "".join(parts)


def _grouped(
    text: str, e: Entities, dims: list[str], where: list[b.Condition], about: str
) -> ZcqlDraft:
    group = tuple(dims[:2])
    columns = (*group, "COUNT(ROWID)")
    labels = " and ".join(DIMENSION_LABELS[d] for d in group)
    if e.ranking or e.top_n:
        n = e.top_n or (1 if _SINGULAR_RANK.search(text) else 5)
        direction = "ASC" if e.ascending else "DESC"
        order = f"COUNT(ROWID) {direction}, {', '.join(group)}"
        statement = b.select(columns, "firs", where, group=group, order=order, limit=str(n))
        word = "bottom" if e.ascending else "top"
        return ZcqlDraft(statement, "top_n", f"The {word} {n} by {labels}: FIRs{about}.")
    order = f"COUNT(ROWID) DESC, {', '.join(group)}"
    statement = b.select(columns, "firs", where, group=group, order=order)
    return ZcqlDraft(statement, "breakdown", f"FIRs{about}, counted by {labels}.")


def _lookup(text: str, e: Entities, request: ZcqlRequest, precincts: list[str]) -> ZcqlDraft:
    ids = list(e.fir_ids)
    if not ids:
        if request.active_fir_id is None:
            return unparsed(
                "Which FIR do you mean? Open it on screen or give its number (e.g. 4829/2026)."
            )
        ids = [request.active_fir_id]
    where = [b.equals_any("precinct_id", precincts), b.equals_any("fir_id", ids)]
    names = ", ".join(ids)
    if _IO_WORDS.search(text):
        return ZcqlDraft(
            b.select(b.IO_COLUMNS, "firs", where),
            "lookup_io",
            f"Looking up the investigating officer of {names}.",
        )
    return ZcqlDraft(
        b.select(b.STATUS_COLUMNS, "firs", where),
        "lookup_status",
        f"Looking up the status, crime and sections of {names}.",
    )


def _vehicle(e: Entities, precincts: list[str]) -> ZcqlDraft:
    where = [b.equals_any("precinct_id", precincts), b.equals_any("registration_no", e.plates)]
    return ZcqlDraft(
        b.select(b.VEHICLE_COLUMNS, "vehicles", where),
        "vehicle_lookup",
        f"Looking up vehicle {', '.join(e.plates)} in your precincts' FIRs (stolen, recovered, "
        "seized or involved).",
    )


def _person(e: Entities, precincts: list[str], place: str) -> ZcqlDraft:
    name = e.person_name or ""
    if not re.fullmatch(r"[A-Za-z. ]+", name):
        return unparsed("The name can contain only letters, dots and spaces.")
    where = [
        b.equals_any("persons.precinct_id", precincts),
        b.equals_any("firs.precinct_id", precincts),
        b.Condition(f"persons.full_name LIKE {b.quote(f'*{name}*')}"),
    ]
    if e.person_role:
        where.append(b.equals_any("persons.role", [e.person_role]))
    where.extend(_filters(e, "firs"))
    if b.cost(where) > b.MAX_CONDITIONS:
        return _too_many(where)
    statement = b.select(
        b.PERSON_COLUMNS,
        "persons",
        where,
        join="INNER JOIN firs ON persons.fir_id = firs.fir_id",
        order="firs.registered_at DESC",
        limit=str(b.LIST_LIMIT),
    )
    role = f" as {e.person_role}" if e.person_role else ""
    return ZcqlDraft(
        statement,
        "person_lookup",
        f"FIRs naming '{name}'{role}{_describe(e, place)}, newest first.",
    )
