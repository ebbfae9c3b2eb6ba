"""Paging for `trend` and `compare` drafts, whose rows are `registered_at` values in time order.

ZCQL has no date functions, so such a statement selects `registered_at` (first page
`LIMIT 0, 300`); the answer step counts rows per month or period
(`tools.records.answer`). When the first page comes back full, SQLite and PostgreSQL count
every matching FIR per day in the database (`RecordsExecutor.day_counts`, over the same
cleared sources); on Catalyst the service asks for the next page with `next_page`.
"""

from __future__ import annotations

import re

_LIMIT = re.compile(r"\bLIMIT\s+(\d+)\s*,\s*(\d+)\s*$", re.IGNORECASE)


def next_page(statement: str) -> str:
    """The same trend statement with its `LIMIT offset, count` moved one page on."""
    m = _LIMIT.search(statement)
    if m is None:
        raise ValueError("a trend statement ends with LIMIT offset, count")
    offset, count = int(m[1]), int(m[2])
    return f"{statement[: m.start()]}LIMIT {offset + count}, {count}"
