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
_NOW_SAID = r"(?:aaj|aj|abhi|ivattu|ivatthu|ivathu|indu|ee dina)"
"""'today' / 'now' in Hinglish and Kanglish."""
_PRICE_SAID = r"(?:price|rate|bhav|bhaav|daam|dam|keemat|kimat|dara|bele)"
"""'price' / 'rate' as officers say it in English, Hindi and Kannada."""
_MARKET = r"(?:sensex|nifty|stock market|share market|bitcoin)"
"""Market figures that change by the minute."""
LIVE_FIGURE = re.compile(
    r"\b(?:current|today'?s|present|prevailing|live)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:price|rate|exchange rate|tariff|value|index)s?\b"
    r"|\b(?:price|rate|exchange rate|tariff|value|index)s?\b(?:\s+[\w-]+){0,4}?\s+"
    r"(?:as (?:of|on) (?:today|now|date)|right now|today)\b"
    rf"|\b{_NOW_SAID}\b(?:\s+[\w-]+){{0,6}}?\s+{_PRICE_SAID}\b"
    rf"|\b{_PRICE_SAID}\b(?:\s+[\w-]+){{0,4}}?\s+{_NOW_SAID}\b"
    rf"|\b{_MARKET}\b(?:\s+[\w-]+){{0,3}}?\s+(?:today|now|right now|{_NOW_SAID})\b"
    rf"|\b(?:today'?s|current|live)\s+{_MARKET}\b",
    re.I,
)
_RECENT = r"(?:this (?:week|month)|today|yesterday|last (?:week|few days)|recent(?:ly)?|latest)"
_RULING = r"(?:rulings?|judg(?:e)?ments?|verdicts?|decisions?)"
RECENT_RULING = re.compile(
    rf"\b{_RECENT}(?:'s)?\s+(?:[\w-]+\s+){{0,3}}?{_RULING}\b"
    rf"|\b{_RULING}\b(?:\s+[\w-]+){{0,5}}?\s+{_RECENT}\b"
    rf"|\b(?:supreme|high|apex) court\b(?:\s+[\w'-]+){{0,5}}?\s+(?:said|ruled|held|decided)\s+"
    rf"{_RECENT}\b",
    re.I,
)
"""A court ruling of the last days ("any Supreme Court ruling this week on UAPA bail"): news
the knowledge base, fixed at its last review, cannot hold."""
WEB_IMPLICIT = re.compile(
    rf"\b(latest|news|headlines?|recent (?:notification|circular)|gazette)\b|{LIVE_FIGURE.pattern}"
    rf"|{RECENT_RULING.pattern}",
    re.I,
)


WEB_ONLY = re.compile(
    rf"\b(?:news|headlines?|gazette|press releases?|recent (?:notification|circular)s?)\b"
    rf"|{LIVE_FIGURE.pattern}|{RECENT_RULING.pattern}",
    re.I,
)
"""What only the web has even when records are named beside it (news, the Gazette, today's
rate); unlike "latest", which a records question uses for its newest FIRs."""


def asks_web_search(question: str) -> bool:
    """The officer asks in so many words for a web or internet search (the router's test)."""
    return WEB_EXPLICIT.search(question) is not None


def asks_live_figure(question: str) -> bool:
    """A figure that changes day to day (a price, a rate "as of today"): only the web has it."""
    return LIVE_FIGURE.search(question) is not None


def live_figure_clause(question: str) -> str | None:
    """The clause that asks for a day-to-day figure ("aaj diesel ka rate kitna hai" of
    "..., vehicle log ke liye"), so a reason given beside it is not read as the question."""
    return _clause_of(LIVE_FIGURE, question)


def web_part(question: str) -> str | None:
    """The clause asking for what only the web has (a day-to-day figure, the news, a recent
    circular), to name it when web search is not configured."""
    return _clause_of(LIVE_FIGURE, question) or _clause_of(WEB_IMPLICIT, question)


PURPOSE = re.compile(
    r"\s+(?:for|to use in|needed for|need(?:ed)? it for|ke liye)\s+(?:the|a|an|my|our|this|that)\b",
    re.IGNORECASE,
)
"""Where a reason starts after what is asked ("... price in rupees for the crypto scam FIR")."""


def _clause_of(pattern: re.Pattern[str], question: str) -> str | None:
    """The clause around the pattern's first match: from the punctuation before it to the
    punctuation, or the reason ("for the ..."), after it."""
    m = pattern.search(question)
    if m is None:
        return None
    start = max(question.rfind(mark, 0, m.start()) for mark in ",;?.!")
    ends = [i for i in (question.find(mark, m.end()) for mark in ",;?.!") if i >= 0]
    purpose = PURPOSE.search(question, m.end())
    ends += [purpose.start()] if purpose is not None else []
    return question[start + 1 : min(ends, default=len(question))]
