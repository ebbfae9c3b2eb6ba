"""Which questions continue the previous records question, and which earlier questions count.

A question follows up the conversation when it says so ("and in 2024?", "what about
Whitefield?", "aur Nazarbad mein?"), when it points back at the previous answer ("how many of
them ...", "of those", "break it down by status") with no FIR list on screen to point at, or
when it is elliptical: it names no kind of record and no crime ("KR Puram nalli?", "how many
were charge sheeted?"). Only earlier records questions are carried: a procedure or law
question in the conversation never lends its words to a records follow-up.
"""

from __future__ import annotations

import re
from datetime import date

from tools.domain.synonyms import normalise_text
from tools.text2zcql.entities import extract
from tools.text2zcql.understand import Understanding, is_follow_up

_BACK = re.compile(
    r"\b(?:of them|of those|out of them|out of those|among them|among those|in me se|inme se|"
    r"unme se|un me se|un mein se|unmein se|avugalalli|avaralli|"
    r"which of them|those|them|it|(?:give|show|break|split|get|tell)\s+(?:me\s+|us\s+)?"
    r"(?:that|this|the same)|that\s+(?:number|figure|count|list|data|breakdown|same))\b"
)
"""Words pointing back at the previous answer (or the FIR list on screen, if there is one)."""
_BACK_DROPPED = re.compile(
    r"\b(?:of them|of those|out of them|out of those|among them|among those|in me se|inme se|"
    r"unme se|un me se|un mein se|unmein se|avugalalli|avaralli)\b"
)
_HEAD = re.compile(
    r"\b(?:firs?|cases?|crimes?|complaints?|incidents?|offen[cs]es?|records?|vehicles?|cars?|"
    r"bikes?|persons?|people|accused|victims?|complainants?|witness(?:es)?|arrests?|io|ios|"
    r"officers?|stations?|beats?|districts?)\b"
)
"""Nouns that make a question stand alone ("how many cases in Whitefield this year")."""
_NOT_RECORDS = re.compile(
    r"\b(?:procedure|how (?:do|should|can) i|how to|steps?|guidelines?|sop|law|section for|"
    r"punishment|bailable|cognizable|explain|define|definition|meaning|checklist|deadline)\b"
)


def records_history(history: tuple[str, ...]) -> tuple[str, ...]:
    """The earlier questions that were about records (procedure and law questions left out)."""
    return tuple(q for q in history if not _NOT_RECORDS.search(normalise_text(q)))


def points_back(question: str) -> bool:
    """ "of them", "those", "break it down": the question points at an earlier answer."""
    return bool(_BACK.search(normalise_text(question)))


def drop_back_words(question: str) -> str:
    """The question without "of them"/"in me se" (the carried filters say which records)."""
    return " ".join(_BACK_DROPPED.sub(" ", question).split())


def continues(u: Understanding, question: str, on_screen: bool) -> bool:
    """True when the question continues the previous records question (see module doc)."""
    text = normalise_text(question)
    e = u.entities
    if e.refers_to_visible and on_screen:
        return False
    if is_follow_up(text):
        return True
    named = e.fir_ids or e.fir_serials or e.plates or e.person_name or e.refers_to_active
    if named:
        return False
    if (points_back(text) or e.refers_to_visible) and not on_screen:
        return True
    return not e.crimes and not e.sections and not _HEAD.search(text)


def as_follow_up(u: Understanding) -> Understanding:
    """The understanding marked as a follow-up (so the conversation's filters carry); "these"
    then means the previous answer's records, not a list on screen."""
    u.text = f"and {u.text}"
    u.entities.refers_to_visible = False
    return u


_ON_SCREEN = re.compile(
    r"\b(?:in me se|inme se|unme se|un me se|isme se|is me se|of them|among them|"
    r"(?:out )?of the ones(?: on (?:my |the )?screen)?|out of (?:these|those))\b",
    re.IGNORECASE,
)


def as_these(question: str) -> str:
    """With an FIR list on screen, "in me se", "of them", "out of the ones on my screen" point
    at it: read as "of these"."""
    return _ON_SCREEN.sub("of these", question)


_HERE = re.compile(r"\bhere\b(?=\s*\??\s*$)", re.IGNORECASE)


def here_as_these(question: str) -> str:
    """With a list on screen and no FIR open, a closing "here" means the listed FIRs."""
    return _HERE.sub("of these", question)


_PERSON_BACK = re.compile(
    r"\b(?:that|the same|this)\s+(?:person|accused|man|woman|suspect)\b|\b(?:he|she|him|her|his)\b",
    re.IGNORECASE,
)


def _named(phrase: str, name: str) -> str:
    return f"{name} as accused" if re.search(r"accused|suspect", phrase, re.IGNORECASE) else name


def name_the_person(question: str, history: tuple[str, ...], today: date) -> str:
    """ "was he arrested?" after a question naming a person: the pronoun (or "that accused")
    becomes the name of the person the latest earlier question named. Without one the
    question is left as it is (the pronoun is then asked about, never dropped)."""
    if (
        not _PERSON_BACK.search(question)
        or extract(normalise_text(question), today, question).person_name
    ):
        return question
    names = (extract(normalise_text(q), today, cased=q).person_name for q in reversed(history))
    name = next((n for n in names if n), None)
    if name is None:
        return question
    return _PERSON_BACK.sub(lambda m: _named(m[0], name), question, count=1)
