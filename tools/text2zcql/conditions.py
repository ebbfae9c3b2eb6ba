"""WHERE conditions from entities, and the same filters in the officer's words.

Both come from one `Entities`, so the explanation states exactly the filters the
statement applies.
"""

from __future__ import annotations

from tools.text2zcql import builder as b
from tools.text2zcql.base import ZcqlDraft, unparsed
from tools.text2zcql.entities import Entities, section_patterns
from tools.text2zcql.investigators import Investigator
from tools.text2zcql.lexicon import CrimeFilter


def _crime_condition(crimes: list[CrimeFilter], col: str) -> b.Condition:
    by_column: dict[str, list[str]] = {}
    for crime in crimes:
        by_column.setdefault(crime.column, []).extend(crime.values)
    parts = [
        b.equals_any(b.column(c, col), list(dict.fromkeys(v))) for c, v in sorted(by_column.items())
    ]
    return b.any_of(parts)


def _ruled_out(e: Entities, col: str) -> list[b.Condition]:
    """One `!=` condition per status or crime value ruled out ("not charge sheeted")."""
    pairs = [("status", s) for s in e.excluded_statuses]
    pairs += [(c.column, v) for c in e.excluded_crimes for v in c.values]
    return [
        b.Condition(f"{b.column(name, col)} != {b.quote(value)}")
        for name, value in dict.fromkeys(pairs)
    ]


def filters(e: Entities, col: str) -> list[b.Condition]:
    """WHERE conditions for everything but the scope, qualified with `col` when joined."""
    out: list[b.Condition] = []
    if e.crimes:
        out.append(_crime_condition(e.crimes, col))
    if e.sections:
        patterns = [p for act, sec in e.sections for p in section_patterns(act, sec)]
        out.append(b.like_any(b.column("act_sections", col), list(dict.fromkeys(patterns))))
    if e.statuses:
        out.append(b.equals_any(b.column("status", col), e.statuses))
    out.extend(_ruled_out(e, col))
    out.extend(b.Condition(f"{b.column(h.column, col)} {h.op} {h.n}") for h in e.head_counts)
    if e.modes:
        out.append(b.equals_any(b.column("complaint_mode", col), e.modes))
    if e.io_badge:
        out.append(b.equals_any(b.column("io_badge", col), [e.io_badge]))
    if e.juvenile:
        out.append(b.flag(b.column("involves_juvenile", col)))
    if e.sexual_offence:
        out.append(b.flag(b.column("sexual_offence", col)))
    if e.period and e.period.fir_year is not None:
        out.append(b.like_any(b.column("fir_id", col), [f"FIR-{e.period.fir_year}-*"]))
    elif e.period:
        out.extend(b.date_bounds(b.column("registered_at", col), e.period.start, e.period.end))
    return out


TOO_MANY = "This question needs more filters than ZCQL allows in one query"


def too_many() -> ZcqlDraft:
    """A refusal that names no number (it must not read as an answer to the question)."""
    return unparsed(
        f"{TOO_MANY}, so I have not answered it; ask it with fewer filters (for example "
        "without the period or a section)."
    )


def describe(
    e: Entities, place: str, io: Investigator | None = None, visible: int = 0
) -> list[str]:
    """Every filter in the officer's words, in the order they read in a sentence."""
    parts = []
    if visible:
        parts.append(f" among the {visible} FIRs on your screen")
    if e.statuses:
        parts.append(" " + "/".join(s.lower() for s in e.statuses))
    if e.excluded_statuses:
        parts.append(" not " + " and not ".join(s.lower() for s in e.excluded_statuses))
    if e.modes:
        parts.append(" registered as " + "/".join(e.modes))
    if e.crimes:
        parts.append(" of " + ", ".join(c.label for c in e.crimes))
    if e.excluded_crimes:
        parts.append(" other than " + ", ".join(c.label for c in e.excluded_crimes))
    if e.sections:
        refs = [f"{a} {s}" for a, s in e.sections]
        parts.append(" citing " + ", ".join(refs) + " (or the counterpart across the cut-over)")
    if e.juvenile:
        parts.append(" involving a juvenile")
    if e.sexual_offence:
        parts.append(" that are sexual offences")
    if e.io_badge:
        parts.append(f" with IO {e.io_badge}")
    if io is not None:
        parts.append(f" with IO {io.io_name} (KGID {io.io_badge})")
    parts.extend(h.describe() for h in e.head_counts)
    parts.append(place)
    if e.period:
        parts.append(", registered " + e.period.describe())
    return parts
