"""A fake graph context for the records nodes: the hand-built case file behind a real service."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from langgraph.runtime import Runtime

from graph.context import GraphContext
from tools.records.service import RecordsService
from tools.records.sqlite_executor import SqliteExecutor
from tools.text2zcql.offline import OfflineZcqlGenerator
from validators.clearance.policy import load_policy

NOW = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)


def runtime_over(db: Path) -> Runtime[GraphContext]:
    """A runtime whose context has only what the records nodes use."""
    executor = SqliteExecutor(db)
    service = RecordsService(
        generator=OfflineZcqlGenerator(),
        executor=executor,
        policy=load_policy(),
        clock=lambda: NOW,
    )
    return Runtime(context=GraphContext(records_service=service, records=executor))
