"""Arrests counted per month, quarter, half year or year ("arrests month by month this year").

Drafted like an FIR trend (`tools.text2zcql.trend`): the statement selects the arrested
accused's `arrested_at` in time order (first page `LIMIT 0, 300`) and the answer step counts
the dates per bucket. The period is the date of arrest, as for every arrest count; FIR filters
(station, crime) go through the persons-FIRs join.
"""

from __future__ import annotations

from dataclasses import replace

from tools.text2zcql import builder as b
from tools.text2zcql.base import ZcqlDraft
from tools.text2zcql.conditions import filters, too_many
from tools.text2zcql.entities import Entities
from tools.text2zcql.persons import PersonWords, person_conditions

_STEP = {(): "Month", ("year",): "Year", ("quarter",): "Quarter", ("half",): "Half-year"}


def arrests_trend(
    e: Entities, precincts: list[str], about: str, who: PersonWords, buckets: tuple[str, ...]
) -> ZcqlDraft:
    """Arrested accused counted per bucket of their date of arrest (`buckets` as a trend's)."""
    fir_filters = filters(replace(e, period=None), "firs")
    prefix = "persons." if fir_filters else ""
    where = [
        b.equals_any(f"{prefix}precinct_id", precincts),
        *([b.equals_any("firs.precinct_id", precincts)] if fir_filters else []),
        b.flag(f"{prefix}arrested"),
        *person_conditions(who, "persons" if fir_filters else ""),
        *fir_filters,
        *(b.date_bounds(f"{prefix}arrested_at", e.period.start, e.period.end) if e.period else []),
    ]
    if b.cost(where) > b.MAX_CONDITIONS:
        return too_many()
    column = f"{prefix}arrested_at"
    join = b.PERSONS_WITH_FIRS if fir_filters else ""
    statement = b.select(
        (column,), "persons", where, join=join, order=column, limit=f"0, {b.LIST_LIMIT}"
    )
    when = f", arrested {e.period.describe()}" if e.period else ""
    return ZcqlDraft(
        statement,
        "trend",
        f"{_STEP[buckets]}-wise arrests of accused in FIRs{about}{when}.",
        filters=(about.strip(" ,"), when.strip(" ,")),
        buckets=buckets,
    )
