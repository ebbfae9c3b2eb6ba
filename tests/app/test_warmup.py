"""The service's warm-up builds the shared per-process state before the first request."""

from __future__ import annotations

from datetime import date

from app.warmup import warm_up
from tools.knowledge.weights import _document_frequencies


def test_warm_up_builds_the_knowledge_term_statistics() -> None:
    _document_frequencies.cache_clear()
    warm_up(date(2026, 12, 4), "postgres")
    assert _document_frequencies.cache_info().currsize == 1


def test_warm_up_accepts_a_backend_without_a_sql_dialect() -> None:
    warm_up(date(2026, 12, 4), "catalyst")
    assert _document_frequencies.cache_info().currsize == 1
