"""The offline semantic parser: entities + an intent grammar + slot filling, no model.

Intent grammar, first match wins:
1. a question that is about procedure, law or anything but records -> unparsed;
2. an FIR number, or "this FIR/this one" with an FIR open on screen -> `lookup_io` when
   the question asks for the investigating officer, else `lookup_status`;
3. a registration number -> `vehicle_lookup`; a person's name -> `person_lookup`;
4. "month-wise", "monthly", "trend" -> `trend` ("year-wise", "per year": counted per year,
   `yearly`): ZCQL has no date functions and one draft
   is one statement, so a trend selects `registered_at` of the matching FIRs in time order
   (`LIMIT 0, 300`, the first page) and the answer step buckets them by month
   (`tools.records.answer.month_counts`), asking for the next page (`trend.next_page`)
   while a page comes back full;
5. a grouping word ("by station", "beat-wise") with a ranking word ("top 5", "most") ->
   `top_n`; without one -> `breakdown`;
6. "how many", "count", "kitne" -> `count`; any other records question -> `list`.

Before any statement, every content word must be grounded (`understand`): a misspelling is
corrected only when one candidate clearly wins, a near tie becomes a clarifying question,
and a word that cannot be placed stops the parser (it says which word, and gives no number
for a wider question). A follow-up ("and in Whitefield?", "only the pending ones") carries
the conversation's filters, each kind it names replacing that kind.

Scope: a named station (which must be one of the caller's), else the caller's precincts in
a named district, else all the caller's precincts. A question whose filters need more than
ZCQL's 5 WHERE conditions is refused with the reason, never silently narrowed.
"""

from __future__ import annotations

import re
from dataclasses import replace

from schemas.records import FIR_ID_PATTERN
from tools.domain.places import Station, station_by_id, stations_in
from tools.domain.synonyms import normalise_text
from tools.text2zcql import builder as b
from tools.text2zcql.arrest_trend import arrests_trend
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest, clarify, unparsed
from tools.text2zcql.compare import compare_draft, comparison_words
from tools.text2zcql.conditions import TOO_MANY
from tools.text2zcql.conditions import describe as _describe
from tools.text2zcql.conditions import filters as _filters
from tools.text2zcql.conditions import too_many as _too_many
from tools.text2zcql.confidence import draft_confidence, framed_confidence
from tools.text2zcql.crime_scope import read_crime_scope
from tools.text2zcql.current_work import read_current_work
from tools.text2zcql.entities import Entities, person_cases_role
from tools.text2zcql.fir_fields import PLACE, fields_asked, names_a_field, read_fir_fields
from tools.text2zcql.followup import (
    as_follow_up,
    as_these,
    continues,
    continues_nothing,
    drop_back_words,
    here_as_these,
    name_the_person,
    name_the_role,
    points_back,
    records_history,
)
from tools.text2zcql.framing import set_aside_frames
from tools.text2zcql.head_counts import without_head_counts
from tools.text2zcql.investigators import Investigator, investigators_in
from tools.text2zcql.involved import read_involved
from tools.text2zcql.lexicon import DIMENSION_LABELS
from tools.text2zcql.negation import arrest_negation_unapplied
from tools.text2zcql.on_screen import read_on_screen
from tools.text2zcql.other_firs import probe_draft, referent
from tools.text2zcql.persons import (
    ANYONE_ARRESTED,
    ARREST,
    NOT_ARRESTED,
    PersonWords,
    arrests,
    count_persons,
    describe_persons,
    person_conditions,
    read_person_words,
    role_named,
)
from tools.text2zcql.rank_words import read_rank_words
from tools.text2zcql.same_again import back_to_fir, names_records, places_named, prepare
from tools.text2zcql.same_io import (
    asks_same_io,
    describe_same_io,
    referenced_fir,
    same_io_conditions,
    the_io_meant,
)
from tools.text2zcql.scope_words import outside_state, own_scope
from tools.text2zcql.theft_words import read_theft_words
from tools.text2zcql.time_of_day import unread_time_of_day
from tools.text2zcql.understand import (
    Understanding,
    asks_to_write,
    carry,
    describe_candidate,
    in_english,
    understand,
)
from tools.text2zcql.vehicles import (
    VEHICLE_ONLY_DIMENSIONS,
    VehicleWords,
    asks_vehicle_breakdown,
    compared_statuses,
    loose_vehicle_word,
    names_vehicle_theft,
    read_vehicle_words,
    status_comparison,
    vehicle_draft,
    vehicle_type,
)
from tools.text2zcql.workload import read_workload
from tools.text2zcql.yearly import YEARLY, is_yearly, part_buckets_of, read_yearly

_NOT_RECORDS = re.compile(
    r"\b(?:weather|mood|joke|news|cricket|movie|song|poem|recipe|stock|traffic jam|"
    r"procedure|how (?:do|should|can) i|how to|what should|steps? (?:to|for|when)|"
    r"guidelines?|sop|what does the law|punishment|bailable|cognizable|explain|summari[sz]e|"
    r"why|opinion|feel|checklist|can i|should i|"
    r"what is the (?:bns|ipc|bnss) (?:section )?for|equivalent|translate|draft|write|"
    r"say about|what does .{1,40} (?:say|mean)|meaning of|define|definition)\b"
)
_FORECAST = re.compile(
    r"\b(?:predict\w*|forecast\w*|estimat(?:e|ed|ion)|project(?:ed|ion|ions)|will there be|"
    r"next (?:week|month|quarter|year|tingalu|varsha|vaara)(?:'s)?|"
    r"will (?:see|be|there|happen|rise|increase|have|go|fall|drop|come)|"
    r"aagutte|aagatte|agutte|aagbahudu|aagabahudu|barutte|"
    r"agle (?:hafte|mahine|saal|varsh)|honge|hogi|hoga|hongi)\b"
)
"""Asking for a future figure ("how many thefts will KR Puram see next month", "agle saal
kitne murder honge"): the records hold only what has been registered."""
_COMPARISON = re.compile(r"\b(?:vs\.?|versus|compared? (?:to|with)|compare|comparison)\b")
_IO_WORDS = re.compile(
    r"\b(?:io|i\.o\.|investigating officer|investigation officer|officer|who is (?:handling|"
    r"investigating|probing)|handled by|handling|assigned|kaun)\b"
)
_TREND = re.compile(
    r"\b(?:month[- ]?wise|monthly|per month|by month|each month|every month|month by month|"
    r"month on month|trends?|over the months|mahine[- ]?wise|har mahine|yearwise|quarterwise|"
    r"halfwise)\b"
)
_TYPE_THEFT = {"Two-wheeler": "two-wheeler theft", "Car": "four-wheeler theft"}
"""The theft head a vehicle type named alone may mean ("car cases": four-wheeler theft?)."""
_PART_WORDS = {"quarter": "Quarter", "half": "Half-year"}
_PLATES_ASKED = re.compile(
    r"\b(?:(?:number |registration )?plates?(?: numbers?)?|registration (?:numbers?|nos?))\b"
)
"""Asking for vehicles' plates: a vehicles question even when no vehicle status is named."""
_HOW_MANY = re.compile(r"\b(?:how many|count|kitne|kitni|eshtu|yeshtu|estu)\b|\bno\.?\s+of\b")
"""Asking for a number of persons in an FIR (narrower than `_COUNT`: "contact number of")."""
_READ_AS_COUNT = (
    "(you named only a place and a period, so I read this as how many FIRs were registered "
    "there in that period)"
)
_COUNT = re.compile(
    r"\b(?:how many|count|number of|no\.? of|kitne|kitni|kitna|total|tally|how much|eshtu|"
    r"yeshtu|estu|together|combined|altogether)\b"
)
_MEASURES = (
    (re.compile(r"\barrest(?:s|ed)?\b|\bgiraftar\w*"), "arrested_count"),
    (re.compile(r"\bvictims\b"), "victim_count"),
    (re.compile(r"\b(?:how many|kitne|number of|total) accused\b"), "accused_count"),
)
"""Count questions about people in FIRs add up a count column instead of counting FIRs."""
_MEASURE_WORDS = {
    "arrested_count": "arrested accused",
    "victim_count": "victims",
    "accused_count": "accused",
}
_RANKED_DIMENSION = (
    r"(?:police station|station|beat|district|io|officer|crime head|crime group|area|"
    r"locality|head|precinct|thana|ps|investigating officer)\b(?!s)"
)
_SINGULAR_RANK = re.compile(
    rf"\b(?:which|what)\s+(?:one\s+|single\s+)?{_RANKED_DIMENSION}"
    rf"|\b(?:the\s+)?(?:most|least)\s+(?:common|frequent|usual)\s+{_RANKED_DIMENSION}"
)


_PERSONS_ASKED = re.compile(
    r"\b(?:who (?:is|are|was|were)(?! (?:the )?(?:io|investigating|officer))|accused|victims?|"
    r"complainants?|witness(?:es)?|persons?|people|parties|names? of)\b"
)
_MEASURES_ASKED = re.compile(r"\b(?:accused|victims)\b")
_WHO = re.compile(r"\b(?:who|whom|names?|details of|list (?:the |all )?(?:accused|victims))\b")
_FIR_ID = re.compile(FIR_ID_PATTERN)
_LOOKUPS = ("lookup_status", "lookup_io", "vehicle_lookup")
_ARREST_DIMENSIONS = ("precinct_id", "crime_group", "crime_head")
_WITH_IO = re.compile(
    r"\b(?:with|and|along with|plus)\s+(?:their\s+|the\s+|its\s+)?(?:ios?|investigating officers?|"
    r"officers?)\b"
)
"""A list asked for with each FIR's IO ("thefts this year with their IOs")."""
_OLDEST_FIRST = re.compile(r"\b(?:oldest|earliest|longest (?:pending|open|running))\b")
"""A list asked for oldest first ("the oldest pending cases")."""
_VEHICLE_WORD = re.compile(r"\b(?:vehicles?|cars?|bikes?|two[- ]wheelers?|gaadi\w*)\b")


def not_about_records(text: str) -> bool:
    """Wording that asks for something the records do not hold (a procedure, a definition,
    an opinion, a forecast), in English, Hinglish or Kanglish."""
    text = in_english(normalise_text(text))
    return bool(_NOT_RECORDS.search(text) or _FORECAST.search(text))


def asks_forecast(text: str) -> bool:
    """A question about figures still to come, which no record holds."""
    return bool(_FORECAST.search(in_english(normalise_text(text))))


class OfflineZcqlGenerator:
    """Deterministic text-to-ZCQL for the embedded default (no network, no model)."""

    async def generate(self, request: ZcqlRequest) -> ZcqlDraft:
        """Draft one ZCQL statement for the question, or say why it cannot."""
        return parse(request)


def parse(request: ZcqlRequest) -> ZcqlDraft:
    """The synchronous parser behind `OfflineZcqlGenerator.generate`."""
    framed = set_aside_frames(
        read_current_work(request.question),
        names_records(request.today),
        places_named(request.today),
    )
    asked_as, again = prepare(framed.question, names_records(request.today))
    asked_as = back_to_fir(asked_as, records_history(request.history))
    if again and not records_history(request.history):
        return clarify(
            "Which earlier question do you mean? This is the start of our conversation, so "
            "there is no previous question to repeat; please ask it in full."
        )
    if request.visible_record_ids:
        asked_as = read_on_screen(asked_as)
    request = replace(request, question=asked_as)
    text = normalise_text(request.question)
    if not text:
        return unparsed("The question is empty.")
    if asks_to_write(text):
        return unparsed(
            "I can only read records: I can't close, change, mark, add or delete FIRs or "
            "anything in them. Make the change in CCTNS."
        )
    if asks_forecast(text):
        return unparsed(
            "I can't forecast: the records hold only FIRs already registered, so I can count "
            "what has happened, not what will."
        )
    if not_about_records(text):
        return unparsed(
            "This does not look like a question about FIR records (counts, lists, status, "
            "IOs, vehicles or persons), so no ZCQL query was written."
        )
    if (place := outside_state(request.question)) is not None:
        return unparsed(
            f"{place.title()} is outside Karnataka, so outside your jurisdiction: these records "
            "cover only your precincts in Karnataka."
        )
    question, _ = own_scope(request.question, len(request.precincts) or None)
    history = records_history(request.history)
    if (meant := referent(request.question, history)) is not None:
        return probe_draft(request.precincts, meant)
    question = name_the_role(the_io_meant(question, history), history)
    question, asked = read_person_words(question, bool(history) and points_back(question))
    question, vehicle_words = read_vehicle_words(question)
    question = comparison_words(question)
    question = read_yearly(read_workload(read_theft_words(read_involved(question))))
    question = read_rank_words(read_fir_fields(question))
    question, ruled_out = read_crime_scope(question)
    if ruled_out is not None:
        return clarify(
            f"You asked to leave out {ruled_out}, which is part of the other crime you named; I "
            "cannot leave one crime out of another in one query. Which crime heads should I "
            "count?"
        )
    if request.visible_record_ids:
        question = as_these(question)
        if request.active_fir_id is None:
            question = here_as_these(question)
    question = name_the_person(question, history, request.today)
    u = understand(question, request.today, request.precincts)
    if history and continues(u, question, bool(request.visible_record_ids)):
        if not request.visible_record_ids:
            question = drop_back_words(question)
            u = understand(question, request.today, request.precincts)
        u = as_follow_up(u)
    elif not history and not request.visible_record_ids and continues_nothing(u, question):
        return clarify(
            "Which earlier question do you mean? This is the start of our conversation, so "
            "there is no previous question to repeat; please ask it in full."
        )
    u = carry(u, history, request.today, request.precincts)
    if asked.filtered and asked.role is None:
        role = role_named(u.text)
        if role is None:
            return clarify(
                f"Which {describe_persons(asked)} do you mean: accused, victims, complainants "
                "or witnesses?"
            )
        asked = replace(asked, role=role)
    if (phone := _PHONE.search(u.text)) is not None:
        return _phone_unused(phone[0])
    if (hours := unread_time_of_day(u.text, u.entities.crimes)) is not None:
        return _time_of_day_unused(hours)
    problem = _ungrounded(u, request.precincts)
    if problem is not None:
        return problem
    draft = _fitted(u.text, u.entities, request, asked, vehicle_words)
    if draft.statement is None:
        return draft
    if (unused := arrest_negation_unapplied(u.text, draft.statement)) is not None:
        return _negation_unused(unused)
    if u.entities.list_n and draft.intent != "list":
        return _number_unused(f"{u.entities.list_n}")
    if names_a_field(u.text) and draft.intent not in _LOOKUPS:
        return clarify(
            "I can show the place of occurrence or registration date of a given FIR, but I "
            "cannot count, group or filter FIRs by it. Which FIR do you mean, or what should I "
            "count instead?"
        )
    notes = _reading_notes(u)
    if framed.aside:
        notes.append("set aside: " + ", ".join(f"'{span}'" for span in framed.aside))
    explanation = draft.explanation
    if notes:
        explanation = f"{explanation.rstrip('.')} ({'; '.join(notes)})."
    if u.follows:
        explanation = f"{explanation.rstrip('.')} (following up on your previous question)."
    return replace(
        draft,
        explanation=explanation,
        filters=(*draft.filters, *notes),
        confidence=framed_confidence(draft_confidence(u, draft.intent), framed.aside),
    )


def _ungrounded(u: Understanding, precincts: tuple[str, ...]) -> ZcqlDraft | None:
    """A clarifying question or a plain refusal when a content word was not placed."""
    if u.entities.unknown_place:
        asked = clarify(
            f"Which place do you mean by '{u.entities.unknown_place}'? I don't recognise it as a "
            "police station or district, so I have not answered (without it the count would "
            "cover a wider area)."
        )
        return replace(asked, unplaced=(u.entities.unknown_place,))
    if u.unsure:
        asks = []
        for g in u.unsure:
            options = " or ".join(describe_candidate(c) for c in g.candidates[:3])
            asks.append(f"by '{g.typed}' did you mean {options}?")
        return clarify("I'm not sure what you meant: " + " And ".join(asks))
    if u.entities.negations:
        return _negation_unused(*u.entities.negations)
    if u.unknown and (asked_io := _which_io(u.unknown, precincts)) is not None:
        return asked_io
    if u.unknown and set(u.unknown) <= set(u.entities.unread_spans):
        return _number_unused(*u.unknown)
    if u.unknown:
        words = ", ".join(f"'{w}'" for w in u.unknown[:5])
        asked = clarify(
            f"What do you mean by {words}? I could not use it (not a station, district, crime, "
            "status, period, IO or name I know), so I have not answered: without it the query "
            "would count a different, wider set of records. Please rephrase that part."
        )
        return replace(asked, unplaced=tuple(u.unknown))
    return None


def _negation_unused(*spans: str) -> ZcqlDraft:
    """A question back about a negation no reading applied: answering without it would count
    the opposite or a wider set, so no number is given."""
    listed = ", ".join(f"'{s}'" for s in spans[:3])
    asked = clarify(
        f"I could not use {listed} in your question: I can leave out a status ('not charge "
        "sheeted'), a crime ('other than theft'), a station ('excluding Whitefield') or FIRs "
        "with an accused not yet arrested ('no arrest'), and this is none of them. So I have "
        "not answered: without it the query would count a different set of records. Please "
        "say what should be left out."
    )
    return replace(asked, unplaced=spans)


_PHONE = re.compile(r"(?<![\w-])(?:\+?91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}(?![\w-])")
"""An Indian mobile number ("9845012345", "+91 98450 12345")."""


def _phone_unused(number: str) -> ZcqlDraft:
    """A question back about a look-up by phone number, which the parser does not write: a
    phone is shown only on a person's record, to officers cleared to see it."""
    asked = clarify(
        f"I could not use '{number}': I do not look FIRs or persons up by phone number (a "
        "phone is shown only on a person's record, to officers cleared to see it). So I have "
        "not answered. Which FIR number or person's name should I look up instead?"
    )
    return replace(asked, unplaced=(number,))


def _time_of_day_unused(hours: str) -> ZcqlDraft:
    """A question back about a time of day, which no query can filter (see `time_of_day`)."""
    asked = clarify(
        f"I could not use '{hours}': the records keep when each FIR was registered and when "
        "the offence occurred, but I cannot filter FIRs by the hour of the day in one query "
        "(only burglary is recorded as by night or by day). So I have not answered: without "
        "it the count would cover the whole day. Should I count them for the whole day, or "
        "did you mean night or day burglary?"
    )
    return replace(asked, unplaced=(hours,))


def _number_unused(*numbers: str) -> ZcqlDraft:
    """A question back about numbers no reading of the question took (never dropped)."""
    listed = ", ".join(f"'{n}'" for n in numbers[:5])
    asked = clarify(
        f"I could not use {listed} in your question: I read a number as a date or year, an "
        "FIR number, a length of time ('last 30 days'), an age ('above 40'), a top-N "
        "('top 5'), how many FIRs to list ('show 10'), an act section ('u/s 303') or a plate, "
        "and this is none of them. So I have not answered: without it the query would count a "
        "different set of records. What does it stand for?"
    )
    return replace(asked, unplaced=numbers)


def _which_io(unknown: list[str], precincts: tuple[str, ...]) -> ZcqlDraft | None:
    """The IOs of the caller's precincts a bare surname could be ("Imran pending files"), asked
    about: with no word saying it names an IO, the surname is offered, never assumed."""
    named = [i for i in investigators_in(precincts) if i.surname in unknown]
    if not named or {i.surname for i in named} != set(unknown):
        return None
    options = [f"{i.io_name}, {station_by_id(i.precinct_id).station_name}" for i in named]
    asked = clarify(f"Which IO do you mean: {' or '.join(options[:5])}?")
    return replace(asked, unplaced=tuple(unknown))


def _reading_notes(u: Understanding) -> list[str]:
    notes = [f"read '{typed}' as '{word}'" for typed, word in u.corrections]
    notes += u.entities.date_notes
    return notes


def _fitted(
    text: str, e: Entities, request: ZcqlRequest, asked: PersonWords, vw: VehicleWords
) -> ZcqlDraft:
    """The draft; when it needs more than ZCQL's WHERE conditions (refused, or an aggregate
    that moved filters into HAVING), its period is written with fewer: one whole
    registration year as the FIR numbers' year (an FIR's number carries the year it was
    registered), or, when the period runs past today, without its end (no FIR is registered
    after today); then it is drafted again, and kept when that fits."""
    draft = _draft(text, e, request, asked, vw)
    period = e.period
    crowded = TOO_MANY in (draft.unparsed_reason or "") or " HAVING " in (draft.statement or "")
    if period is None or not crowded:
        return draft
    year = period.registration_year(request.today)
    if year is not None:
        fewer = replace(period, fir_year=year)
    elif period.end is not None and period.end > request.today:
        fewer = replace(period, end=None)
    else:
        return draft
    again = _draft(text, replace(e, period=fewer), request, asked, vw)
    return again if again.statement is not None else draft


def _draft(
    text: str, e: Entities, request: ZcqlRequest, asked: PersonWords, vw: VehicleWords
) -> ZcqlDraft:
    """The draft for a question's text (for the intent grammar) and its entities."""
    scope = _scope(e, request.precincts)
    if isinstance(scope, ZcqlDraft):
        return scope
    precincts, place = scope
    if _COMPARISON.search(text) and len(statuses := compared_statuses(text)) >= 2:
        return status_comparison(text, e, vw, statuses, precincts, place)
    if _COMPARISON.search(text):
        monthly = bool(_TREND.search(text)) and not is_yearly(text)
        return compare_draft(text, e, request, precincts, place, monthly)
    same_io = asks_same_io(text) and not e.io_candidates
    open_fir_io = (
        request.active_fir_id and _IO_WORDS.search(text) and not e.io_candidates and not same_io
    )
    if (
        e.fir_ids
        or e.fir_serials
        or e.refers_to_active
        or (open_fir_io and not _has_records_signal(e) and not e.refers_to_visible)
    ):
        return _lookup(text, e, request, precincts, asked)
    if e.plates:
        return _vehicle(e, precincts)
    named = e.fir_ids or e.fir_serials or names_vehicle_theft(e)
    loose = None if named else loose_vehicle_word(text)
    if loose is not None and loose[1]:
        theft = _TYPE_THEFT.get(vehicle_type(loose[0]) or "", "vehicle theft")
        return clarify(
            f"By '{loose[0]}' do you mean {theft} FIRs, or the vehicles of that type recorded "
            "in FIRs (stolen, recovered, seized or involved)? FIRs carry no vehicle type, so I "
            "have not answered without it."
        )
    if (
        e.vehicle_status
        or vw.makes
        or vw.status
        or _PLATES_ASKED.search(text)
        or asks_vehicle_breakdown(text, e)
        or loose is not None
        or VEHICLE_ONLY_DIMENSIONS & set(e.dimensions)
    ):
        counting = bool(_COUNT.search(text))
        listed: list[str] = []
        if e.refers_to_visible:
            visible = _visible(request)
            if isinstance(visible, ZcqlDraft):
                return visible
            listed = list(visible)
        return vehicle_draft(text, e, vw, precincts, place, counting, listed)
    if e.person_name:
        role = e.person_role or person_cases_role(text)
        return _person(text, replace(e, person_role=role), precincts, place)
    counting = bool(_COUNT.search(text)) or asked.arrests_counted
    if (
        _PERSONS_ASKED.search(text)
        and not _has_records_signal(e)
        and not e.refers_to_visible
        and not asked.filtered
        and not (counting and _MEASURES_ASKED.search(text))
    ):
        if request.active_fir_id is None:
            return clarify("Which FIR do you mean? Open it on screen or give its number.")
        return _persons_in_fir(text, e, request, precincts, [request.active_fir_id], asked)
    io = _investigator(e, precincts)
    if isinstance(io, ZcqlDraft):
        return io
    same_as = referenced_fir(request.active_fir_id, request.history) if same_io else None
    if same_io and same_as is None:
        return clarify("Which FIR's IO do you mean? Open the FIR or give its number.")
    bare = not _has_records_signal(e) and io is None and not same_as and not e.refers_to_visible
    place_and_period = bare and e.period is not None and bool(e.stations or e.districts)
    split_period = bool(e.dimensions) and e.period is not None  # "status-wise count, 2025"
    if bare and not (place_and_period and not e.dimensions) and not split_period:
        return unparsed(
            "I could not find anything to query in the records (a crime, place, period, "
            "status or FIR number)."
        )
    where = [b.equals_any("precinct_id", precincts), *_filters(e, "")]
    if io is not None:
        where.append(b.equals_any("io_badge", [io.io_badge]))
    if same_as:
        where.extend(same_io_conditions(text, same_as, precincts))
    if e.refers_to_visible:
        visible = _visible(request)
        if isinstance(visible, ZcqlDraft):
            return visible
        where.append(b.equals_any("fir_id", visible))
    filters = _describe(e, place, io, len(request.visible_record_ids) if e.refers_to_visible else 0)
    if same_as:
        filters.append(describe_same_io(text, same_as))
    about = "".join(filters)
    undated = "".join(_describe(replace(e, period=None), place, io))
    free = not e.refers_to_visible and io is None and not same_as
    plain = without_head_counts(text)
    arrest_asked = counting or ANYONE_ARRESTED.search(plain) or NOT_ARRESTED.search(plain)
    if free and ARREST.search(plain) and arrest_asked:
        if _TREND.search(text) and not e.dimensions:
            buckets = YEARLY if is_yearly(text) else part_buckets_of(text) or ()
            who = replace(asked, role=None)
            return arrests_trend(e, precincts, undated, who, buckets)
        by = tuple(d for d in e.dimensions if d in _ARREST_DIMENSIONS)
        if len(by) != len(e.dimensions):
            return unparsed(
                "I can count arrests per police station, crime group or crime head, not by "
                "what you asked, so I have not answered; ask for one of those."
            )
        return arrests(text, e, precincts, undated, counting, asked, by[:2])
    if free and asked.role:
        if asked.filtered and counting:
            return count_persons(e, asked, precincts, about, filters)
        if _WHO.search(text) or asked.filtered:
            return _persons_matching(e, asked, precincts, about, filters)
    dims = [d for d in e.dimensions if d != "io_name" or not (e.io_badge or io)]
    if place_and_period and not _TREND.search(text):
        counted = _counted(text, where, about, filters)
        return replace(counted, explanation=f"{counted.explanation.rstrip('.')} {_READ_AS_COUNT}.")
    if _COUNT.search(text) and not dims and not _TREND.search(text):
        return _counted(text, where, about, filters)
    if b.cost(where) > b.MAX_CONDITIONS:
        return _too_many()
    if _TREND.search(text):
        statement = b.select(
            ("registered_at",), "firs", where, order="registered_at", limit=f"0, {b.LIST_LIMIT}"
        )
        if is_yearly(text):
            explanation = f"Year-wise trend of FIRs{about}: registration times counted per year."
            return replace(_with(statement, "trend", explanation, filters), buckets=YEARLY)
        if (parts := part_buckets_of(text)) is not None:
            explanation = f"{_PART_WORDS[parts[0]]}-wise trend of FIRs{about}."
            return replace(_with(statement, "trend", explanation, filters), buckets=parts)
        return _with(
            statement,
            "trend",
            f"Month-wise trend of FIRs{about}: registration times to be counted per month.",
            filters,
        )
    if dims:
        return _grouped(text, e, dims, where, filters)
    oldest = bool(_OLDEST_FIRST.search(text))
    order = "registered_at ASC" if oldest else "registered_at DESC"
    with_io = bool(_WITH_IO.search(text))
    columns = (*b.LIST_COLUMNS, "io_name") if with_io else b.LIST_COLUMNS
    size = min(e.list_n or b.LIST_LIMIT, b.LIST_LIMIT)
    statement = b.select(columns, "firs", where, order=order, limit=str(size))
    first = "oldest first" if oldest else "newest first"
    shown = " with their IOs" if with_io else ""
    which = f"The {'oldest' if oldest else 'latest'} {size} " if e.list_n else ""
    return _with(statement, "list", f"{which}FIRs{about}{shown}, {first}.", filters)


def _counted(text: str, where: list[b.Condition], about: str, filters: list[str]) -> ZcqlDraft:
    """How many FIRs match, or the sum of a count column ("how many arrested")."""
    plain = without_head_counts(text)
    measure = next((col for pattern, col in _MEASURES if pattern.search(plain)), None)
    column = f"SUM({measure})" if measure else "COUNT(ROWID)"
    statement = b.aggregate((column,), "firs", where)
    if statement is None:
        return _too_many()
    if measure:
        what = _MEASURE_WORDS[measure]
        return _with(statement, "count", f"Adding up the {what} in FIRs{about}.", filters)
    return _with(statement, "count", f"Counting FIRs{about}.", filters)


def _with(
    statement: str,
    intent: str,
    explanation: str,
    filters: list[str],
    fir_serials: tuple[str, ...] = (),
) -> ZcqlDraft:
    return ZcqlDraft(
        statement,
        intent,
        explanation,
        filters=tuple(f.strip(" ,") for f in filters if f.strip()),
        fir_serials=fir_serials,
    )


def _has_records_signal(e: Entities) -> bool:
    filters = (
        e.crimes,
        e.statuses,
        e.modes,
        e.sections,
        e.io_badge,
        e.juvenile,
        e.sexual_offence,
        e.io_candidates,
        e.head_counts,
    )
    return any(filters) or (
        e.domain_words and bool(e.period or e.stations or e.districts or e.dimensions)
    )


def _scope(e: Entities, precincts: tuple[str, ...]) -> tuple[list[str], str] | ZcqlDraft:
    """The precincts to query and how to name them, or a refusal."""
    own = set(precincts)
    if not own:
        return unparsed("You have no precincts, so no records can be queried.")
    if e.stations and e.districts:
        inside = {s.precinct_id for d in e.districts for s in stations_in(d)}
        apart = [s for s in e.stations if s.precinct_id not in inside]
        if apart:
            return clarify(
                f"Which place do you mean: {_names(apart)} is not in {', '.join(e.districts)}, "
                "and I will not count one of them and drop the other."
            )
    if e.stations:
        outside = [s for s in e.stations if s.precinct_id not in own]
        if outside:
            names = ", ".join(s.station_name for s in outside)
            return unparsed(f"{names} is outside your jurisdiction.")
        chosen, place = [s.precinct_id for s in e.stations], " in " + _names(e.stations)
    elif e.districts:
        chosen = _in_districts(precincts, e.districts)
        if not chosen:
            return unparsed(f"None of your precincts is in {', '.join(e.districts)}.")
        place = " in " + ", ".join(e.districts)
    else:
        chosen, place = sorted(own), " in your precincts"
    return _leaving_out(chosen, place, e.excluded_stations)


def _leaving_out(
    chosen: list[str], place: str, excluded: list[Station]
) -> tuple[list[str], str] | ZcqlDraft:
    """The scope without the stations ruled out ("excluding Whitefield"), said in the place."""
    if not excluded:
        return chosen, place
    left = [p for p in chosen if p not in {s.precinct_id for s in excluded}]
    if not left:
        return unparsed(
            f"Leaving out {_names(excluded)} leaves none of the precincts you asked about, so "
            "there is nothing to count."
        )
    return left, f"{place} excluding {_names(excluded)}"


def _in_districts(precincts: tuple[str, ...], districts: list[str]) -> list[str]:
    wanted = {s.precinct_id for d in districts for s in stations_in(d)}
    return sorted(p for p in precincts if p in wanted)


def _names(stations: list[Station]) -> str:
    return ", ".join(s.station_name for s in stations)


def _investigator(e: Entities, precincts: list[str]) -> Investigator | ZcqlDraft | None:
    """The one IO named in the question within scope, a question back, or None if none named."""
    if not e.io_candidates:
        return None
    inside = [i for i in e.io_candidates if i.precinct_id in precincts]
    if not inside:
        return unparsed(f"There is no IO named {e.io_typed} in the precincts asked about.")
    if len(inside) > 1:
        options = [f"{i.io_name}, {station_by_id(i.precinct_id).station_name}" for i in inside]
        return clarify(f"Which IO: {' or '.join(options[:5])}?")
    return inside[0]


def _visible(request: ZcqlRequest) -> list[str] | ZcqlDraft:
    ids = [i for i in request.visible_record_ids if _FIR_ID.fullmatch(i)]
    if not ids:
        return clarify(
            "Which FIRs do you mean by 'these'? No FIR list is visible on your screen; "
            "open the list or name the FIRs."
        )
    return list(dict.fromkeys(ids))[: b.LIST_LIMIT]


def _grouped(
    text: str, e: Entities, dims: list[str], where: list[b.Condition], filters: list[str]
) -> ZcqlDraft:
    about = "".join(filters)
    group = tuple(dims[:2])
    columns = (*group, "COUNT(ROWID)")
    labels = " and ".join(DIMENSION_LABELS[d] for d in group)
    if e.ranking or e.top_n:
        n = e.top_n or (1 if _SINGULAR_RANK.search(text) else 5)
        if n > b.LIST_LIMIT:
            return unparsed(
                f"I can show at most the top {b.LIST_LIMIT}, so I have not answered; ask for "
                f"{b.LIST_LIMIT} or fewer."
            )
        direction = "ASC" if e.ascending else "DESC"
        order = f"COUNT(ROWID) {direction}, {', '.join(group)}"
        statement = b.select(columns, "firs", where, group=group, order=order, limit=str(n))
        if n == 1:
            most = "fewest" if e.ascending else "most"
            explanation = f"The {labels} with the {most} FIRs{about}"
        else:
            word = "bottom" if e.ascending else "top"
            explanation = f"The {word} {n} by {labels}: FIRs{about}"
        return _with(statement, "top_n", f"{explanation}.", filters)
    order = f"COUNT(ROWID) DESC, {', '.join(group)}"
    statement = b.select(columns, "firs", where, group=group, order=order)
    return _with(statement, "breakdown", f"FIRs{about}, counted by {labels}.", filters)


def _lookup(
    text: str, e: Entities, request: ZcqlRequest, precincts: list[str], asked: PersonWords
) -> ZcqlDraft:
    ids = list(e.fir_ids)
    if not ids and not e.fir_serials:
        if request.active_fir_id is None:
            return clarify(
                "Which FIR do you mean? Open it on screen or give its number (e.g. 4829/2026)."
            )
        ids = [request.active_fir_id]
    if ids:
        which = b.equals_any("fir_id", ids)
        names = ", ".join(ids)
    else:
        which = b.like_any("fir_id", [f"FIR-*-{s}" for s in e.fir_serials])
        names = " or ".join(f"number {int(s)} (any year)" for s in e.fir_serials)
        names = f"the FIRs with {names} in the precincts asked about"
    serials = () if ids else tuple(e.fir_serials)
    io_asked = _IO_WORDS.search(text) and not asked.role
    if not io_asked and (ARREST.search(text) or _PERSONS_ASKED.search(text) or asked.role):
        persons = _persons_in_fir(text, e, request, precincts, ids, asked, which, names)
        return replace(persons, fir_serials=serials)
    where = [b.equals_any("precinct_id", precincts), which]
    if _VEHICLE_WORD.search(text):
        return _with(
            b.select(b.VEHICLE_COLUMNS, "vehicles", where, order="registration_no"),
            "vehicle_lookup",
            f"Vehicles recorded in {names}.",
            [f"FIR {names}"],
            serials,
        )
    fields = fields_asked(text)
    if io_asked:
        extra = tuple(f for f in fields if f not in b.IO_COLUMNS)
        also = "".join(f" and {f.replace('_', ' ')}" for f in extra)
        return _with(
            b.select((*b.IO_COLUMNS, *extra), "firs", where),
            "lookup_io",
            f"Looking up the investigating officer{also} of {names}.",
            [f"FIR {names}"],
            serials,
        )
    if PLACE in fields:
        return _with(
            b.select(("fir_id", PLACE, *b.STATUS_COLUMNS[1:]), "firs", where),
            "lookup_status",
            f"Looking up the place of occurrence, status and crime of {names}.",
            [f"FIR {names}"],
            serials,
        )
    return _with(
        b.select(b.STATUS_COLUMNS, "firs", where),
        "lookup_status",
        f"Looking up the status, crime and sections of {names}.",
        [f"FIR {names}"],
        serials,
    )


_NAMES_TOO = re.compile(r"\b(?:names?|naam|who|kaun|details)\b")
"""Asking who they are as well as how many: the list (it states how many)."""


def _persons_in_fir(
    text: str,
    e: Entities,
    request: ZcqlRequest,
    precincts: list[str],
    ids: list[str],
    asked: PersonWords,
    which: b.Condition | None = None,
    names: str = "",
) -> ZcqlDraft:
    """Accused, victims, complainants or witnesses of an FIR, or those arrested in it
    (masking is done downstream)."""
    which = which or b.equals_any("fir_id", ids)
    names = names or ", ".join(ids)
    arrested: bool | None = None
    if ARREST.search(text):
        arrested = not NOT_ARRESTED.search(text)
    role = asked.role or e.person_role
    if arrested is False and role is None:
        role = "accused"
    asked = replace(asked, role=role)
    where = [b.equals_any("precinct_id", precincts), which, *person_conditions(asked)]
    if arrested is not None:
        where.append(b.Condition(f"arrested = {'TRUE' if arrested else 'FALSE'}"))
    if b.cost(where) > b.MAX_CONDITIONS:
        return _too_many()
    who = describe_persons(asked, arrested)
    if arrested and role is None:
        who = "persons arrested"
    if _HOW_MANY.search(text) and not (_NAMES_TOO.search(text) or "name" in asked.columns):
        statement = b.select(("COUNT(ROWID)",), "persons", where)
        return _with(statement, "count", f"Counting the {who} in {names}.", [f"FIR {names}", who])
    statement = b.select(b.FIR_PERSON_COLUMNS, "persons", where, order="fir_id, role")
    return _with(statement, "persons_in_fir", f"The {who} in {names}.", [f"FIR {names}", who])


def _persons_matching(
    e: Entities, asked: PersonWords, precincts: list[str], about: str, filters: list[str]
) -> ZcqlDraft:
    """Persons of a role (with attributes) named in the FIRs that match the filters."""
    where = [
        b.equals_any("persons.precinct_id", precincts),
        b.equals_any("firs.precinct_id", precincts),
        *person_conditions(asked, "persons"),
        *_filters(e, "firs"),
    ]
    if b.cost(where) > b.MAX_CONDITIONS:
        return _too_many()
    statement = b.person_list(where)
    who = describe_persons(asked)
    return _with(
        statement, "person_lookup", f"Persons: the {who} in FIRs{about}, newest first.", filters
    )


def _vehicle(e: Entities, precincts: list[str]) -> ZcqlDraft:
    where = [b.equals_any("precinct_id", precincts), b.equals_any("registration_no", e.plates)]
    return _with(
        b.select(b.VEHICLE_COLUMNS, "vehicles", where),
        "vehicle_lookup",
        f"Looking up vehicle {', '.join(e.plates)} in your precincts' FIRs (stolen, recovered, "
        "seized or involved).",
        [f"registration {', '.join(e.plates)}"],
    )


def _person(text: str, e: Entities, precincts: list[str], place: str) -> ZcqlDraft:
    """FIRs naming a person (in a role, if said); "was X arrested" keeps only the FIRs in
    which X, as accused, was (or was not) arrested."""
    name = e.person_name or ""
    if not re.fullmatch(r"[A-Za-z. ]+", name):
        return unparsed("The name can contain only letters, dots and spaces.")
    arrested = None if not ARREST.search(text) else not NOT_ARRESTED.search(text)
    role_name = e.person_role or ("accused" if arrested is not None else None)
    where = [
        b.equals_any("persons.precinct_id", precincts),
        b.equals_any("firs.precinct_id", precincts),
        b.Condition(f"persons.full_name LIKE {b.quote(f'*{name}*')}"),
    ]
    if role_name:
        where.append(b.equals_any("persons.role", [role_name]))
    if arrested is not None:
        where.append(b.flag("persons.arrested", arrested))
    where.extend(_filters(e, "firs"))
    if b.cost(where) > b.MAX_CONDITIONS:
        return _too_many()
    role = f" as {role_name}" if role_name else ""
    if arrested is not None:
        role += " and arrested" if arrested else " and not arrested"
    filters = [f" naming '{name}'{role}", *_describe(e, place)]
    if _HOW_MANY.search(text):
        counted = b.aggregate(("COUNT(persons.ROWID)",), "persons", where, join=b.PERSONS_WITH_FIRS)
        if counted is None:
            return _too_many()
        about = "".join(_describe(e, place))
        explanation = f"Counting the times '{name}' is named{role} in FIRs{about}."
        return _with(counted, "count", explanation, filters)
    columns: tuple[str, ...] = b.PERSON_COLUMNS
    if arrested is not None:
        columns = (*columns, "persons.arrested", "persons.arrested_at")
    statement = b.person_list(where, columns)
    return _with(
        statement,
        "person_lookup",
        f"FIRs naming '{name}'{role}{''.join(_describe(e, place))}, newest first.",
        filters,
    )
