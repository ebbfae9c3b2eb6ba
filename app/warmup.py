"""Per-process work done once before the service takes traffic.

Without it the first questions after a start pay for what every later one reuses: the
knowledge base's term statistics (`tools.knowledge.weights`, about a quarter of a second of
CPU on the first knowledge question), the records reader's compiled patterns (its
dimension, period and place patterns, kept in `re`'s cache) and sqlglot's dialect for the
records database (imported on the first statement). Under load that lands on the first
concurrent officers at once. Nothing here reads records or writes the audit trail: it
runs the pure parts on a question of its own, after every other service is built (so the
patterns it compiles are the newest in `re`'s cache).
"""

from __future__ import annotations

from datetime import date

from sqlglot.dialects.dialect import Dialect

from tools.knowledge.weights import term_weight
from tools.text2zcql.understand import understand

SAMPLE_QUESTION = "how many burglaries per police station in Mysuru district last month"


def warm_up(today: date, records_backend: str) -> None:
    """Build the per-process statistics and patterns the answer paths share, and load the
    SQL dialect statements are written in for `records_backend` (when it has one)."""
    term_weight("fir")
    understand(SAMPLE_QUESTION, today)
    if records_backend in ("sqlite", "postgres"):
        Dialect.get_or_raise(records_backend)
