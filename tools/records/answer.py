"""Turns cleared rows into officer-facing prose, by the intent the generator understood."""

from __future__ import annotations

from typing import Any

from tools.text2zcql.trend import month_counts

MAX_LISTED = 8
DESCRIBE_COLUMNS = ("fir_id", "crime_head", "status", "registered_at", "io_name", "precinct_id")


def _numeric(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _count_value(rows: list[dict[str, Any]]) -> int | float | None:
    if len(rows) == 1 and len(rows[0]) == 1:
        (value,) = rows[0].values()
        return value if _numeric(value) else None
    return None


def month_buckets(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """registered_at values counted per YYYY-MM (ZCQL has no date functions)."""
    months = month_counts(str(row.get("registered_at") or "") for row in rows)
    return [{"month": month, "firs": count} for month, count in months.items()]


def _pairs(rows: list[dict[str, Any]]) -> str:
    parts = []
    for row in rows[: MAX_LISTED * 2]:
        labels = [str(v) for v in row.values() if not _numeric(v)]
        numbers = [v for v in row.values() if _numeric(v)]
        if labels and numbers:
            parts.append(f"{' / '.join(labels)}: {numbers[-1]}")
    return "; ".join(parts)


def _describe(row: dict[str, Any]) -> str:
    shown = [
        f"{k.replace('_', ' ')} {row[k]}" for k in DESCRIBE_COLUMNS if row.get(k) not in (None, "")
    ]
    rest = [
        f"{k.replace('_', ' ')} {v}"
        for k, v in row.items()
        if k not in DESCRIBE_COLUMNS and v not in (None, "")
    ][:4]
    return ", ".join(shown + rest)


def compose_records_answer(
    intent: str, explanation: str, rows: list[dict[str, Any]]
) -> tuple[str, list[dict[str, Any]]]:
    """The answer text and the table to show, from the visible rows alone.

    Nothing here may depend on rows the officer may not see: no withheld count, no hint
    that a statement matched sealed records (CONTRACT.md section 2, non-interference).
    """
    explanation = explanation.rstrip(" .")
    if intent == "trend":
        buckets = month_buckets(rows)
        if not buckets:
            return f"No matching records you are cleared to see ({explanation}).", []
        listed = ", ".join(f"{b['month']}: {b['firs']}" for b in buckets)
        return f"{explanation} — month by month: {listed}.", buckets
    count = _count_value(rows)
    if count is not None:
        return f"{explanation}: {count}.", rows
    if not rows:
        return f"No matching records you are cleared to see ({explanation}).", []
    if intent in ("breakdown", "top_n"):
        return f"{explanation}: {_pairs(rows)}.", rows
    lines = [f"- {_describe(row)}" for row in rows[:MAX_LISTED]]
    more = f"\n…and {len(rows) - MAX_LISTED} more in the table." if len(rows) > MAX_LISTED else ""
    header = f"{explanation}: {len(rows)} record(s)."
    return "\n".join([header, *lines]) + more, rows
