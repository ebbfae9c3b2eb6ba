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

from schemas.records import FIR_ID_PATTERN
from tools.domain.synonyms import normalise_text
from tools.text2zcql.entities import extract
from tools.text2zcql.lexicon import ROLE_WORDS
from tools.text2zcql.understand import Understanding, in_english, is_follow_up

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
_ONLY_THE_LIST = re.compile(
    r"(?:(?:ok|okay|now|please|pls|can you|could you)\s+)*(?:give|show|list|tell|send|share)\s+"
    r"(?:me\s+|us\s+)?(?:the\s+|those\s+|their\s+|all\s+)?(?:fir|case)s?\s*"
    r"(?:numbers?|nos?\.?|ids?|list)\s*(?:please|pls)?\s*\??"
)
"""Asking only for the FIR numbers of the previous answer: nothing of its own to query."""
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
    if is_follow_up(text) or _ONLY_THE_LIST.fullmatch(text):
        return True
    named = e.fir_ids or e.fir_serials or e.plates or e.person_name or e.refers_to_active
    if named:
        return False
    if (points_back(text) or e.refers_to_visible) and not on_screen:
        return True
    return not e.crimes and not e.sections and not _HEAD.search(text)


def continues_nothing(u: Understanding, question: str) -> bool:
    """ "same for last year", "and in 2024?" with no earlier records question to continue:
    it names no crime, status or records noun of its own, so answering would count
    everything in the period or place it names."""
    text = normalise_text(question)
    e = u.entities
    if not is_follow_up(text) or e.crimes or e.sections or e.statuses or e.fir_ids:
        return False
    return not _HEAD.search(text) and not e.refers_to_active


def as_follow_up(u: Understanding) -> Understanding:
    """The understanding marked as a follow-up (so the conversation's filters carry); "these"
    then means the previous answer's records, not a list on screen."""
    u.text = f"and {u.text}"
    u.entities.refers_to_visible = False
    return u


_ON_SCREEN = re.compile(
    r"\b(?:in me se|inme se|unme se|un me se|isme se|is me se|of them|among them|"
    r"(?:out )?of the ones(?: on (?:my |the )?screen)?|out of (?:these|those)|"
    r"(?:out of|in|from) (?:this|the) list|(?:in |out of )?(?:this|ee|is|iss) list"
    r"(?: (?:nalli|alli|me|mein|mai))?|"
    r"(?:of )?the (?:visible|listed|shown) (?:firs|cases|ones|records))\b",
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


_FIR_ID = re.compile(FIR_ID_PATTERN, re.IGNORECASE)
_ROLE = re.compile(r"\b(" + "|".join(sorted(ROLE_WORDS, key=len, reverse=True)) + r")\b")
_ROLE_BACK = re.compile(
    r"\b(?:that|the same|this)\s+(?:person|accused|man|woman|suspect|complainant|victim|"
    r"witness)\b|\b(?:he|she|him|her|avanu|avalu|avaru|usko|woh)\b",
    re.IGNORECASE,
)
_OTHER_CASES = re.compile(
    r"\b(?:other|else|any|all|firs?|cases?|named|appears?|aata|aati|kaun kaun|yaavu)\b",
    re.IGNORECASE,
)
"""A question about the person's other FIRs: their name is needed, which the FIR's row
gives only once the earlier answer is read, so such a question is left as it is."""


def name_the_role(question: str, history: tuple[str, ...]) -> str:
    """ "has he been arrested?" right after "who is the accused in FIR-X": the pronoun (or
    "that accused") becomes "the accused in FIR-X", the person(s) that FIR names in that
    role. Left as it is when the question names an FIR itself, when the latest earlier
    question named no FIR and role, or when it asks for the person's other cases."""
    if not history or _FIR_ID.search(question) or not _ROLE_BACK.search(question):
        return question
    latest = in_english(normalise_text(history[-1]))
    firs = _FIR_ID.findall(history[-1])
    role = _ROLE.search(latest)
    if not firs or role is None or _OTHER_CASES.search(in_english(normalise_text(question))):
        return question
    if extract(latest, date.today(), cased=history[-1]).person_name:
        return question  # the person was named: `name_the_person` puts the name in
    meant = f"the {ROLE_WORDS[role[1]]} in {firs[-1].upper()}"
    return _ROLE_BACK.sub(meant, question, count=1)


_PERSON_PRONOUN = re.compile(r"\b(?:he|she|him|her|his|their|them)\b", re.IGNORECASE)


def names_its_referent(question: str, today: date) -> bool:
    """ "Ravi Kumar - list his FIRs", "IO R. Iyer: his pending cases": the pronoun is the person
    or IO the question itself names, so it needs no FIR from the screen or the conversation."""
    if not _PERSON_PRONOUN.search(question):
        return False
    e = extract(normalise_text(question), today, cased=question)
    return bool(e.person_name or e.io_candidates or e.io_badge)
