"""The fallback engine's outside services, wired to exactly the same stages as the pipelines."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from app.settings import Settings
from graph.context import GraphContext
from schemas.officer import Officer
from schemas.page_context import PageContext
from schemas.result import Citation
from tools.agent.base import ToolOutput
from tools.agent.services import FallbackServices
from tools.knowledge.answer import compose_extractive_answer, is_abstention


@dataclass
class RecordsPath:
    """The records service as the fallback engine's records tool (same stages, same audit)."""

    context: GraphContext

    async def __call__(
        self, question: str, officer: Officer, page_context: PageContext | None
    ) -> ToolOutput:
        outcome = await self.context.records_service.ask(
            question, officer, active_fir_id=page_context.active_fir_id if page_context else None
        )
        answer = outcome.answer
        if answer is None:
            return ToolOutput(
                text=outcome.message,
                ok=False,
                data={"rejected": outcome.rejected},
                audit_notes=outcome.notes,
            )
        return ToolOutput(
            text=answer.text,
            records=answer.table,
            citations=[
                Citation(kind="record", id="zcql", title="Query that ran", snippet=answer.statement)
            ],
            data={
                "intent": outcome.draft.intent if outcome.draft else "",
                "rows": len(answer.table),
            },
            audit_notes=outcome.notes,
        )


@dataclass
class KnowledgePath:
    """The knowledge service's retrieval (filter inside the query, re-checked once)."""

    context: GraphContext

    async def __call__(self, question: str, officer: Officer) -> ToolOutput:
        cleared = await asyncio.to_thread(self.context.knowledge.retrieve, question, officer)
        passages = cleared.passages
        result = compose_extractive_answer(question, passages)
        return ToolOutput(
            text=result.answer,
            citations=result.citations,
            data={"passages": len(passages), "abstained": is_abstention(result)},
        )


@dataclass
class QuickMLReasoner:
    """Adapts the QuickML VLM client to the fallback engine's vision protocol."""

    client: object

    async def ask(self, image_bytes: bytes, prompt: str) -> str:
        answer = await self.client.ask(image_bytes, prompt)  # type: ignore[attr-defined]
        return str(answer.text)


def fallback_services(context: GraphContext, settings: Settings) -> FallbackServices:
    """Records and knowledge always; web search and image reasoning only when configured."""
    web_search = None
    if settings.web_search_url:
        from tools.agent.web_search import SearxngClient

        web_search = SearxngClient(settings.web_search_url, settings.web_search_allowed_domains)
    vision = None
    if settings.quickml_endpoint_url and settings.catalyst_token:
        from tools.vision.quickml import QuickMLVisionClient

        token = settings.catalyst_token.get_secret_value()

        async def token_provider() -> str:
            return token

        key = settings.quickml_endpoint_key
        vision = QuickMLReasoner(
            QuickMLVisionClient(
                settings.quickml_endpoint_url,
                key.get_secret_value() if key else None,
                token_provider,
                settings.catalyst_org_id,
            )
        )
    return FallbackServices(
        records=RecordsPath(context),
        knowledge=KnowledgePath(context),
        web_search=web_search,
        vision=vision,
    )
