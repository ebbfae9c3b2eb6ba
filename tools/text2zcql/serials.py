"""FIR numbers written without a year ("FIR 4029"): which of the caller's FIRs they mean.

The parser drafts such a question over every year (`fir_id LIKE 'FIR-*-04029'`) and lists
the serials on the draft. Before it runs, the records service asks, through the same
validator and clearance as any statement, which FIRs with that serial the caller may see
(`probe`). One: the draft runs as written. Several: the officer is asked which, naming only
those (`question`). An FIR the caller may not see never reaches this module, so it is never
named.
"""

from __future__ import annotations

from collections.abc import Sequence

from tools.text2zcql import builder as b


def probe(precincts: Sequence[str], serials: Sequence[str]) -> str:
    """The statement listing the caller's FIRs with these serials, in any year."""
    where = [
        b.equals_any("precinct_id", list(precincts)),
        b.like_any("fir_id", [f"FIR-*-{s}" for s in serials]),
    ]
    return b.select(("fir_id",), "firs", where, order="fir_id", limit=str(b.LIST_LIMIT))


def question(fir_ids: Sequence[str]) -> str | None:
    """ "Which FIR do you mean: FIR-2024-02152 or FIR-2025-02152?" when several match."""
    found = list(dict.fromkeys(fir_ids))
    if len(found) < 2:
        return None
    shown = found[:8]
    more = f" (and {len(found) - len(shown)} more)" if len(found) > len(shown) else ""
    listed = ", ".join(shown[:-1]) + f" or {shown[-1]}"
    return (
        f"Which FIR do you mean: {listed}{more}? Several of your FIRs have that number; "
        "give the year (e.g. 4029/2026)."
    )
