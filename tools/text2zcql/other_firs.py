"""A person's other FIRs after a pronoun: "what other cases is he in?" after "who is the
accused in FIR-X".

The parser does not know the name: it asks for the person behind the pronoun
(`Referent`: the FIR and the role the latest earlier question named) and drafts a probe
listing the names that FIR has in that role. Before anything else runs, the records service
runs the probe through the same validator and clearance as any statement and keeps only
names the caller sees unmasked (`names_seen`): a person whose name is masked for them is
never a referent. One name: the draft lists the FIRs naming exactly that person, less FIR-X
(`draft_for`); the clearance sources fence it to the FIRs the caller may see, and a row whose
name is masked for them carries the mask, never the name, so it cannot match. Several: the
officer is asked which (`question`), naming only those they can see. None: they are told
that FIR shows them no name in that role to search for. Nothing in the answer depends on a
sealed FIR or a masked person.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from schemas.records import FIR_ID_PATTERN
from tools.domain.synonyms import normalise_text
from tools.text2zcql import builder as b
from tools.text2zcql.base import ZcqlDraft, clarify
from tools.text2zcql.confidence import CALIBRATED, INTENT_FACTOR
from tools.text2zcql.lexicon import ROLE_WORDS
from tools.text2zcql.understand import in_english

_FIR_ID = re.compile(FIR_ID_PATTERN, re.IGNORECASE)
_ROLE = re.compile(r"\b(" + "|".join(sorted(ROLE_WORDS, key=len, reverse=True)) + r")(?:s|es)?\b")
_PRONOUN = re.compile(
    r"\b(?:he|she|him|her|his|hers|they|them|their|avanu|avalu|avaru|avara|usko|uska|uski|"
    r"uske|woh|vo|that (?:person|accused|man|woman|complainant|victim|witness))\b"
)
_ELSEWHERE = re.compile(
    r"\b(?:other|another|else|elsewhere|previous|earlier|past|bere|any more)\b"
    r"|\baur\s+(?:kis|kaun|which|who)\b"
)
"""Asking for FIRs besides the one named ("other cases", "anything else", "bere case")."""
_IO = re.compile(r"\b(?:io|ios|officer|investigating|investigator)\b")
""""his IO's other cases" asks about an officer, not the person (see `same_io`)."""
_CASES = re.compile(
    r"\b(?:firs?|cases?|records?|crimes?|history|involved|named|appears?|kesu|naam|hesaru)\b"
)


@dataclass(frozen=True)
class Referent:
    """The person a pronoun stands for: the one `fir_id` names in `role`."""

    fir_id: str
    role: str


def referent(question: str, history: Sequence[str]) -> Referent | None:
    """The FIR and role behind "he" in a question about the person's other FIRs, when the
    latest earlier question asked who an FIR names in a role; else None."""
    text = in_english(normalise_text(question))
    if not history or _FIR_ID.search(question) or not _PRONOUN.search(text):
        return None
    if not (_ELSEWHERE.search(text) and _CASES.search(text)) or _IO.search(text):
        return None
    latest = in_english(normalise_text(history[-1]))
    firs = _FIR_ID.findall(history[-1])
    role = _ROLE.search(latest)
    if not firs or role is None:
        return None
    return Referent(firs[-1].upper(), ROLE_WORDS[role[1]])


def probe(precincts: Sequence[str], meant: Referent) -> str:
    """The statement listing the names `meant.fir_id` has in `meant.role`."""
    where = [
        b.equals_any("precinct_id", list(precincts)),
        b.equals_any("fir_id", [meant.fir_id]),
        b.equals_any("role", [meant.role]),
    ]
    return b.select(("full_name",), "persons", where, order="full_name", limit=str(b.LIST_LIMIT))


def probe_draft(precincts: Sequence[str], meant: Referent) -> ZcqlDraft:
    """The parser's draft: the probe, to be resolved by the records service."""
    return ZcqlDraft(
        statement=probe(precincts, meant),
        intent="person_referent",
        explanation=f"Looking up the {meant.role} in {meant.fir_id}.",
        person_referent=(meant.fir_id, meant.role),
    )


def names_seen(rows: Sequence[Mapping[str, object]], mask: str) -> list[str]:
    """The distinct names the caller sees unmasked in the probe's cleared rows."""
    names = (str(r.get("full_name") or "") for r in rows)
    return list(dict.fromkeys(n for n in names if n and n != mask and _SAFE_NAME.fullmatch(n)))


_SAFE_NAME = re.compile(r"[A-Za-z. ]{2,80}")


CONFIDENCE = round(CALIBRATED["follow_up"] * INTENT_FACTOR["person_lookup"], 4)
"""A follow-up's person search: the grounding class and intent of `confidence`."""


def draft_for(name: str, meant: Referent, precincts: Sequence[str]) -> ZcqlDraft:
    """The FIRs besides `meant.fir_id` that name exactly `name`, in any role."""
    where = [
        b.equals_any("persons.precinct_id", list(precincts)),
        b.equals_any("firs.precinct_id", list(precincts)),
        b.Condition(f"persons.full_name = {b.quote(name)}"),
        b.Condition(f"persons.fir_id != {b.quote(meant.fir_id)}"),
    ]
    statement = b.person_list(where)
    about = f" naming '{name}' (the {meant.role} in {meant.fir_id}), other than {meant.fir_id}"
    return ZcqlDraft(
        statement=statement,
        intent="person_lookup",
        explanation=f"FIRs{about}, newest first. A name can be shared by different people.",
        filters=(about,),
        confidence=CONFIDENCE,
    )


def resolve(names: Sequence[str], meant: Referent, precincts: Sequence[str]) -> ZcqlDraft:
    """The draft for the one name seen, or the question to ask."""
    if len(names) == 1:
        return draft_for(names[0], meant, precincts)
    if not names:
        return clarify(
            f"{meant.fir_id} shows you no {meant.role} whose name I could search for, so I "
            "cannot look up their other FIRs. Give the person's name if you know it."
        )
    listed = ", ".join(names[:-1]) + f" or {names[-1]}"
    return clarify(f"Which {meant.role} in {meant.fir_id} do you mean: {listed}?")
