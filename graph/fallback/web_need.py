"""Whether a question asks for the web: in so many words ("search online", "check on the
internet"), or implicitly (the latest news, a recent circular, the Gazette)."""

from __future__ import annotations

import re

WEB_EXPLICIT = re.compile(
    r"\b(search the (?:web|internet)|web search|internet search|google|online news"
    r"|(?:check|search|look(?: it)? up|find(?: out)?|verify|browse) (?:it |this |that )?"
    r"(?:online|on the (?:web|internet)|the (?:web|internet)))\b",
    re.I,
)
WEB_IMPLICIT = re.compile(r"\b(latest|news|recent (?:notification|circular)|gazette)\b", re.I)


def asks_web_search(question: str) -> bool:
    """The officer asks in so many words for a web or internet search (the router's test)."""
    return WEB_EXPLICIT.search(question) is not None
