"""The prompt of the LLM text-to-ZCQL generator: schema, ZCQL rules, caller scope, examples.

The prompt only shapes what the model writes; it is not a security boundary. Every
statement still goes through the ZCQL validator, which enforces scope and grammar.
"""

from __future__ import annotations

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from tools.domain.crimes import all_heads
from tools.domain.places import STATIONS
from tools.text2zcql.base import INTENTS, ZcqlRequest

STATUSES = ("Under Investigation", "Charge Sheeted", "Closed", "Undetected", "Transferred")
VEHICLE_STATUSES = ("Stolen", "Recovered", "Seized", "Involved")

SCHEMA = """\
police_stations(precinct_id, station_name, district, zone, latitude, longitude)  -- reference data
firs(fir_id, precinct_id, district, registered_at, occurred_at, crime_group, crime_head,
     act_sections, status, place_of_occurrence, beat, latitude, longitude, io_badge, io_name,
     complaint_mode, sensitivity, involves_juvenile, sexual_offence, victim_count,
     accused_count, arrested_count, brief_facts)
persons(person_id, fir_id, precinct_id, role, full_name, age, gender, phone, address,
        is_juvenile, arrested, arrested_at)
vehicles(vehicle_id, fir_id, precinct_id, registration_no, vehicle_type, make, colour, status)

Values: fir_id 'FIR-2026-04829'; registered_at 'YYYY-MM-DD HH:MM:SS'; crime_group and
crime_head in capitals ('THEFT', 'TWO-WHEELER THEFT', 'CHAIN SNATCHING', 'BURGLARY - NIGHT',
'CHEATING', 'ONLINE FRAUD', 'MURDER', 'POCSO', ...); act_sections like 'BNS 303(2)' (FIRs from
2024-07-01) or 'IPC 379' (before), several joined by ', '; status one of 'Under Investigation',
'Charge Sheeted', 'Closed', 'Undetected', 'Transferred'; complaint_mode one of 'Walk-in',
'e-FIR', 'Zero FIR', 'Phone', 'Suo Motu'; persons.role one of 'complainant', 'victim',
'accused', 'witness'; registration_no without spaces ('KA05MN4321'); vehicles.status one of
'Stolen', 'Recovered', 'Seized', 'Involved'; booleans are TRUE or FALSE."""

RULES = """\
Write exactly one ZCQL SELECT statement (Zoho Catalyst's SQL dialect), or none.
- Every firs, persons or vehicles table in the statement must have a top-level AND condition
  <table>.precinct_id IN (...) (or = '...') using only the caller's precincts listed below,
  or the subset the question names (one station, or the caller's stations in a district).
- A WHERE clause is required. At most 5 WHERE conditions in total (each LIKE, =, IN, >=, <
  counts as one; the precinct condition counts). At most 20 selected columns.
- Only COUNT, SUM, AVG, MIN, MAX. Write COUNT(ROWID), never COUNT(*). No CASE, CAST, date or
  string functions, arithmetic, UNION, WITH, EXISTS or IN (SELECT ...).
- LIKE uses * (any run) and ? (one character), never % or _.
- Dates: compare registered_at with quoted 'YYYY-MM-DD HH:MM:SS' using >= and <; never
  BETWEEN on dates. Resolve relative dates ("last month") against today's date given below.
- Sections: an IPC section also matches its BNS counterpart, e.g. IPC 379 ->
  (act_sections LIKE '*IPC 379*' OR act_sections LIKE '*BNS 303(2)*').
- Joins: INNER JOIN or LEFT JOIN with one ON a.col = b.col; qualify every column as table.col.
- LIMIT at most 300, written LIMIT count or LIMIT offset, count. No OFFSET keyword, no ';'.
- Single quotes for strings; no double quotes or backticks.
- There is no month function: for a month-wise trend select registered_at for the range
  ORDER BY registered_at LIMIT 0, 300 and set intent "trend"; the answer step buckets it.
- If the question is not about these records (weather, procedure, law, opinions), names a
  place outside the caller's precincts, or cannot be expressed in one such statement, set
  statement to null and explain why in explanation.
Reply with statement, intent (one of: {intents}) and explanation (one sentence saying what
was understood, for the officer)."""

EXAMPLES: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    (
        "how many vehicle thefts in Whitefield last month",
        ("BLR-E-KRP", "BLR-E-WFD"),
        "count",
        "SELECT COUNT(ROWID) FROM firs WHERE precinct_id = 'BLR-E-WFD' AND crime_head IN "
        "('TWO-WHEELER THEFT', 'FOUR-WHEELER THEFT') AND registered_at >= '2026-11-01 00:00:00' "
        "AND registered_at < '2026-12-01 00:00:00'",
    ),
    (
        "status of FIR 4829/2026",
        ("BLR-E-KRP", "BLR-E-WFD"),
        "lookup_status",
        "SELECT fir_id, status, crime_head, act_sections, registered_at, precinct_id FROM firs "
        "WHERE precinct_id IN ('BLR-E-KRP', 'BLR-E-WFD') AND fir_id = 'FIR-2026-04829'",
    ),
    (
        "top 5 beats of Whitefield for burglary",
        ("BLR-E-KRP", "BLR-E-WFD"),
        "top_n",
        "SELECT beat, COUNT(ROWID) FROM firs WHERE precinct_id = 'BLR-E-WFD' AND crime_group IN "
        "('BURGLARY - DAY', 'BURGLARY - NIGHT') GROUP BY beat ORDER BY COUNT(ROWID) DESC, beat "
        "LIMIT 5",
    ),
    (
        "IPC 379 cases pending in KR Puram since January",
        ("BLR-E-KRP", "BLR-E-WFD"),
        "list",
        "SELECT fir_id, registered_at, crime_head, status, precinct_id FROM firs WHERE "
        "precinct_id = 'BLR-E-KRP' AND (act_sections LIKE '*IPC 379*' OR act_sections LIKE "
        "'*BNS 303(2)*') AND status = 'Under Investigation' AND registered_at >= "
        "'2026-01-01 00:00:00' ORDER BY registered_at DESC LIMIT 300",
    ),
    (
        "cases involving Ravi Kumar",
        ("BLR-E-KRP", "BLR-E-WFD"),
        "person_lookup",
        "SELECT persons.fir_id, persons.full_name, persons.role, firs.crime_head, firs.status, "
        "firs.registered_at FROM persons INNER JOIN firs ON persons.fir_id = firs.fir_id WHERE "
        "persons.precinct_id IN ('BLR-E-KRP', 'BLR-E-WFD') AND firs.precinct_id IN "
        "('BLR-E-KRP', 'BLR-E-WFD') AND persons.full_name LIKE '*Ravi Kumar*' "
        "ORDER BY firs.registered_at DESC LIMIT 300",
    ),
    (
        "is KA 05 MN 4321 stolen?",
        ("BLR-E-KRP", "BLR-E-WFD"),
        "vehicle_lookup",
        "SELECT registration_no, status, vehicle_type, make, colour, fir_id FROM vehicles WHERE "
        "precinct_id IN ('BLR-E-KRP', 'BLR-E-WFD') AND registration_no = 'KA05MN4321'",
    ),
)
"""(question, caller's precincts, intent, statement) with today 2026-12-02; all validate."""


def system_prompt() -> str:
    """Schema, rules and worked examples."""
    shots = "\n\n".join(
        f"Question: {q}\nCaller's precincts: {', '.join(p)}\nintent: {i}\nstatement: {s}"
        for q, p, i, s in EXAMPLES
    )
    rules = RULES.format(intents=", ".join(INTENTS))
    return (
        "You translate police officers' questions into ZCQL over these tables.\n\n"
        f"{SCHEMA}\n\n{rules}\n\nExamples (today 2026-12-02):\n\n{shots}"
    )


def vocabulary(request: ZcqlRequest) -> str:
    """The values the model must use: the caller's stations, crime heads by group, statuses."""
    own = set(request.precincts)
    stations = [
        f"{s.precinct_id} = {s.station_name} ({s.district})"
        for s in STATIONS
        if s.precinct_id in own
    ]
    groups: dict[str, list[str]] = {}
    for head in all_heads():
        groups.setdefault(head.crime_group, []).append(head.crime_head)
    crimes = [f"{group}: {', '.join(heads)}" for group, heads in groups.items()]
    return "\n".join(
        [
            "Caller's stations (precinct_id = name (district)):",
            *(f"  {line}" for line in stations),
            "Crime groups and their crime heads, exactly as stored (crime_group: crime_head, ...):",
            *(f"  {line}" for line in crimes),
            f"FIR status values: {', '.join(STATUSES)}",
            f"Vehicle status values: {', '.join(VEHICLE_STATUSES)}",
        ]
    )


def user_prompt(request: ZcqlRequest) -> str:
    """The question with its resolved context: today, precincts with names, crime vocabulary,
    open FIR, FIRs on screen, earlier questions and what the grounded parser understood."""
    lines = [
        f"Today: {request.today.isoformat()}",
        f"Caller's precincts: {', '.join(request.precincts)}",
        vocabulary(request),
        f"FIR open on screen: {request.active_fir_id or 'none'}",
    ]
    if request.visible_record_ids:
        lines.append("FIRs listed on screen: " + ", ".join(request.visible_record_ids[:50]))
    if request.history:
        lines.append("Earlier questions (oldest first): " + " | ".join(request.history[-5:]))
    if request.hints:
        lines.append("Understood so far (use these values): " + "; ".join(request.hints))
    lines.append(f"Question: {request.question}")
    return "\n".join(lines)


def messages(request: ZcqlRequest) -> list[BaseMessage]:
    """The chat messages sent to the model."""
    return [SystemMessage(system_prompt()), HumanMessage(user_prompt(request))]
