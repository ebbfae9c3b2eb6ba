"""An aggregate filtered on a column masked for the officer is refused on Catalyst.

The SQL sources mask a cell before the statement's WHERE reads it, so a count filtered on
`brief_facts` counts only records whose narrative the officer may read. Catalyst cannot
take the sources: its count would include records where the value is masked for the
officer, and an aggregate row carries no record the post-filter could check, so such a row
used to be withheld whole and the answer read "no matching records". The statement is
refused before it is sent instead, naming why; the refusal depends only on the statement
and the officer, never on what the Data Store holds, so it says nothing of whether rows
exist.
"""

from __future__ import annotations

from sqlglot import exp

from schemas.errors import QueryRejected
from schemas.officer import Officer
from schemas.records import CASE_TABLES
from validators.clearance.policy import ClearancePolicy
from validators.clearance.projection import ColumnRef, condition_columns
from validators.zcql.validate import AcceptedStatement


class MaskedFilterRefused(QueryRejected):
    """An aggregate reads, outside its select list, a column masked for the officer."""

    safe_message = (
        "I can't answer that here: it counts or groups records by a detail that is withheld "
        "from you in some of them, so this records backend cannot give a number within your "
        "clearance. Ask without that detail."
    )


def aggregates(tree: exp.Select) -> bool:
    """The statement's rows are aggregates (an aggregate function, GROUP BY or DISTINCT)."""
    selected = any(item.find(exp.AggFunc) is not None for item in tree.expressions)
    return selected or tree.args.get("group") is not None or bool(tree.args.get("distinct"))


def masked_conditions(
    statement: AcceptedStatement, officer: Officer, policy: ClearancePolicy
) -> list[ColumnRef]:
    """Columns read outside the select list that a column rule may mask for the officer."""
    return sorted(
        (
            ref
            for ref in condition_columns(statement.tree)
            if ref.table in CASE_TABLES and policy.unsatisfied(officer, ref.table, ref.column)
        ),
        key=lambda r: (r.alias, r.column),
    )


def refuse_masked_aggregate(
    statement: AcceptedStatement, officer: Officer, policy: ClearancePolicy
) -> None:
    """Raise `MaskedFilterRefused` for an aggregate filtered on a column masked for the officer."""
    if not aggregates(statement.tree):
        return
    masked = masked_conditions(statement, officer, policy)
    if masked:
        named = ", ".join(f"{r.table}.{r.column}" for r in masked)
        raise MaskedFilterRefused([f"an aggregate reads {named}, masked for this officer"])
