"""Pure comparison rules of the evaluation scorers: result rows as multisets, numbers and dates
stated in an answer, required phrases, and calibration error. No I/O, no graph."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import Any

Cell = str | float | None

MONTHS = {
    name: i
    for i, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?\b")
DMY_DATE = re.compile(r"\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b")
DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH}\.?,?\s+(\d{{4}})\b", re.I)
MONTH_DAY_YEAR = re.compile(rf"\b{_MONTH}\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I)
MONTH_YEAR = re.compile(rf"^{_MONTH}\.?,?\s+(\d{{4}})$", re.I)
YEAR_MONTH = re.compile(r"^(\d{4})-(\d{2})$")
NUMBER = re.compile(r"(?<![\w.])-?\d[\d,]*(?:\.\d+)?(?![\w])")
IDENTIFIER = re.compile(
    r"\bFIR-\d{4}-\d{5}\b|\b[A-Z]{3}-[A-Z]-[A-Z]{3}\b|\b[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{1,4}\b"
)
CLOCK_TIME = re.compile(
    r"\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]m)?\b|\b\d{1,2}\.\d{2}\s*[ap]m\b", re.I
)
YEAR_IN_CONTEXT = re.compile(
    rf"\b(?:in|of|for|since|from|to|till|until|year|during|and|vs\.?|versus|before|after|{_MONTH})"
    r"\.?,?\s+(?:19|20)\d{2}\b",
    re.I,
)
SECTION = re.compile(r"\b\d+\(\w+\)(?:\(\w+\))*")


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def dates_in(text: str) -> list[date]:
    """Every date written in the text (ISO, dd/mm/yyyy, "3 December 2026", "Dec 3, 2026")."""
    found: list[date | None] = []
    found += [_safe_date(int(y), int(m), int(d)) for y, m, d in ISO_DATE.findall(text)]
    found += [_safe_date(int(y), int(m), int(d)) for d, m, y in DMY_DATE.findall(text)]
    found += [
        _safe_date(int(y), MONTHS[m.lower()], int(d)) for d, m, y in DAY_MONTH_YEAR.findall(text)
    ]
    found += [
        _safe_date(int(y), MONTHS[m.lower()], int(d)) for m, d, y in MONTH_DAY_YEAR.findall(text)
    ]
    return [d for d in found if d is not None]


def numbers_in(text: str, drop_years: bool = False) -> list[float]:
    """Numbers stated in the text (Indian or Western digit grouping), dates and ids removed;
    `drop_years` also removes years written as such ("in 2025", "November 2025")."""
    cleaned = IDENTIFIER.sub(" ", text)
    for pattern in (ISO_DATE, DMY_DATE, DAY_MONTH_YEAR, MONTH_DAY_YEAR, CLOCK_TIME, SECTION):
        cleaned = pattern.sub(" ", cleaned)
    if drop_years:
        cleaned = YEAR_IN_CONTEXT.sub(" ", cleaned)
    values = []
    for raw in NUMBER.findall(cleaned):
        try:
            values.append(float(raw.replace(",", "")))
        except ValueError:
            continue
    return values


def reported_numbers(answer: str, question: str) -> list[float]:
    """Numbers an answer states that the question did not already contain."""
    asked = set(numbers_in(question))
    return [n for n in numbers_in(answer, drop_years=True) if n not in asked]


class Normaliser:
    """Turns cells into comparable values: numbers, ISO dates, casefolded text, stations by code."""

    def __init__(self, stations: Mapping[str, str]) -> None:
        self.station_key: dict[str, str] = {}
        for code, name in stations.items():
            for alias in (code, name, re.sub(r"\s+ps\b", "", name, flags=re.I)):
                self.station_key[alias.strip().casefold()] = f"station:{code}"

    def cell(self, value: Any) -> Cell:
        """One comparable cell value."""
        if value is None:
            return None
        if isinstance(value, bool):
            return float(value)
        if isinstance(value, int | float):
            return round(float(value), 6)
        text = " ".join(str(value).split())
        folded = text.casefold()
        if folded in self.station_key:
            return self.station_key[folded]
        plain = folded.replace(",", "")
        if re.fullmatch(r"-?\d+(?:\.\d+)?", plain):
            return round(float(plain), 6)
        if match := YEAR_MONTH.match(text):
            return f"month:{match.group(1)}-{match.group(2)}"
        if match := MONTH_YEAR.match(text):
            return f"month:{match.group(2)}-{MONTHS[match.group(1).lower()]:02d}"
        found = dates_in(text)
        if len(found) == 1 and len(text) <= 24:
            return f"date:{found[0].isoformat()}"
        return folded

    def row(self, values: Iterable[Any]) -> tuple[Cell, ...]:
        """A row of comparable cells."""
        return tuple(self.cell(v) for v in values)


def columns_of(records: Sequence[Mapping[str, Any]]) -> dict[str, list[Any]]:
    """Column name -> values, over the union of the records' keys (missing cells are None)."""
    names: list[str] = []
    for record in records:
        names += [k for k in record if k not in names]
    return {name: [record.get(name) for record in records] for name in names}


def _candidate_columns(
    gold_rows: Sequence[Sequence[Any]], records: Sequence[Mapping[str, Any]], norm: Normaliser
) -> list[list[str]]:
    columns = {k: [norm.cell(v) for v in vs] for k, vs in columns_of(records).items()}
    candidates = []
    for j in range(len(gold_rows[0])):
        wanted = Counter(norm.cell(row[j]) for row in gold_rows)
        candidates.append([k for k, vs in columns.items() if Counter(vs) == wanted])
    return candidates


def rows_match(
    gold_rows: Sequence[Sequence[Any]], records: Sequence[Mapping[str, Any]], norm: Normaliser
) -> bool:
    """The records hold exactly the gold rows (a multiset), under some mapping of columns."""
    if len(gold_rows) != len(records):
        return False
    if not gold_rows:
        return True
    wanted = Counter(norm.row(row) for row in gold_rows)
    for mapping in itertools.product(*_candidate_columns(gold_rows, records, norm)):
        if len(set(mapping)) != len(mapping):
            continue
        got = Counter(norm.row(record.get(k) for k in mapping) for record in records)
        if got == wanted:
            return True
    return False


def key_column(records: Sequence[Mapping[str, Any]], norm: Normaliser) -> list[Counter[Cell]]:
    """Each column of the records as a multiset of comparable cells."""
    return [Counter(norm.cell(v) for v in vs) for vs in columns_of(records).values()]


Records = Sequence[Mapping[str, Any]]


def reported_value(records: Records, answer: str, question: str) -> float | None:
    """The single number a count answer reports: from a one-row table, else the answer's first."""
    if len(records) == 1:
        numeric = [float(v) for v in records[0].values() if isinstance(v, int | float)]
        if len(numeric) == 1:
            return numeric[0]
    stated = reported_numbers(answer, question)
    return stated[0] if stated else None


def value_match(gold: Any, records: Records, answer: str, question: str) -> bool:
    """A one-number answer: the reported number equals gold."""
    if len(records) == 1 and isinstance(gold, int | float):
        cells = [v for v in records[0].values() if isinstance(v, int | float)]
        if cells:
            return any(round(float(v), 6) == round(float(gold), 6) for v in cells)
    if len(records) == 1 and not isinstance(gold, int | float):
        return any(str(v).strip().casefold() == str(gold).casefold() for v in records[0].values())
    if isinstance(gold, int | float):
        reported = reported_value(records, answer, question)
        return reported is not None and round(reported, 6) == round(float(gold), 6)
    return str(gold).casefold() in answer.casefold()


def set_match(
    gold_rows: Sequence[Sequence[Any]], records: Records, answer: str, norm: Normaliser
) -> bool:
    """One column of keys: some records column holds exactly that multiset (or, with no
    records, the answer names every key and, for FIR ids, no other FIR)."""
    wanted = Counter(norm.cell(row[0]) for row in gold_rows)
    if records:
        return len(records) == len(gold_rows) and wanted in key_column(records, norm)
    keys = [str(row[0]) for row in gold_rows]
    if all(k.startswith("FIR-") for k in keys) and keys:
        return Counter(re.findall(r"FIR-\d{4}-\d{5}", answer)) == Counter(keys) or set(
            re.findall(r"FIR-\d{4}-\d{5}", answer)
        ) == set(keys)
    folded = answer.casefold()
    return bool(keys) and all(k.casefold() in folded for k in keys)


def rows_text_match(gold_rows: Sequence[Sequence[Any]], answer: str) -> bool:
    """With no records: each gold row's label (its first cell) is followed, in the answer, by
    the row's other numbers before any other number, and by its other text cells."""
    folded = answer.casefold()
    for row in gold_rows:
        label = str(int(row[0]) if isinstance(row[0], float) and row[0].is_integer() else row[0])
        numbers = [float(v) for v in row[1:] if isinstance(v, int | float)]
        texts = [str(v).casefold() for v in row[1:] if isinstance(v, str)]
        spots = [m.end() for m in re.finditer(re.escape(label.casefold()), folded)]
        if not any(
            numbers_in(folded[s : s + 80])[: len(numbers)] == numbers
            and all(t in folded[s : s + 200] for t in texts)
            for s in spots
        ):
            return False
    return bool(gold_rows)


def result_match(
    match: str,
    gold_rows: Sequence[Sequence[Any]],
    records: Sequence[Mapping[str, Any]],
    answer: str,
    question: str,
    norm: Normaliser,
) -> bool:
    """Execution accuracy for one case, by its match kind."""
    if match == "value":
        return len(gold_rows) == 1 and value_match(gold_rows[0][0], records, answer, question)
    if match == "set":
        return set_match(gold_rows, records, answer, norm)
    if records:
        return rows_match(gold_rows, records, norm)
    return rows_text_match(gold_rows, answer)


def widened(
    match: str,
    gold_rows: Sequence[Sequence[Any]],
    records: Sequence[Mapping[str, Any]],
    answer: str,
    question: str,
    norm: Normaliser,
) -> bool:
    """The answer reports a result for a broader query than gold: a larger count, a strict
    superset of the gold list, or grouped counts each at least gold with one larger."""
    if match == "value":
        gold = gold_rows[0][0] if gold_rows else None
        reported = reported_value(records, answer, question)
        return isinstance(gold, int | float) and reported is not None and reported > gold
    if match == "set":
        wanted = Counter(norm.cell(row[0]) for row in gold_rows)
        return any(
            column != wanted and not (wanted - column) for column in key_column(records, norm)
        )
    return _rows_widened(gold_rows, records, norm)


def _rows_widened(
    gold_rows: Sequence[Sequence[Any]], records: Sequence[Mapping[str, Any]], norm: Normaliser
) -> bool:
    if not gold_rows or not records:
        return False
    width = len(gold_rows[0])
    measure = [j for j in range(width) if all(isinstance(r[j], int | float) for r in gold_rows)]
    labels = [j for j in range(width) if j not in measure]
    if len(measure) != 1:
        return False
    columns = columns_of(records)
    gold_by_label = {norm.row(r[j] for j in labels): float(r[measure[0]]) for r in gold_rows}
    numeric = [k for k, vs in columns.items() if all(isinstance(v, int | float) for v in vs)]
    others = [k for k in columns if k not in numeric]
    for label_cols in itertools.permutations(others, len(labels)):
        for value_col in numeric:
            got = {
                norm.row(record.get(k) for k in label_cols): float(record[value_col])
                for record in records
            }
            if set(gold_by_label) <= set(got) and _at_least_one_larger(gold_by_label, got):
                return True
    return False


def _at_least_one_larger(gold: Mapping[Any, float], got: Mapping[Any, float]) -> bool:
    return all(got[k] >= v for k, v in gold.items()) and any(got[k] > v for k, v in gold.items())


def normalise_text(text: str) -> str:
    """Casefolded, single-spaced, with typographic dashes and quotes made plain."""
    text = text.replace("\u2013", "-").replace("\u2014", "-").replace("\u2011", "-")
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.casefold().split())


def facts_present(answer: str, groups: Sequence[Sequence[str]]) -> tuple[int, int]:
    """(groups matched, groups): a group matches when any of its phrases is in the answer."""
    folded = normalise_text(answer)
    hits = sum(any(normalise_text(p) in folded for p in group) for group in groups)
    return hits, len(groups)


def number_present(answer: str, value: float, tolerance: float) -> bool:
    """Some number in the answer is within `tolerance` (relative) of value, sign ignored."""
    target = abs(float(value))
    for found in numbers_in(answer):
        got = abs(found)
        if round(got, 2) == round(target, 2) or abs(got - target) <= tolerance * max(target, 1e-9):
            return True
    return False


def date_present(answer: str, accepted: Iterable[str]) -> bool:
    """The answer writes one of the accepted dates."""
    wanted = {date.fromisoformat(a) for a in accepted}
    return bool(wanted & set(dates_in(answer)))


def expected_calibration_error(pairs: Sequence[tuple[float, bool]], bins: int = 10) -> float:
    """ECE over equal-width confidence bins: sum of |accuracy - mean confidence| weighted by
    each bin's share of the answers."""
    if not pairs:
        return 0.0
    total = 0.0
    for b in range(bins):
        low, high = b / bins, (b + 1) / bins
        inside = [(c, ok) for c, ok in pairs if (low <= c < high) or (b == bins - 1 and c == 1.0)]
        if inside:
            accuracy = sum(ok for _, ok in inside) / len(inside)
            confidence = sum(c for c, _ in inside) / len(inside)
            total += len(inside) / len(pairs) * abs(accuracy - confidence)
    return total
