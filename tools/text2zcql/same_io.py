"""Cases of the IO of an FIR already referred to ("other cases of the same IO", "what other
cases does that IO have pending?").

The FIR is the one open on screen, else the last one the conversation named. Its IO is read
by a `col = (SELECT ...)` subquery fenced to the caller's precincts, so the question is never
answered for every IO (a dropped filter would widen it); "other" leaves that FIR out.
"""

from __future__ import annotations

import re

from schemas.records import FIR_ID_PATTERN
from tools.text2zcql import builder as b

_SAME_IO = re.compile(
    r"\b(?:same|that|his|her|its)\s+(?:io|i\.o\.|investigating officer|investigation officer|"
    r"officer)\b",
    re.IGNORECASE,
)
_CASES = re.compile(r"\b(?:cases?|firs?|other|else|pending|workload)\b", re.IGNORECASE)
"""Asking for that IO's cases, not the IO: "cases", "what else is pending with that IO"."""
_OTHER = re.compile(r"\bother\b")
_ELSE = re.compile(r"\belse\b", re.IGNORECASE)
_ASKED_IO = re.compile(
    r"\b(?:io|i\.o\.|investigating officer|investigation officer|who is handling|handled by)\b",
    re.IGNORECASE,
)
_HIS = re.compile(
    r"\b(?:his|her|uske|uska|unke|unka|avara|avaru|avana|avala)\b"
    r"(?!\s+(?:io|i\.o\.|investigating officer|officer)\b)",
    re.IGNORECASE,
)
_FIR_ID = re.compile(FIR_ID_PATTERN, re.IGNORECASE)


def asks_same_io(text: str) -> bool:
    """Cases of the IO of an FIR referred to ("that IO's pending cases"), not the IO itself."""
    return bool(_SAME_IO.search(text) and _CASES.search(text))


def the_io_meant(question: str, history: tuple[str, ...]) -> str:
    """ "how many of his cases are pending" right after "who is the IO of FIR-X": "his" is
    that FIR's IO, read as "that IO"; with that IO's cases asked, "what else" is "what other".
    Unchanged unless the latest earlier question asked for the IO of a named FIR."""
    if not history or _FIR_ID.search(question):
        return question
    latest = history[-1]
    if _FIR_ID.search(latest) and _ASKED_IO.search(latest):
        question = _HIS.sub("that IO", question, count=1)
    if _SAME_IO.search(question):
        question = _ELSE.sub("other", question)
    return question


def referenced_fir(active_fir_id: str | None, history: tuple[str, ...]) -> str | None:
    """The FIR open on screen, else the last FIR number the conversation named."""
    if active_fir_id:
        return active_fir_id
    for earlier in reversed(history):
        found = _FIR_ID.findall(earlier)
        if found:
            return found[-1].upper()
    return None


def same_io_conditions(text: str, fir: str, precincts: list[str]) -> list[b.Condition]:
    """`io_badge` equal to that FIR's (read within the precincts), without the FIR itself
    when the question says "other"."""
    inner = b.select(
        ("io_badge",),
        "firs",
        [b.equals_any("precinct_id", precincts), b.equals_any("fir_id", [fir])],
    )
    out = [b.Condition(f"io_badge = ({inner})")]
    if _OTHER.search(text):
        out.append(b.Condition(f"fir_id != {b.quote(fir)}"))
    return out


def describe_same_io(text: str, fir: str) -> str:
    """The filter in the officer's words."""
    other = f", other than {fir}" if _OTHER.search(text) else ""
    return f" with the same IO as {fir}{other}"
