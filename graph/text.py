"""Text normalisation and recognisers used by the orchestrator and the router's overrides."""

from __future__ import annotations

import re
import unicodedata

CONTROL_CHARS = re.compile(
    r"[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]"
)
SPACES = re.compile(r"\s+")
SLASH_COMMAND = re.compile(r"^/([a-z]+)\b\s*(.*)$", re.IGNORECASE | re.DOTALL)

FIR_CANONICAL = re.compile(r"\bFIR[-\s]((?:19|20)\d{2})[-\s](\d{5})\b", re.IGNORECASE)
FIR_SERIAL_YEAR = re.compile(
    r"\b(?:fir|crime|case)\s*(?:no\.?|number|#)?\s*[:#]?\s*(\d{1,5})\s*(?:/|of|-)\s*((?:19|20)\d{2})\b",
    re.IGNORECASE,
)
FIR_SERIAL_ONLY = re.compile(
    r"\b(?:fir|crime\s*no\.?)\s*(?:no\.?|number)?\s*#?\s*(\d{2,5})\b", re.IGNORECASE
)

GREETING = re.compile(
    r"^(hi+|hello+|hey+|namaste|namaskara|good (morning|afternoon|evening|night)|thanks?( you)?|"
    r"thank u|thx|ty|dhanyavaad(a|agalu)?|shukriya|bye|goodbye|see you|ok(ay)? thanks?|"
    r"who are you|what can you do|help me)[\s!.,?]*(sir|madam|team)?[\s!.,?]*$",
    re.IGNORECASE,
)
REFERENT = re.compile(
    r"\b(this|that|the same|current|above|selected)\s+"
    r"(fir|case|complaint|one|record|crime|vehicle)\b"
    r"|\b(his|her|their|its)\s+(other\s+)?(cases?|firs?|records?|vehicles?|status|io)\b"
    r"|\bon this one\b|\bthis one\b",
    re.IGNORECASE,
)


def normalise(text: str) -> str:
    """NFKC, control and zero-width characters removed, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text)
    text = CONTROL_CHARS.sub("", text)
    return SPACES.sub(" ", text).strip()


def fir_ids_in(text: str) -> list[str]:
    """Canonical FIR ids (FIR-YYYY-NNNNN) written in any common form."""
    found: list[str] = []
    for year, serial in FIR_CANONICAL.findall(text):
        found.append(f"FIR-{year}-{int(serial):05d}")
    for serial, year in FIR_SERIAL_YEAR.findall(text):
        found.append(f"FIR-{year}-{int(serial):05d}")
    return list(dict.fromkeys(found))


def mentions_fir_number(text: str) -> bool:
    """True for a FIR number with or without a year ("FIR #4029")."""
    return bool(fir_ids_in(text) or FIR_SERIAL_ONLY.search(text))


def is_smalltalk(text: str) -> bool:
    """Greetings, thanks, goodbyes and 'who are you'."""
    return bool(GREETING.match(text.strip()))


def has_referent(text: str) -> bool:
    """Phrases like 'this FIR' or 'his other cases' that need page context or history."""
    return bool(REFERENT.search(text))
