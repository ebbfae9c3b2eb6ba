"""Web search over a SearxNG-style JSON API, limited to allowed domains and filtered for safety.

`GET {url}/search?q=...&format=json` -> `results[].url/title/content`. Only results whose host
is, or ends with, an allowed domain are kept; HTML is stripped; results that look like prompt
injection or carry unsafe text are dropped. Timeouts and bounded tenacity retries throughout.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from urllib.parse import urlsplit

import httpx
from pydantic import BaseModel, Field
from tenacity import (
    AsyncRetrying,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential,
)

from schemas.result import Citation
from tools.agent.base import AgentTool, ToolContext, ToolError, ToolOutput

NOT_CONFIGURED = "Web search is not configured on this deployment."
MAX_SNIPPET_CHARS = 400
MAX_RESULTS = 5

_TAG = re.compile(r"<[^>]{0,500}>")
_SPACE = re.compile(r"\s+")
UNSAFE_PATTERNS = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        r"\bignore (?:all |any )?(?:the )?(?:previous|prior|above) (?:instructions|prompts?)",
        r"\bdisregard (?:all |any )?(?:the )?(?:previous|prior|above|your)",
        r"\byou are now\b",
        r"\b(?:system|developer) prompt\b",
        r"\bnew instructions\b",
        r"\bcall (?:the )?(?:records|knowledge_base|web_search|vision|calculator)\b",
        r"\bprecinct[s]? (?:=|is )?\s*all\b",
        r"<\s*/?\s*(?:tool_output|system|script)",
        r"\bjailbreak\b",
    )
)


def clean_text(text: str) -> str:
    """Plain text: tags removed, entities decoded, whitespace collapsed, bounded."""
    stripped = _TAG.sub(" ", text or "")
    return _SPACE.sub(" ", html.unescape(stripped)).strip()[:MAX_SNIPPET_CHARS]


def is_unsafe(text: str) -> bool:
    """True when the text looks like an instruction aimed at the assistant."""
    return any(pattern.search(text) for pattern in UNSAFE_PATTERNS)


def host_allowed(url: str, allowed: Sequence[str]) -> bool:
    """https/http URL whose host equals an allowed domain or is a subdomain of one."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower().rstrip(".")
    if parts.scheme not in ("http", "https") or not host:
        return False
    return any(host == d or host.endswith("." + d) for d in (a.lower().strip(".") for a in allowed))


class _Retryable(Exception):
    """A 429 or 5xx reply worth one more bounded attempt."""


def _retryable(error: BaseException) -> bool:
    return isinstance(error, _Retryable | httpx.TransportError)


class SearxngClient:
    """A real httpx client for one SearxNG endpoint and one domain allow-list."""

    def __init__(
        self,
        base_url: str,
        allowed_domains: Sequence[str],
        *,
        client: httpx.AsyncClient | None = None,
        timeout_s: float = 4.0,
        attempts: int = 3,
        backoff_s: float = 0.2,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.allowed = tuple(allowed_domains)
        self.client = client or httpx.AsyncClient(timeout=timeout_s)
        self.timeout_s = timeout_s
        self.attempts = attempts
        self.backoff_s = backoff_s

    async def aclose(self) -> None:
        """Close the underlying HTTP client."""
        await self.client.aclose()

    async def _fetch(self, query: str) -> dict[str, object]:
        async for attempt in AsyncRetrying(
            stop=stop_after_attempt(self.attempts),
            wait=wait_exponential(multiplier=self.backoff_s, max=2.0),
            retry=retry_if_exception(_retryable),
            reraise=True,
        ):
            with attempt:
                response = await self.client.get(
                    f"{self.base_url}/search",
                    params={"q": query, "format": "json"},
                    timeout=self.timeout_s,
                )
                if response.status_code == 429 or response.status_code >= 500:
                    raise _Retryable(f"search endpoint answered {response.status_code}")
                response.raise_for_status()
                body = response.json()
                if not isinstance(body, dict):
                    raise ToolError("the search endpoint returned an unexpected reply")
                return body
        raise ToolError("the search endpoint did not answer")

    async def search(self, query: str, limit: int = MAX_RESULTS) -> ToolOutput:
        """Allowed, safe results as citations of kind 'web'."""
        if not self.allowed:
            return ToolOutput(text="Web search has no allowed domains configured.", ok=False)
        try:
            body = await self._fetch(query)
        except (_Retryable, httpx.HTTPError, ValueError) as error:
            raise ToolError(f"web search failed: {type(error).__name__}") from error
        raw = body.get("results")
        citations: list[Citation] = []
        dropped = 0
        for item in raw if isinstance(raw, list) else []:
            if not isinstance(item, dict):
                continue
            url = str(item.get("url", ""))
            title = clean_text(str(item.get("title", "")))
            content = clean_text(str(item.get("content", "")))
            if not host_allowed(url, self.allowed):
                dropped += 1
                continue
            if is_unsafe(title) or is_unsafe(content):
                dropped += 1
                continue
            citations.append(Citation(kind="web", id=url[:300], title=title[:200], snippet=content))
            if len(citations) >= limit:
                break
        if not citations:
            return ToolOutput(
                text="No results from the allowed domains.", data={"dropped": dropped}, ok=False
            )
        lines = [f"[{i}] {c.title} ({c.id}): {c.snippet}" for i, c in enumerate(citations, 1)]
        return ToolOutput(text="\n".join(lines), citations=citations, data={"dropped": dropped})


class WebSearchArgs(BaseModel):
    """Arguments of the web_search tool."""

    query: str = Field(min_length=1, max_length=300)


async def run_web_search(args: WebSearchArgs, ctx: ToolContext) -> ToolOutput:
    """Search the configured endpoint, or say honestly that none is configured."""
    client = getattr(ctx.services, "web_search", None) if ctx.services is not None else None
    if client is None:
        return ToolOutput(text=NOT_CONFIGURED, ok=False, unavailable=True)
    output: ToolOutput = await client.search(args.query)
    return output


WEB_SEARCH = AgentTool(
    name="web_search",
    description="Search public web pages from the allowed official domains (news, circulars).",
    args_schema=WebSearchArgs,
    run=run_web_search,
    timeout_s=6.0,
)
