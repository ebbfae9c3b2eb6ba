"""Words that address or frame a records question without filtering it, set aside by structure.

- A leading clause ended by a comma or colon whose words all come from small closed classes:
  who is addressed ("Control room,", "Writer sahab,", "team,"), a note or handover heading
  ("Handover note:", "pls check before handover:") or the officer describing themselves
  ("sir i am new here,"); an addressee closing it ("... saar").
- A purpose clause: a senior officer wanting it ("SP office wants figure": a count), a
  document it is needed for ("needed for summons", "need for the lookout note"), keeping it
  ready for someone ("pls keep ready for DCP"), a bare "for the DCP" or "for handover" closing
  the question;
  a purpose naming only a place ("for the KR Puram station review") keeps the place as the
  question's scope and sets the rest aside.
- A reply or format instruction: "reply in grp", "group me bata do", "jaldi batao", "number
  only" (a count is asked), "(name only)" (names are asked).
- "calendar year" is the year ("this calendar year" = this year); "Cr" before an FIR number is
  the FIR's crime number ("Cr FIR-2026-04062").

A clause is set aside only when it names nothing the records hold (a station, crime, status,
FIR, IO or person) and holds no negation ("not", "except", "nahi"; see `negation`): a filter
or a negation inside it is always read or asked about, never dropped. The clauses set aside are
returned so the answer can say so.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from tools.text2zcql.negation import has_negation


def _words(text: str) -> frozenset[str]:
    """The whitespace-separated words of `text`."""
    return frozenset(text.split())


_HEAD_WORDS = _words(
    """
    control room writer sahab saheb sahib sir madam ji team all friends boss staff duty officer
    officers hello hi dear good morning evening afternoon night colleagues bhai
    handover hand over handing shift change note query request reminder quick check verify
    confirm before after pls please kindly urgent
    i am im i'm new here just joined posted transferred this to the a my
    """
)
"""Addressees, note/handover headings, courtesy and self-description: the closed classes a
leading clause may be made of to be set aside."""
_HEAD_NOUNS = _words(
    """
    control room writer sahab saheb sahib sir madam team all friends boss staff officer officers
    colleagues handover note query request reminder new joined posted transferred
    """
)
"""A leading clause is set aside only if it has one of these (not courtesy words alone)."""
_LEADING = re.compile(r"^(?P<head>[a-z' ]{2,60}?)\s*[,:;-]\s+(?P<rest>\S.*)$", re.IGNORECASE)
_SENIOR = r"(?:dcp|sp|acp|cp|dsp|ig|igp|dig|sho|commissioner|ci|circle|superintendent)"
_DOCUMENT = (
    r"(?:summons|lookout|note|report|meeting|review|court|hearing|file|warrant|notice|"
    r"briefing|statement|visit|letter|memo|diary|presentation|handover|record|records)"
)
_PURPOSE = (
    re.compile(
        rf"[\s,;.-]*\b(?:(?:the\s+)?{_SENIOR}(?:\s+(?:office|sir|saheb|sahab|madam))?\s+"
        r"(?:wants|needs|asked for|has asked for|asked|want|need)"
        r"(?:\s+(?:it|this|them|the\s+)?(?:figure|number|count|list|details|data|it|this|them))?)"
        r"\s*[.!]*\s*$",
        re.IGNORECASE,
    ),
    re.compile(
        r"[\s,;.-]*\b(?:it\s+is\s+|it's\s+|its\s+)?(?:needed|need|needs|required|want it|wanted)"
        rf"\s+for\s+(?:the\s+|a\s+|my\s+|our\s+|an\s+)?(?:[a-z]+\s+)?{_DOCUMENT}\b\s*[.!]*\s*$",
        re.IGNORECASE,
    ),
    re.compile(
        r"[\s,;.-]*\b(?:(?:pls|please|kindly)\s+)?(?:keep|have)\s+(?:it\s+|this\s+|them\s+)?"
        rf"ready(?:\s+for\s+(?:the\s+)?(?:{_SENIOR}|{_DOCUMENT}))?\b\s*[.!]*\s*$",
        re.IGNORECASE,
    ),
    re.compile(
        rf"[\s,;.-]*\bfor\s+(?:the\s+)?{_SENIOR}(?:\s+(?:office|sir|saheb|sahab))?\s*[.!]*\s*$",
        re.IGNORECASE,
    ),
    re.compile(
        r"[\s,;.-]*\bfor\s+(?:the\s+|a\s+|my\s+|our\s+|an\s+)?(?:monthly\s+|weekly\s+|daily\s+)?"
        r"(?:handover|meeting|review|briefing|presentation|report|memo|note)\s*[.!]*\s*$",
        re.IGNORECASE,
    ),
)
_PLACE_PURPOSE = re.compile(
    r"[\s,;.-]*\b(?:(?:it\s+is\s+|it's\s+)?(?:needed|need|needs|required|wanted)\s+for|"
    r"(?:(?:pls|please|kindly)\s+)?(?:keep|have)\s+(?:it\s+|this\s+|them\s+)?ready\s+for|for)\s+"
    rf"(?:the\s+|a\s+|my\s+|our\s+)?(?:{_SENIOR}(?:'s|s)?\s+)?"
    r"(?P<place>[a-z][a-z .]{1,40}?)\s+(?:(?:crime|monthly|weekly|station|ps)\s+)*"
    rf"{_DOCUMENT}\b\s*[.!]*\s*$",
    re.IGNORECASE,
)
"""A purpose clause whose document belongs to a place ("for the KR Puram station review",
"needed for the Whitefield PS crime meeting"): the place is the question's scope, the rest
is framing."""
_REPLY = re.compile(
    r"[\s,;.-]*\b(?:(?:pls|please|kindly)\s+)?(?:reply|respond|answer|send it|post it)\s+"
    r"(?:in|on|to|here|at)?\s*(?:the\s+)?(?:grp|group|whatsapp|chat|dm|here|mail|email)?\b"
    r"\s*[.!]*\s*$",
    re.IGNORECASE,
)
_REPLY_LOCAL = re.compile(
    r"[\s,;.-]*\b(?:(?:jaldi|jaldi se|turant)\s+)?"
    r"(?:(?:group|grp|whatsapp)\s+(?:me|mein|pe|par)\s+)?"
    r"(?:bata|bhej|send kar)\s*(?:do|dena|dijiye|dijie|de)\b\s*[.!]*\s*$|"
    r"[\s,;.-]*\b(?:jaldi|jaldi se|turant)\s+(?:batao|bataiye|bhejo)\b\s*[.!]*\s*$",
    re.IGNORECASE,
)
"""A reply instruction in Hinglish: "group me bata do", "jaldi batao"."""
_ADDRESS_LAST = re.compile(r"[\s,;.-]+(?:saar|sar|sahib)\s*[.!]*\s*$", re.IGNORECASE)
"""Whom the question is addressed to, closing it ("... eshtu aagittu saar"); "sir", "madam"
and "ji" are courtesy the reader already skips anywhere."""
_ONLY = re.compile(
    r"\s*[-,(]?\s*\b(?P<what>number|count|figure|total|names?)\s+only\b\s*\)?", re.IGNORECASE
)
_CRIME_NUMBER = re.compile(r"\bcr(?:ime)?\.?\s+(?:no\.?\s+)?(?=fir[- ]?\d)", re.IGNORECASE)
_COUNTED = re.compile(r"\b(?:figure|number|count|total)\b", re.IGNORECASE)
"""A senior officer wanting "the figure" or "the count": a count is asked."""
_CALENDAR = re.compile(r"\bcalendar\s+(?=year\b)", re.IGNORECASE)


@dataclass(frozen=True)
class Framed:
    """The question with its framing set aside, and the clauses set aside (as typed)."""

    question: str
    aside: tuple[str, ...]


def _clean(span: str) -> str:
    return span.strip(" ,;:.-()!")


def _leading(text: str, names_records: Callable[[str], bool]) -> tuple[str, str | None]:
    m = _LEADING.match(text)
    if m is None:
        return text, None
    words = m["head"].lower().split()
    if not all(w in _HEAD_WORDS for w in words) or not _HEAD_NOUNS.intersection(words):
        return text, None
    if names_records(m["head"]) or has_negation(m["head"]):
        return text, None
    return m["rest"], m["head"]


def _trailing(text: str, names_records: Callable[[str], bool]) -> tuple[str, str | None]:
    for pattern in (*_PURPOSE, _REPLY, _REPLY_LOCAL, _ADDRESS_LAST):
        m = pattern.search(text)
        if m is None or not _clean(m[0]) or names_records(m[0]) or _negated(text, m.start()):
            continue
        rest = text[: m.start()].rstrip(" ,;:-")
        if len(rest.split()) >= 2:
            return (f"{rest} how many" if _COUNTED.search(m[0]) else rest), m[0]
    return text, None


def _negated(text: str, start: int) -> bool:
    """A clause that holds, or comes right after, a negation ("not needed for the report"):
    never set aside (the negation must be read or asked about)."""
    return has_negation(text[start:]) or has_negation(" ".join(text[:start].split()[-1:]))


def _place_purpose(
    text: str, names_records: Callable[[str], bool], places: Callable[[str], tuple[bool, bool]]
) -> tuple[str, str | None]:
    """The question with a place's purpose clause read as its scope ("... in KR Puram
    station") and the clause's framing words; unchanged unless the clause names one place and
    nothing else, and the rest of the question names no place."""
    m = _PLACE_PURPOSE.search(text)
    if m is None or places(m["place"]) != (True, False) or has_negation(m[0]):
        return text, None
    rest = text[: m.start()].rstrip(" ,;:-")
    start, end = m.start("place") - m.start(), m.end("place") - m.start()
    framing = " ".join(_clean(m[0][:start] + " " + m[0][end:]).split())
    if len(rest.split()) < 2 or places(rest)[0] or names_records(framing):
        return text, None
    return f"{rest} in {m['place']}", framing


def set_aside_frames(
    question: str,
    names_records: Callable[[str], bool],
    places: Callable[[str], tuple[bool, bool]] | None = None,
) -> Framed:
    """`question` without the clauses that address or frame it (see module doc); with
    `places` (whether a clause names a place, and anything else), a purpose clause naming only
    a place keeps the place as the scope."""
    text = question.strip()
    aside: list[str] = []
    if places is not None:
        text, framing = _place_purpose(text, names_records, places)
        aside += [framing] if framing else []
    while True:
        before = text
        text, lead = _leading(text, names_records)
        text, tail = _trailing(text, names_records)
        aside += [_clean(s) for s in (lead, tail) if s is not None and _clean(s)]
        if text == before:
            break
    only = _ONLY.search(text)
    if only is not None and not names_records(only[0]):
        what = "names" if only["what"].lower().startswith("name") else "how many"
        text = f"{text[: only.start()]} {what} {text[only.end() :]}".strip()
        aside.append(_clean(only[0]))
    text = _CRIME_NUMBER.sub("", text)
    text, calendars = _CALENDAR.subn("", text)
    aside += ["calendar"] * min(calendars, 1)
    return Framed(" ".join(text.split()), tuple(aside))
