"""Month buckets for `trend` drafts, whose rows are `registered_at` values in time order.

ZCQL has no date functions, so a trend statement selects `registered_at` (first page
`LIMIT 0, 300`); the answer step counts rows per month here and, while a page comes back
full, asks for the next one with `next_page`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

_LIMIT = re.compile(r"\bLIMIT\s+(\d+)\s*,\s*(\d+)\s*$", re.IGNORECASE)


def month_counts(registered_at: Iterable[str]) -> dict[str, int]:
    """FIRs per month ('YYYY-MM' -> count), in month order."""
    counts = Counter(value[:7] for value in registered_at if value)
    return dict(sorted(counts.items()))


def next_page(statement: str) -> str:
    """The same trend statement with its `LIMIT offset, count` moved one page on."""
    m = _LIMIT.search(statement)
    if m is None:
        raise ValueError("a trend statement ends with LIMIT offset, count")
    offset, count = int(m[1]), int(m[2])
    return f"{statement[: m.start()]}LIMIT {offset + count}, {count}"
