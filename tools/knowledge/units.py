"""Synonym units for relevance: an officer's everyday word and the knowledge base's word for
the same thing ("phone" / "device", "area" / "jurisdiction") count as one topic unit, so a
question is not judged off-topic for using the plain word."""

from __future__ import annotations

from functools import lru_cache

from tools.knowledge.sparse import analyse

#: Groups of words that name one thing in a procedure question.
UNITS: tuple[tuple[str, ...], ...] = (
    ("phone", "mobile", "handset", "device", "devices", "imei"),
    ("laptop", "computer", "device", "devices"),
    ("area", "limits", "jurisdiction"),
    ("consent", "consents", "authorisation", "authorization"),
    ("lab", "laboratory", "fsl", "forensic"),
    ("exhibit", "exhibits", "article", "articles", "sample", "samples"),
    ("suspect", "accused", "arrestee", "arrestees"),
    ("refuse", "refuses", "refusal", "decline"),
    ("body", "dead", "death", "deceased"),
    ("kid", "kids", "child", "children", "minor", "juvenile", "juveniles"),
    ("allow", "allowed", "permit", "permitted", "permission", "authorise", "authorize"),
    ("disclose", "disclosure", "reveal", "revealed", "publish", "published", "publishing"),
    ("publish", "published", "print", "printed", "printing", "display", "displayed"),
    ("photo", "photos", "photograph", "photographs", "picture", "pictures"),
    ("media", "newspaper", "newspapers", "press"),
    ("spot", "scene"),
    ("victim", "victims", "survivor", "survivors"),
    ("ignore", "ignores", "ignored", "breach", "breaches", "breaching", "violate", "violation"),
    ("maximum", "max", "upto", "total"),
    ("inside", "within"),
    ("format", "formats", "form", "written"),
    ("assistant", "system", "app"),
    ("inform", "intimate", "notify", "tell", "told"),
)


@lru_cache(maxsize=1)
def _stem_units() -> tuple[frozenset[str], ...]:
    return tuple(frozenset(t for word in unit for t in analyse(word)) for unit in UNITS)


def synonyms(term: str) -> frozenset[str]:
    """The analysed terms that name the same thing as `term` (itself included)."""
    out = {term}
    for unit in _stem_units():
        if term in unit:
            out |= unit
    return frozenset(out)
