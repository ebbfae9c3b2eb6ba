"""How officers ask for the previous question again with one thing changed, and what they say
before a question that is not part of it.

- "same number but Whitefield", "repeat that for Lashkar", "that robbery figure at our
  station", "for the same period": the previous records question again, every filter it had
  carried (its period included) except the ones this question names. Read as a follow-up
  ("and ..."), with a count asked for when the officer says number, figure or count.
- "hmm", "ok sir", "alright,", "pls" before the question are not part of it ("pls send ..."
  asks to give).
- A reason for asking before the question ("meeting the DCP tomorrow, ...", "SP wants it for
  the review: ...") is set aside when it names nothing the records hold; the question after
  it is the one asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from tools.domain.synonyms import normalise_text
from tools.text2zcql.entities import extract
from tools.text2zcql.negation import has_negation

_COUNTED = r"(?:number|figure|count|total|tally|numbers|figures)"
_SAME = re.compile(
    r"\b(?:(?:give|tell|show|share|send|get)\s+(?:me\s+|us\s+)?)?(?:the\s+)?same\s+"
    rf"(?:(?P<what>[a-z][a-z -]*?)\s+)?(?P<kind>{_COUNTED}|query|question|thing|data|list)\b"
    r"(?:\s+(?:but|for|in|at|of)\b)?",
    re.IGNORECASE,
)
_REPEAT = re.compile(
    r"\b(?:repeat|redo)\s+(?:that|it|this|the same)(?:\s+(?:but|for|in|at)\b)?", re.IGNORECASE
)
_THAT_NUMBER = re.compile(
    r"(?<!with )(?<!along )\b(?:what (?:is|was) )?that\s+"
    r"(?!(?:are|is|were|was|have|has|had|got|remain|remains|still)\b)"
    rf"(?:(?P<what>[a-z][a-z -]*?)\s+)?{_COUNTED}\b"
    r"(?:\s*,?\s*what (?:is|was) it\b)?",
    re.IGNORECASE,
)
_SAME_TIME = re.compile(
    r"\b(?:(?:for|over|in|during|within|of)\s+)?the same (?:period|time frame|timeframe|"
    r"time period|duration|dates|time|months?|year)\b",
    re.IGNORECASE,
)
_SAME_PLACE = re.compile(
    r"\b(?:(?:at|in|for|of)\s+)?the same (?:station|ps|police station|place|thana|area)\b",
    re.IGNORECASE,
)
_LEAD = re.compile(
    r"^(?:(?:hmm+|ok(?:ay)?|fine|alright|all right|achha|acha|accha|haan|good|great|"
    r"well|thanks|thank you|please|pls|kindly)\b[\s,.!-]*|(?:sir|madam)\b[\s,.!-]+)+",
    re.IGNORECASE,
)
_SEND = re.compile(r"^(?:share|send|forward)\b", re.IGNORECASE)
_FIGURE = re.compile(r"\b(?:figure|tally)\b", re.IGNORECASE)
_REASON = re.compile(r"^(?P<head>[^:;,?]{4,100}?)(?:\s*[:;,]|\s+so)\s+(?P<rest>\S.*)$")
_REASON_WORDS = re.compile(
    r"\b(?:meeting|review|report|briefing|presentation|court|wants?|wanted|asked|asking|"
    r"called|conference|visit|inspection|audit|tomorrow|tonight|evening|morning|need it|"
    r"needs it|for the|for my|for our)\b",
    re.IGNORECASE,
)
_TRAILING_REASON = re.compile(
    r"[\s,;-]+(?:(?:please|pls|sir|madam)\s+)?for (?:the|my|our|a|tomorrow'?s?) (?:\w+ )?"
    r"(?:statement|meeting|review|report|briefing|presentation|court|file|hearing|visit)\b.*$",
    re.IGNORECASE,
)
_FOLLOW = re.compile(
    r"^(?:and|what about|how about|same for|also|now|then|only|just|aur)\b", re.IGNORECASE
)


def set_aside_lead(text: str) -> str:
    """`text` (normalised) without leading interjections ("hmm", "ok sir", "alright,")."""
    rest = _LEAD.sub("", text).strip()
    return _SEND.sub("give", rest) if rest else text


def reason_and_question(text: str, names_records: bool) -> str:
    """The question after a leading reason for asking; `names_records` says whether the
    clause before the separator names anything the records hold (then nothing is set aside)."""
    m = _REASON.match(text)
    if m is None or names_records or not _REASON_WORDS.search(m["head"]):
        return text
    return m["rest"]


def _counted(m: re.Match[str]) -> str:
    what = (m["what"] or "").strip()
    kind = m.groupdict().get("kind")
    asks_count = kind is None or re.fullmatch(_COUNTED, kind, re.IGNORECASE) is not None
    return f" {what} {'how many' if asks_count else ''} "


def read_same_again(text: str) -> tuple[str, bool]:
    """(`text` as a follow-up, True) when it asks for the previous question again with a
    change; else (`text` with only "figure" read as "count", False)."""
    out = _SAME.sub(_counted, text)
    out = _REPEAT.sub(" ", out)
    out = _THAT_NUMBER.sub(_counted, out)
    out = _SAME_TIME.sub(" ", out)
    out = _SAME_PLACE.sub(" ", out)
    out = " ".join(out.split())
    if out == " ".join(text.split()):
        return _FIGURE.sub("count", text), False
    out = _FIGURE.sub("count", out)
    return (out if _FOLLOW.match(out) else f"and {out}"), True


def prepare(question: str, names_records: Callable[[str], bool]) -> tuple[str, bool]:
    """The question as asked, interjections and a leading reason set aside, and whether it
    asks for the previous question again (see module doc); `names_records` tells whether a
    clause names anything the records hold."""
    text = set_aside_lead(question.strip())
    m = _REASON.match(text)
    if m is not None:
        text = set_aside_lead(reason_and_question(text, names_records(m["head"])))
    tail = _TRAILING_REASON.search(text)
    if tail is not None and not names_records(tail[0]) and not _negated(text[: tail.start()]):
        text = text[: tail.start()]
    return read_same_again(text)


def _negated(before: str) -> bool:
    """A reason right after a negation ("... not for the review"): part of the question."""
    return has_negation(" ".join(before.split()[-1:]))


def names_records(today: date) -> Callable[[str], bool]:
    """Whether a clause names a station, district, crime, status, FIR, plate, IO or person, or
    holds a negation ("not", "except"): such a clause is never set aside as framing."""

    def names(clause: str) -> bool:
        text = normalise_text(clause)
        e = extract(text, today, cased=clause)
        return has_negation(text) or bool(
            e.stations
            or e.districts
            or e.crimes
            or e.statuses
            or e.fir_ids
            or e.fir_serials
            or e.plates
            or e.io_badge
            or e.io_candidates
            or e.person_name
        )

    return names


def places_named(today: date) -> Callable[[str], tuple[bool, bool]]:
    """Whether a clause names a station or district, and whether it names anything else the
    records hold (a crime, status, FIR, plate, IO or person)."""

    def named(clause: str) -> tuple[bool, bool]:
        e = extract(normalise_text(clause), today, cased=clause)
        place = bool(e.stations or e.districts or e.station_choices or e.unknown_place)
        other = (e.crimes, e.statuses, e.fir_ids, e.fir_serials, e.plates, e.io_badge)
        return place, any(other) or bool(e.io_candidates or e.person_name or e.negations)

    return named


_BACK_TO_FIR = re.compile(
    r"\b(?:there|in it|of it|for it|on it|that one|that case|that fir|the same fir|same case)"
    r"\s*\??\s*$",
    re.IGNORECASE,
)
_FIR_NUMBER = re.compile(r"\bfir[- ]?\d{4}[- ]\d{3,5}\b", re.IGNORECASE)


def back_to_fir(question: str, history: tuple[str, ...]) -> str:
    """ "who is the IO there" right after a question naming one FIR: a follow-up on that FIR
    ("and ..."), so the conversation's FIR carries. Otherwise `question` unchanged."""
    if not history or _FIR_NUMBER.search(question) or not _BACK_TO_FIR.search(question):
        return question
    if len(set(_FIR_NUMBER.findall(history[-1]))) != 1 or _FOLLOW.match(question):
        return question
    return f"and {question}"
