"""Two whole assistants (graph, guardrail, audit) over two records worlds, on one event loop."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Sequence
from contextlib import AsyncExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.assistant import Assistant
from app.settings import Settings
from app.wiring import open_assistant
from schemas.officer import Officer
from schemas.page_context import PageContext
from schemas.request import ChatRequest
from tests.browser.harness import Shared
from tests.noninterference.world import World, write_sqlite

#: Fields that may differ between two runs of the same request.
RUN_FIELDS = {"request_id", "timings_ms", "audit_head"}


def officer_response(response: Any) -> dict[str, Any]:
    """The response as the officer receives it, less request id, timings and audit head."""
    return {k: v for k, v in response.model_dump(mode="json").items() if k not in RUN_FIELDS}


class GraphPair:
    """Assistants A and B; each example rewrites their records and asks both the same."""

    def __init__(self, base: Path, demo_home: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.stack = AsyncExitStack()
        self.homes = [base / "a", base / "b"]
        shutil.copytree(demo_home / "qdrant", base / "qdrant")
        from tools.knowledge.index import KnowledgeIndex

        self.index = KnowledgeIndex.open(path=base / "qdrant", collection="sop_kb")
        self.assistants: list[Assistant] = []
        self.conversations = 0
        for home in self.homes:
            home.mkdir()
            write_sqlite(home / "records.db", {"firs": [], "persons": [], "vehicles": []})
            settings = Settings(home=home)
            opened = open_assistant(settings, knowledge=Shared(self.index))
            self.assistants.append(
                self.loop.run_until_complete(self.stack.enter_async_context(opened))
            )

    def close(self) -> None:
        self.loop.run_until_complete(self.stack.aclose())
        self.index.close()
        self.loop.close()

    def ask(
        self,
        worlds: list[World],
        officer: Officer,
        message: str,
        page_fir: str | None = None,
        history: Sequence[str] = (),
    ) -> list[dict[str, Any]]:
        """Each assistant's officer-visible response to the same request over its world; with
        `history`, asked in a new conversation after those earlier questions."""
        for home, world in zip(self.homes, worlds, strict=True):
            write_sqlite(home / "records.db", world)
        self.conversations += 1
        conversation = f"ni-{self.conversations}" if history else None
        out = []
        for assistant in self.assistants:
            for earlier in history:
                self.loop.run_until_complete(
                    assistant.ask(
                        officer, ChatRequest(message=earlier, conversation_id=conversation)
                    )
                )
            page = (
                PageContext(
                    schema_version="1",
                    captured_at=datetime.now(UTC),
                    active_fir_id=page_fir,
                    current_module="fir_view",
                    visible_record_ids=[page_fir],
                )
                if page_fir
                else None
            )
            request = ChatRequest(message=message, page_context=page, conversation_id=conversation)
            response = self.loop.run_until_complete(assistant.ask(officer, request))
            out.append(officer_response(response))
        return out
