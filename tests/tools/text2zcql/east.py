"""Shared helpers for parser tests: read a question as an officer of Bengaluru East on the
eval sets' fixed day, and check every statement the reader writes passes the validator."""

from __future__ import annotations

from datetime import date

from tools.domain.places import stations_in
from tools.text2zcql.base import ZcqlDraft, ZcqlRequest
from tools.text2zcql.offline import parse
from validators.zcql.validate import validate

TODAY = date(2026, 12, 3)
EAST = tuple(sorted(s.precinct_id for s in stations_in("Bengaluru East")))


def draft(text: str, history: tuple[str, ...] = ()) -> ZcqlDraft:
    """The reader's draft; a statement it writes must be one the validator accepts."""
    d = parse(ZcqlRequest(text, EAST, TODAY, history=history))
    if d.statement is not None:
        assert validate(d.statement, EAST).accepted_statement is not None, d.statement
    return d


def sql(text: str, history: tuple[str, ...] = ()) -> str:
    """The statement the reader writes (the test fails with its question if it writes none)."""
    d = draft(text, history)
    assert d.statement is not None, d.clarification or d.unparsed_reason
    return d.statement
