"""The arithmetic expression a question writes out ("240 divided by 16", "18% of 2,35,000",
"multiply 36 by 25"): the longest stretch of numbers and operators, with amounts said with a
scale word written as plain numbers and dates, clock times and FIR numbers masked."""

from __future__ import annotations

import re

from graph.fallback.numbers import quantities
from schemas.records import FIR_ID_PATTERN
from tools.request_memo import per_request

_MASKS = (
    re.compile(rf"\b{FIR_ID_PATTERN}\b", re.IGNORECASE),
    re.compile(r"\b\d{4}-\d{2}-\d{2}\b"),
    re.compile(r"\b\d{1,2}[/.\-]\d{1,2}[/.\-](?:\d{4}|\d{2})\b"),
    re.compile(r"\b\d{1,2}[:.]\d{2}\b"),
    re.compile(r"\b\d{1,5}/(?:19|20)\d{2}\b"),
)
_SPAN = re.compile(
    r"(?:\b(?:round|abs|min|max|of|percent|per cent)\b|₹|[\d.()+\-*/%^×÷,\s])+", re.IGNORECASE
)
_PERCENT_OF = re.compile(r"\d\s*(?:%|percent|per cent)\s*of\s*₹?\s*\d", re.IGNORECASE)
_OPERATOR = re.compile(
    r"\d\s*[)]*\s*(?:\*\*|//|[+\-*/%^×÷])\s*[(]*\s*₹?[\d(]|\b(?:round|abs|min|max)\("
)


MULTIPLY = re.compile(r"\bmultiply\s+(?P<a>₹?\d[\d,.]*)\s+(?:by|with|and)\s+(?=[₹\d(])", re.I)
"""'multiply 36 by 25': the 'by' is a product here, not the 'by' of a division."""
WORD_OPERATORS = (
    (MULTIPLY, r"\g<a> * "),
    (re.compile(r"(?<=\d)\s+(?:divided by|by)\s+(?=[₹\d(])", re.I), " / "),
    (re.compile(r"(?<=\d)\s+(?:multiplied by|times|into)\s+(?=[₹\d(])", re.I), " * "),
    (re.compile(r"(?<=\d)\s+plus\s+(?=[₹\d(])", re.I), " + "),
    (re.compile(r"(?<=\d)\s+minus\s+(?=[₹\d(])", re.I), " - "),
)


@per_request
def extract_expression(question: str) -> str | None:
    """The arithmetic expression in a question, if it has one ("240 divided by 16" too)."""
    text = _scaled_written_out(question)
    for words, symbol in WORD_OPERATORS:
        text = words.sub(symbol, text)
    for mask in _MASKS:
        text = mask.sub(" # ", text)
    best: str | None = None
    for match in _SPAN.finditer(text):
        span = re.sub(r"^(?:\s|of\b|,)+|(?:\s|of\b|[,.])+$", "", match.group(0), flags=re.I)
        arithmetic = _OPERATOR.search(span) or _PERCENT_OF.search(span)
        if arithmetic and (best is None or len(span) > len(best)):
            best = span
    if best is None:
        return None
    while best.startswith("(") and best.count("(") > best.count(")"):
        best = best[1:].strip()
    while best.endswith(")") and best.count(")") > best.count("("):
        best = best[:-1].strip()
    return best or None


def _scaled_written_out(question: str) -> str:
    """Amounts said with a scale word written as plain numbers ("12.5% of 3 lakh 60 thousand"
    -> "12.5% of 360000"), so the arithmetic span takes the whole amount."""
    for q in reversed(quantities(question)):
        if re.search(r"[a-z]", q.text, re.IGNORECASE) and not q.percent:
            question = f"{question[: q.start]}{q.literal}{question[q.start + len(q.text) :]}"
    return question
