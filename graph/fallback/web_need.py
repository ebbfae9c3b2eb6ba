"""Whether a question asks for the web: in so many words ("search online", "check on the
internet"), or implicitly (the latest news, a recent circular, the Gazette, a figure that
changes day to day: today's price of something, a rate as it stands now)."""

from __future__ import annotations

import re

WEB_EXPLICIT = re.compile(
    r"\b(search the (?:web|internet)|web search|internet search|google|online news"
    r"|(?:check|search|look(?: it)? up|find(?: out)?|verify|browse) (?:it |this |that )?"
    r"(?:online|on the (?:web|internet)|the (?:web|internet)))\b",
    re.I,
)
LIVE_FIGURE = re.compile(
    r"\b(?:current|today'?s|present|prevailing|live)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:price|rate|exchange rate|tariff|value|index)s?\b"
    r"|\b(?:price|rate|exchange rate|tariff|value|index)s?\b(?:\s+[\w-]+){0,4}?\s+"
    r"(?:as (?:of|on) (?:today|now|date)|right now|today)\b",
    re.I,
)
WEB_IMPLICIT = re.compile(
    rf"\b(latest|news|recent (?:notification|circular)|gazette)\b|{LIVE_FIGURE.pattern}", re.I
)


def asks_web_search(question: str) -> bool:
    """The officer asks in so many words for a web or internet search (the router's test)."""
    return WEB_EXPLICIT.search(question) is not None


def asks_live_figure(question: str) -> bool:
    """A figure that changes day to day (a price, a rate "as of today"): only the web has it."""
    return LIVE_FIGURE.search(question) is not None
