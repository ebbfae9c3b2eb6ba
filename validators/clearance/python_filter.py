"""The policy applied in Python to unmasked rows: Catalyst results and other tools' records."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from schemas.officer import Officer
from schemas.records import CASE_TABLES, TABLE_COLUMNS
from validators.clearance.cleared import (
    ClearedRows,
    masked_value,
)
from validators.clearance.conditions import Facts
from validators.clearance.policy import ClearancePolicy
from validators.clearance.projection import CellSource, ColumnRef, DerivedRef
from validators.clearance.rules import (
    Record,
    RecordContext,
    derived_mask_reason,
    mask_reason,
    row_facts,
    unknown_column_reason,
    withheld_reason,
)


def cell_reason(
    officer: Officer,
    policy: ClearancePolicy,
    key: str,
    source: CellSource | None,
    facts: Mapping[str, Facts],
) -> str | None:
    """Why one cell is masked for this officer, or None when it may be shown."""
    if isinstance(source, DerivedRef):
        return derived_mask_reason(officer, policy, source)
    if source is None:
        return unknown_column_reason(officer, policy, key)
    if source.table not in CASE_TABLES:
        return None
    return mask_reason(officer, policy, source, facts.get(source.alias, Facts({}, {})))


def _matched_on_protected(
    officer: Officer,
    policy: ClearancePolicy,
    matched_on: Iterable[ColumnRef],
    facts: Mapping[str, Facts],
) -> bool:
    """A row selected by a condition over a value the officer may not see in it."""
    for ref in matched_on:
        if (
            ref.table in CASE_TABLES
            and policy.unsatisfied(officer, ref.table, ref.column)
            and mask_reason(officer, policy, ref, facts.get(ref.alias, Facts({}, {})))
        ):
            return True
    return False


def _resolve_sources(
    rows: Sequence[Record], sources: str | Mapping[str, CellSource]
) -> dict[str, CellSource]:
    if not isinstance(sources, str):
        return dict(sources)
    keys = {k for row in rows for k in row}
    known = TABLE_COLUMNS.get(sources, ())
    return {k: ColumnRef(sources, sources, k) for k in keys if k in known}


def filter_rows(
    rows: Sequence[Record],
    officer: Officer,
    policy: ClearancePolicy,
    context_rows: RecordContext | None = None,
    *,
    sources: str | Mapping[str, CellSource],
    aliases: Mapping[str, str] | None = None,
    columns: Sequence[str] | None = None,
    jurisdiction_checked: bool = False,
    sensitivity_checked: bool = False,
    matched_on: Iterable[ColumnRef] = (),
    links: Mapping[str, str] | None = None,
) -> ClearedRows:
    """The policy applied in Python to unmasked rows (Catalyst, records from other tools).

    `sources` is a table name (every key is that table's column) or result key -> source
    (`projection.column_sources`). `context_rows` supplies base-table facts by key. A row
    is withheld unless every case-data alias is provably visible (`unverifiable_record`
    otherwise); a cell is masked unless provably visible. `jurisdiction_checked` accepts
    an unknown precinct because the ZCQL validator already confined the statement;
    `sensitivity_checked` accepts an unknown sensitivity because the statement's own WHERE
    bounds it (`where_scope.bounds_sensitivity`).
    `matched_on` are columns the statement filtered or joined on: a row matched through a
    value the officer may not see is dropped silently, as the masked SQL scope would never
    have matched it. `links` ties persons/vehicles aliases to the FIR alias they were
    joined to (`projection.fir_links`). Rows whose origin cannot be told at all (no
    `aliases` and no source naming a table) are withheld as unverifiable.
    """
    context = context_rows or RecordContext()
    srcs = _resolve_sources(rows, sources)
    alias_map = (
        dict(aliases)
        if aliases is not None
        else {s.alias: s.table for s in srcs.values() if isinstance(s, ColumnRef)}
    )
    if aliases is None and not alias_map:
        alias_map = {"?": "firs"}
    conditions = list(matched_on)
    unscoped = [r for r in conditions if r.alias not in alias_map]
    if any(policy.unsatisfied(officer, r.table, r.column) for r in unscoped):
        rows = []
    reasons: Counter[str] = Counter()
    cleared: list[dict[str, Any]] = []
    withheld = masked = 0
    for row in rows:
        facts = row_facts(row, srcs, alias_map, context, links)
        if _matched_on_protected(officer, policy, conditions, facts):
            continue
        hidden = next(
            (
                r
                for a, t in alias_map.items()
                if t in CASE_TABLES
                and (
                    r := withheld_reason(
                        officer,
                        policy,
                        t,
                        facts[a],
                        jurisdiction_checked=jurisdiction_checked,
                        sensitivity_checked=sensitivity_checked,
                    )
                )
            ),
            None,
        )
        if hidden is not None:
            withheld += 1
            reasons[hidden] += 1
            continue
        out: dict[str, Any] = {}
        for key, value in row.items():
            source = srcs.get(key)
            reason = cell_reason(officer, policy, key, source, facts)
            if reason is None:
                out[key] = value
                continue
            out[key] = masked_value(policy, source, key)
            masked += 1
            reasons[reason] += 1
        cleared.append(out)
    return ClearedRows(
        columns=list(columns) if columns is not None else list(rows[0]) if rows else [],
        rows=cleared,
        withheld_rows=withheld,
        masked_fields=masked,
        reasons=dict(reasons),
        policy_version=policy.version,
    )
