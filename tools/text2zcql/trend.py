"""Paging for `trend` and `compare` drafts, whose rows are `registered_at` values in time order.

ZCQL has no date functions, so such a statement selects `registered_at` (first page
`LIMIT 0, 300`); the answer step counts rows per month or period
(`tools.records.answer`) and, while a page comes back full, the executor asks for the next
one with `next_page`.
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
