"""Negation and exclusion: applied as a filter, or asked about, never set aside.

A negation word ("not", "no", "never", "nahi", "illa", "aagilla") or an exclusion word
("except", "excluding", "other than", "apart from", "besides", "without", "bina") turns the
filter next to it around. Three forms are read and applied (each a `!=` condition or a
smaller scope):

- a status ruled out: "not yet charge sheeted", "without chargesheet", "charge sheet nahi
  hue", "chargesheet aagilla", "other than closed";
- a crime ruled out: "other than theft", "excluding murder", "apart from cheating";
- a station ruled out: "excluding Whitefield", "except KR Puram PS", "other than Lashkar".

Any other negation word that no reading took is returned by `unapplied` so that the parser
asks about it ("I could not use 'not ...'") instead of answering the question without it.
Benign uses are not negations: "no. of", "FIR no 1739", and "... or not" closing a yes/no
question ("arrested or not").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_NEGATORS = (
    r"not|no|never|none|nahi|nahin|illa|aagilla|agilla|without|bina|except|excepting|excluding|"
    r"exclude|other than|apart from|besides|barring|leaving out|but not|yet to be|minus"
)
CUE = re.compile(rf"(?<![\w'-])(?:{_NEGATORS})(?![\w'-])")
"""A negation or exclusion word (in the parser's English; Hinglish and Kanglish kept)."""
_BENIGN = re.compile(
    r"(?<![\w'-])(?P<no>no)(?:\.|\s*(?=of\b|\d|:|#))"
    r"|\b(?:reg|registration|vehicle|fir|case|mobile|phone|contact|serial|crime)\s+(?P<label>no)\b"
)
"""Not a negation: "no. of witnesses", "no. KA05...", "no 1739", "vehicle no", "mobile no"."""
NOT_ARRESTED = re.compile(
    r"\b(?:not|never|yet to be|nobody|no one|none)\s+"
    r"(?:yet\s+|been\s+|was\s+|were\s+|has\s+|have\s+|had\s+|is\s+|are\s+|got\s+|being\s+)*"
    r"(?:arrested|held)\b|\b(?:absconding|at large|unarrested)\b|"
    r"\b(?:nahi|nahin|illa)\b[\w\s]{0,20}?\b(?:arrest|giraftar)|"
    r"\b(?:arrest|giraftar)\w*\s+(?:\w+\s+)?(?:nahi|nahin|illa|agilla|aagilla)\b|"
    r"\b(?:no|zero|without(?: any)?|not a single|koi|bina)\s+(?:single\s+)?arrests?\b|"
    r"\b(?:arrest|giraftar)\w*\s+(?:is\s+|still\s+|abhi\s+|innu\s+)?"
    r"(?:baaki|baki|bakki|pending|awaited)\b"
)
"""An arrest not made: read by the arrest readings, never as a bare negation."""
_BEFORE = (
    r"(?:not|no|not yet|never|never been|yet to be|except|excluding|exclude|other than|apart from|"
    r"besides|barring|but not|without|without any|bina|minus)"
)
_HINGLISH_AFTER = r"(?:\s+(?:abhi|innu|still|bhi|yet))?\s+(?:nahi|nahin|illa|aagilla|agilla)"
_EXCLUDE = (
    r"(?:except|excepting|excluding|exclude|other than|apart from|besides|barring|leaving out|"
    r"but not|not|minus)"
)
_FILLER = r"(?:\s+(?:the|any|all|those|ones|cases|firs|in|at|of|from|for|been|being|yet))*"


def _alternatives(phrases: Iterable[str]) -> str:
    words = sorted({p for p in phrases if p}, key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"[\s-]") for w in words)


@dataclass(frozen=True)
class RuledOut:
    """A phrase found ruled out, the span that says so, and the vocabulary key it names."""

    span: tuple[int, int]
    key: str


def _ruled_out(pattern: re.Pattern[str], text: str) -> list[RuledOut]:
    return [RuledOut(m.span(), m["key"].replace("-", " ")) for m in pattern.finditer(text)]


class Exclusions:
    """Patterns for statuses, crimes and stations ruled out, over a fixed vocabulary."""

    def __init__(
        self, statuses: Iterable[str], crimes: Iterable[str], stations: Iterable[str]
    ) -> None:
        status = _alternatives(statuses)
        self._status = re.compile(
            rf"(?<![\w'-]){_BEFORE}{_FILLER}\s+(?P<key>{status})(?![\w'-])"
            rf"|(?<![\w'-])(?P<key2>{status}){_HINGLISH_AFTER}(?![\w'-])"
        )
        self._crime = re.compile(
            rf"(?<![\w'-]){_EXCLUDE}{_FILLER}\s+(?P<key>{_alternatives(crimes)})(?:s|es)?(?![\w'-])"
        )
        self._station = re.compile(
            rf"(?<![\w'-]){_EXCLUDE}{_FILLER}\s+(?P<key>{_alternatives(stations)})"
            r"(?:\s+(?:ps|p\.s\.|police station|station|thana))?(?![\w'-])"
        )

    def statuses(self, text: str) -> list[RuledOut]:
        """Statuses ruled out ("not yet charge sheeted", "chargesheet aagilla")."""
        return [
            RuledOut(m.span(), (m["key"] or m["key2"]).replace("-", " ").replace("  ", " "))
            for m in self._status.finditer(text)
        ]

    def crimes(self, text: str) -> list[RuledOut]:
        """Crimes ruled out ("other than theft", "excluding murders")."""
        return _ruled_out(self._crime, text)

    def stations(self, text: str) -> list[RuledOut]:
        """Stations ruled out ("excluding Whitefield", "except KR Puram PS")."""
        return _ruled_out(self._station, text)


def unapplied(text: str, original: str) -> list[str]:
    """Negation words left in `text` (a question with the spans readings took blanked out),
    each shown with the words after it in `original` (same offsets) for the question back."""
    benign = {m.start("no") if m["no"] else m.start("label") for m in _BENIGN.finditer(original)}
    benign |= {m.start() for m in re.finditer(r"\bnot\b", original) if _or_not(original, m)}
    found = []
    for m in CUE.finditer(text):
        if m.start() in benign:
            continue
        after = original[m.start() :].split()
        found.append(" ".join(after[: len(m[0].split()) + 2]).strip(" ,;:.?!"))
    return found


def _or_not(text: str, m: re.Match[str]) -> bool:
    """ "... arrested or not?": a yes/no question, not a negation."""
    return bool(re.search(r"\b(?:or|ya|athava)\s+$", text[: m.start()])) and not text[
        m.end() :
    ].strip(" ?.!")


def has_negation(text: str) -> bool:
    """True when `text` holds a negation or exclusion word (benign uses aside)."""
    return bool(unapplied(text, text))


_ARREST_NEGATED = re.compile(
    r"\barrested_count = 0\b|\barrested = FALSE\b|\bnot arrested\b", re.IGNORECASE
)


def arrest_negation_unapplied(text: str, statement: str | None) -> str | None:
    """The words saying no arrest was made ("no arrest", "arrest baaki") when the statement
    does not keep only FIRs or persons without an arrest; None when applied or not said."""
    m = NOT_ARRESTED.search(text)
    if m is None or statement is None or _ARREST_NEGATED.search(statement):
        return None
    return m[0].strip()
