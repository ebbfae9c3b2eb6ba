"""Turns cleared rows into officer-facing prose, by the intent the generator understood.

Only rows the officer may see reach this module, and nothing about withheld rows is taken
or said (non-interference). In the prose, columns read as human labels (a count is "FIRs"),
precinct codes as station names and timestamps in the force's date format; the table keeps
identifier columns for linking, with aggregates relabelled and station names added. The
statement itself stays under the answer's sources.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from tools.domain.places import STATIONS
from tools.text2zcql.yearly import PART_OF_YEAR, YEARLY, part_label, part_name

MAX_LISTED = 8
_NOUN_LED = re.compile(r"^(?:FIRs|vehicles|persons|accused)(?![\w-])", re.IGNORECASE)
"""An explanation that starts with what is listed ("FIRs in Whitefield PS, newest first")."""
_SINGULAR_NOUN = {"firs": "FIR", "vehicles": "vehicle", "persons": "person"}
DESCRIBE_COLUMNS = ("fir_id", "crime_head", "status", "registered_at", "io_name", "precinct_id")
_STATION_NAMES = {s.precinct_id: s.station_name for s in STATIONS}
LABELS: dict[str, str] = {
    "COUNT(ROWID)": "FIRs",
    "fir_id": "FIR",
    "precinct_id": "Police station",
    "registered_at": "Registered",
    "occurred_at": "Occurred",
    "crime_group": "Crime group",
    "crime_head": "Crime head",
    "act_sections": "Sections",
    "status": "Status",
    "io_name": "IO",
    "io_badge": "IO KGID",
    "complaint_mode": "Complaint mode",
    "beat": "Beat",
    "district": "District",
    "full_name": "Name",
    "role": "Role",
    "age": "Age",
    "gender": "Gender",
    "arrested": "Arrested",
    "arrested_at": "Arrested on",
    "registration_no": "Registration no.",
    "vehicle_type": "Vehicle type",
    "make": "Make",
    "colour": "Colour",
    "SUM(arrested_count)": "Arrested accused",
    "SUM(victim_count)": "Victims",
    "SUM(accused_count)": "Accused",
    "month": "Month",
    "firs": "FIRs",
    "period": "Period",
}
"""Column (as selected, table prefix dropped) -> heading shown to the officer."""


COUNTED = {"firs": "FIRs", "vehicles": "Vehicles", "persons": "Persons"}
"""What a COUNT counts, by the table it counts rows of."""
_FROM = re.compile(r"\bFROM\s+(\w+)", re.IGNORECASE)


def counted_in(statement: str) -> str:
    """What a statement's COUNT counts ("SELECT COUNT(ROWID) FROM vehicles ..." -> "Vehicles")."""
    m = _FROM.search(statement)
    return COUNTED.get(m.group(1).lower(), "FIRs") if m else "FIRs"


def label(column: str, counted: str = "FIRs") -> str:
    """The human heading of a selected column ("COUNT(vehicles.ROWID)" -> "Vehicles")."""
    bare = column.split(".", 1)[1] if "." in column and "(" not in column else column
    for table, noun in COUNTED.items():
        if bare.startswith(f"COUNT({table}."):
            return noun
    if bare.startswith("COUNT("):
        return counted
    return LABELS.get(bare, bare.replace("_", " ").capitalize())


def force_date(value: str) -> str:
    """'2026-11-08 14:05:00' -> '08-11-2026 14:05' (the force's DD-MM-YYYY); else unchanged."""
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return value
    if len(value) <= 10:
        return moment.strftime("%d-%m-%Y")
    return moment.strftime("%d-%m-%Y %H:%M")


def _readable(column: str, value: Any) -> Any:
    bare = column.split(".", 1)[-1]
    if bare == "precinct_id" and isinstance(value, str):
        return _STATION_NAMES.get(value, value)
    if bare in ("registered_at", "occurred_at", "arrested_at") and isinstance(value, str):
        return force_date(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value


def table_rows(rows: list[dict[str, Any]], counted: str = "FIRs") -> list[dict[str, Any]]:
    """The table shown: aggregates under human headings ("FIRs", not COUNT(ROWID)) and the
    station's name beside each precinct code; identifier columns keep their names (`fir_id`
    links a row to its FIR in the conversation)."""
    out = []
    for row in rows:
        shown: dict[str, Any] = {}
        for key, value in row.items():
            shown[label(key, counted) if "(" in key else key] = value
            if key.split(".")[-1] == "precinct_id" and value in _STATION_NAMES:
                shown["station"] = _STATION_NAMES[value]
        out.append(shown)
    return out


def _numeric(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _count_value(rows: list[dict[str, Any]]) -> int | float | None:
    if len(rows) == 1 and len(rows[0]) == 1:
        (value,) = rows[0].values()
        return value if _numeric(value) else None
    return None


def month_counts(registered_at: Iterable[str]) -> dict[str, int]:
    """FIRs per month ('YYYY-MM' -> count), in month order."""
    counts = Counter(value[:7] for value in registered_at if value)
    return dict(sorted(counts.items()))


def dated(rows: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """(date stamp, FIRs) per row: a row of `registered_at` (or `arrested_at`) counts one, a
    day-count row (`day`, `firs`, from `RecordsExecutor.day_counts`) counts its `firs`."""
    if rows and "day" in rows[0]:
        return [(str(row["day"] or ""), int(row["firs"])) for row in rows]
    return [(_stamp(row), 1) for row in rows]


def _stamp(row: dict[str, Any]) -> str:
    """A trend row's date: `registered_at`, or `arrested_at` for an arrests trend."""
    for key, value in row.items():
        if key.split(".")[-1] in ("registered_at", "arrested_at") and value:
            return str(value)
    return ""


def month_buckets(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """FIRs per YYYY-MM (ZCQL has no date functions, so months are counted here)."""
    months: Counter[str] = Counter()
    for stamp, firs in dated(rows):
        if stamp:
            months[stamp[:7]] += firs
    return [{"month": month, "firs": months[month]} for month in sorted(months)]


def year_buckets(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """FIRs per calendar year ('YYYY'), for a year-wise trend; years with none are not listed."""
    years: Counter[str] = Counter()
    for stamp, firs in dated(rows):
        if stamp:
            years[stamp[:4]] += firs
    return [{"year": year, "firs": years[year]} for year in sorted(years)]


def part_buckets(rows: list[dict[str, Any]], part: str) -> list[dict[str, Any]]:
    """FIRs per quarter ('2025-Q3') or half year ('2025-H1'); periods with none not listed."""
    parts: Counter[str] = Counter()
    for stamp, firs in dated(rows):
        if stamp:
            parts[part_label(stamp, part)] += firs
    return [_part_row(label, parts[label], part) for label in sorted(parts)]


def _part_row(label: str, firs: int, heading: str) -> dict[str, Any]:
    """A quarter's or half year's row: its year and its name apart ('2025', 'Q1' or
    'Jan-Jun'), so a table over one year reads Q1..Q4; other labels stay as they are."""
    named = part_name(label)
    if named is None:
        return {heading: _STATION_NAMES.get(label, label), "firs": firs}
    year, name = named
    return {"year": year, heading: name, "firs": firs}


def _row_label(row: dict[str, Any]) -> str:
    return " ".join(str(v) for k, v in row.items() if k != "firs")


def _stamp_keys(stamp: str) -> set[str]:
    return {stamp[:4], stamp[:7], part_label(stamp, "quarter"), part_label(stamp, "half")}


def compare_buckets(rows: list[dict[str, Any]], buckets: Sequence[str]) -> list[dict[str, Any]]:
    """Counts per compared value: registered_at prefixes ('2024', '2025-10') or group values."""
    counts = dict.fromkeys(buckets, 0)
    if rows and ("registered_at" in rows[0] or "day" in rows[0]):
        for stamp, firs in dated(rows):
            for key in _stamp_keys(stamp) & counts.keys() if stamp else ():
                counts[key] += firs
        return [_part_row(k, n, "period") for k, n in counts.items()]
    for row in rows:
        keys = [v for v in row.values() if not _numeric(v)]
        numbers = [v for v in row.values() if _numeric(v)]
        if keys and numbers and str(keys[0]) in counts:
            counts[str(keys[0])] += int(numbers[-1])
    return [{"period": _STATION_NAMES.get(k, k), "firs": n} for k, n in counts.items()]


def _pairs(rows: list[dict[str, Any]]) -> str:
    parts = []
    for row in rows[: MAX_LISTED * 2]:
        labels = [str(_readable(k, v)) for k, v in row.items() if not _numeric(v)]
        numbers = [v for v in row.values() if _numeric(v)]
        if labels and numbers:
            parts.append(f"{' / '.join(labels)}: {numbers[-1]}")
    return "; ".join(parts)


def _describe(row: dict[str, Any]) -> str:
    def item(k: str, v: Any) -> str:
        if k.split(".")[-1] == "fir_id":
            return str(v)
        return f"{label(k).lower()} {_readable(k, v)}"

    shown = [item(k, row[k]) for k in DESCRIBE_COLUMNS if row.get(k) not in (None, "")]
    rest = [
        item(k, v) for k, v in row.items() if k not in DESCRIBE_COLUMNS and v not in (None, "")
    ][:4]
    return ", ".join(shown + rest)


def compose_records_answer(
    intent: str,
    explanation: str,
    rows: list[dict[str, Any]],
    total: int | None = None,
    buckets: Sequence[str] = (),
    counted: str = "FIRs",
) -> tuple[str, list[dict[str, Any]]]:
    """The answer text and the table to show, from the rows the officer may see.

    `total` is how many visible rows matched when the list was capped ("showing 300 of 337");
    `buckets` are a comparison's compared values. Nothing here may depend on rows the officer
    may not see: no withheld count, no hint that a statement matched sealed records.
    """
    explanation = explanation.rstrip(" .")
    if intent == "trend" and tuple(buckets) == YEARLY:
        years = year_buckets(rows)
        if not years:
            return f"No matching records you are cleared to see ({explanation}).", []
        listed = ", ".join(f"{b['year']}: {b['firs']}" for b in years)
        return f"{explanation} — year by year: {listed}.", table_rows(years)
    if intent == "trend" and tuple(buckets) in PART_OF_YEAR:
        parts = part_buckets(rows, buckets[0])
        if not parts:
            return f"No matching records you are cleared to see ({explanation}).", []
        listed = ", ".join(f"{_row_label(b)}: {b['firs']}" for b in parts)
        step = "half year" if buckets[0] == "half" else buckets[0]
        return f"{explanation} — {step} by {step}: {listed}.", table_rows(parts)
    if intent == "trend":
        months = month_buckets(rows)
        if not months:
            return f"No matching records you are cleared to see ({explanation}).", []
        listed = ", ".join(f"{b['month']}: {b['firs']}" for b in months)
        return f"{explanation} — month by month: {listed}.", table_rows(months)
    if intent == "compare" and buckets:
        compared = compare_buckets(rows, buckets)
        listed = " vs ".join(f"{_row_label(b)}: {b['firs']}" for b in compared)
        return f"{explanation} — {listed}.", table_rows(compared)
    count = _count_value(rows)
    if count is not None:
        return f"{explanation}: {count}.", table_rows(rows, counted)
    if not rows and intent == "list":
        none = list_header(explanation, 0, total).rstrip(".")
        return f"{none}: no matching records you are cleared to see.", []
    if not rows:
        return f"No matching records you are cleared to see ({explanation}).", []
    if intent in ("breakdown", "top_n", "compare"):
        return f"{explanation}: {_pairs(rows)}.", table_rows(rows, counted)
    lines = [f"- {_describe(row)}" for row in rows[:MAX_LISTED]]
    more = f"\n…and {len(rows) - MAX_LISTED} more in the table." if len(rows) > MAX_LISTED else ""
    return "\n".join([list_header(explanation, len(rows), total), *lines]) + more, table_rows(rows)


def list_header(explanation: str, shown: int, total: int | None) -> str:
    """The first line of a list: how many first ("12 FIRs with IO ..."), the true total when
    the list was capped ("337 FIRs ...; showing 300 of 337")."""
    found = total if total is not None and total > shown else shown
    capped = f"; showing {shown} of {total}" if found != shown else ""
    led = _NOUN_LED.match(explanation)
    if led is None:
        return f"{explanation}: {found} record(s){capped}."
    noun = led.group(0)
    if found == 1:
        noun = _SINGULAR_NOUN.get(noun.lower(), noun)
    return f"{found} {noun}{explanation[led.end() :]}{capped}."
