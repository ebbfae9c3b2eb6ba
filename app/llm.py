"""The one place that builds the chat model: ChatGroq with a key, otherwise the offline engine."""

from __future__ import annotations

import httpx
from langchain_core.language_models import BaseChatModel

from app.settings import Settings


def build_chat_model(
    settings: Settings, http_async_client: httpx.AsyncClient | None = None
) -> BaseChatModel | None:
    """ChatGroq when GROQ_API_KEY is set; None means every node uses its offline engine."""
    if settings.groq_api_key is None:
        return None
    from langchain_groq import ChatGroq

    return ChatGroq(
        model=settings.groq_model,
        api_key=settings.groq_api_key,
        temperature=0,
        timeout=settings.groq_timeout_s,
        max_retries=settings.groq_max_retries,
        base_url=settings.groq_base_url,
        http_async_client=http_async_client,
    )
