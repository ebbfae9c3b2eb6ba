"""Questions about the people in FIRs: who they are, their age and gender, who was arrested.

`read_person_words` reads, before grounding, what a question asks of persons and removes it
from the text the entity recogniser sees: person attributes ("female victims", "accused older
than 40", "names and ages") and officer phrasings of roles ("who filed", "gawah kaun kaun").
The drafts here query `persons` (joined to `firs` when an FIR filter is needed); arrests come
from `persons.arrested` and are dated by `persons.arrested_at`, unless the question dates
the FIRs ("arrests in FIRs registered in 2025"), which adds up `firs.arrested_count`.
Masking of names is done downstream by the clearance policy, never here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from tools.text2zcql import builder as b
from tools.text2zcql.base import ZcqlDraft
from tools.text2zcql.conditions import filters, too_many
from tools.text2zcql.dates import Period
from tools.text2zcql.entities import Entities
from tools.text2zcql.lexicon import DIMENSION_LABELS, GENDER_WORDS
from tools.text2zcql.negation import NOT_ARRESTED

_ROLE = r"(?:accused|victims?|complainants?|witness(?:es)?|suspects?|persons?|people)"
_GENDER = re.compile(
    r"(?<!missing )(?<!against )(?<!of a )\b(?:(?:are|is|were|was)\s+)?("
    + "|".join(sorted(GENDER_WORDS, key=len, reverse=True))
    + r")\b(?!\s+(?:police|ps|station|thana|constables?|officers?|io|ios|staff)\b)"
)
"""A gender word anywhere in a question about persons ("women accused", "how many women are
named as accused", "of them how many are ladies"): a filter on the persons, never a name; not
inside a crime ("missing women", "crimes against women") or a police unit ("women police")."""
_JUVENILE = re.compile(rf"\b(?:juvenile|minor|child)\s+(?={_ROLE}\b)")
_AGE = re.compile(
    r"\b(?:aged\s+|age\s+)?(?P<op>older than|elder than|above|over|more than|younger than|"
    r"below|under|less than)\s+(?:the age of\s+|age\s+)?(?P<n>\d{1,3})(?:\s+years?(?:\s+old)?)?\b"
    rf"(?!\s+(?:{_ROLE}|cases?|firs?|times?|arrests?)\b)"
)
"""An age bound; a number before a role or a record ("more than 3 accused") counts them and is
no age (read as a bound on the FIR's count column, `head_counts`)."""
_AGE_AT_LEAST = re.compile(
    r"\b(?:aged|age|of age)\s+(?P<n>\d{1,3})\s*(?:years?\s+)?"
    r"(?:\+|or more|or above|and above|or older|and older|plus)(?![\w-])"
)
"""An age from a bound up ("aged 40 or more", "age 60+"): older than the year before."""
_COLUMNS = re.compile(
    r"\b(?:and|with)\s+(?:their|his|her|the)?\s*(?:ages?|genders?|names?)\b|\bnames?\s+and\s+"
    r"ages?\b|\b(?:ages?|genders?)\s+of\b"
)
_FILED = re.compile(
    r"\bwho\s+(?:filed|lodged|gave|made|registered|reported|complained)\b(?:\s+(?:the\s+)?"
    r"(?:complaint|fir|case)(?![\w-]))?(?:\s+(?:in|for|of))?"
)
_KAUN = re.compile(r"\bkaun(?:\s+kaun)?\b")
_ROLE_SYNONYMS = {
    "gawah": "witness",
    "gawaah": "witness",
    "saakshi": "witness",
    "sakshi": "witness",
    "peedit": "victim",
    "pidit": "victim",
    "shikayatkarta": "complainant",
    "fariyadi": "complainant",
    "mulzim": "accused",
    "mujrim": "accused",
    "aaropi": "accused",
    "aropi": "accused",
}
_ROLE_WORD = re.compile(
    r"\b(accused|victims?|complainants?|witness(?:es)?|suspects?|informants?|gawaa?h|"
    r"saa?kshi|pee?dit|pidit|shikayatkarta|fariyadi|mulzim|mujrim|aa?ropi)\b"
)
_ARRESTS_MADE = re.compile(
    r"\barrests?\s+(?:made|effected|done|carried out)\s+(?:by|in|at)\b", re.IGNORECASE
)
_GIRAFTAR = re.compile(r"\bgiraftar(?:i|iyan|iyaan|ee)?\b", re.IGNORECASE)
_ARREST_NOUN = re.compile(r"\barrests\b", re.IGNORECASE)
ARREST = re.compile(r"\barrest(?:s|ed)?\b|\bgiraftar\w*|\bheld\b")
_FIRS_COUNTED = re.compile(
    r"\b(?:how many|number of|no\.? of|kitne|kitni|eshtu|yeshtu|count(?: of)?|total|list|show|"
    r"which)\s+(?:(?:pending|open|such|the|of|these|those)\s+)*(?:firs?|cases?)\b"
    r"|\b(?:firs?|cases?)\s+(?:\w+\s+){0,6}?(?:where|with|in which|having)\b"
    r"[^?]*\b(?:no|zero|without|not|nobody|none)\b"
    r"|\b(?:firs?|cases?)\s+(?:bina|without)\b"
)
"""The FIRs are what is asked ("how many FIRs", "cases where the accused is named but no
arrest yet"), not the accused persons in them."""
_PERSONS_COUNTED = re.compile(
    r"\b(?:how many|number of|no\.? of|kitne|kitni|eshtu|list|names?|who|which)\s+"
    r"(?:\w+\s+)?(?:accused|persons?|people|suspects?)\b"
)
ANYONE_ARRESTED = re.compile(
    r"\b(?:anyone|anybody|any one|who|whom|which|persons?|people|accused|list|show|names?)\b"
    r".*\b(?:arrested|arrests?|giraftar\w*)\b"
    r"|\b(?:arrested|giraftar\w*)\s+(?:persons?|people|accused|suspects?)\b"
)
_FIRS_DATED = re.compile(
    r"\b(?:registered|lodged|reported)\b|\b(?:firs?|cases?)\s+(?:of|from|in|registered)\s+"
    r"(?:the\s+)?(?:(?:19|20)\d{2}|this|last|previous)"
)
_SINGULAR = {
    "victims": "victim",
    "complainants": "complainant",
    "witnesses": "witness",
    "suspects": "accused",
    "suspect": "accused",
    "informant": "complainant",
    "informants": "complainant",
}
_ROLE_LABEL = {
    "accused": "accused",
    "victim": "victims",
    "complainant": "complainants",
    "witness": "witnesses",
}


@dataclass(frozen=True)
class PersonWords:
    """What a question asks about persons, read before grounding."""

    role: str | None = None
    gender: str | None = None
    """'Female' or 'Male' ("female victims")."""
    juvenile: bool = False
    older_than: int | None = None
    younger_than: int | None = None
    columns: tuple[str, ...] = field(default=())
    """Attributes asked for ("names and ages") — the persons table shows them all."""
    arrests_counted: bool = False
    """ "arrests made by ...", "kitni giraftari": the number of arrests is asked."""

    @property
    def filtered(self) -> bool:
        """True when the question filters persons by an attribute."""
        return bool(
            self.gender
            or self.juvenile
            or self.older_than is not None
            or self.younger_than is not None
        )


def role_named(text: str) -> str | None:
    """The role a question names ("gawah" -> witness, "suspects" -> accused), if any."""
    m = _ROLE_WORD.search(text)
    if m is None:
        return None
    word = _ROLE_SYNONYMS.get(m[1].replace("aa", "a"), m[1])
    word = _ROLE_SYNONYMS.get(m[1], word)
    return _SINGULAR.get(word, word)


def read_person_words(question: str, back: bool = False) -> tuple[str, PersonWords]:
    """The question with its person attributes read out, and what they were. `back`: the
    question points at an earlier answer ("how many of them are women"), whose role the
    conversation gives, so an attribute is read with no role named."""
    text, counted = _read_arrests(question)
    text, words = _read_roles(text, back)
    return text, replace(words, arrests_counted=counted)


def _read_arrests(question: str) -> tuple[str, bool]:
    """ "arrests made by X" -> "arrests in X"; "giraftari" -> "arrests" (a number asked)."""
    text = _ARRESTS_MADE.sub("arrests in", question)
    text = _GIRAFTAR.sub(lambda m: "arrested" if m[0].lower() == "giraftar" else "arrests", text)
    return text, bool(_ARREST_NOUN.search(text))


def _read_roles(question: str, back: bool = False) -> tuple[str, PersonWords]:
    text = question
    lowered = text.lower()
    filed = _FILED.search(lowered)
    role = "complainant" if filed else role_named(lowered)
    if filed:
        text = text[: filed.start()] + "complainant of" + text[filed.end() :]
    for typed, word in _ROLE_SYNONYMS.items():
        text = re.sub(rf"\b{typed}\b", word, text, flags=re.IGNORECASE)
    if role is None and _GENDER.search(lowered) and ARREST.search(lowered):
        role = "accused"  # "how many women were arrested": only accused are arrested
    if role is None and not (back and _GENDER.search(lowered)):
        return text, PersonWords()
    text = _KAUN.sub("who", text)
    gender = None
    if m := _GENDER.search(text.lower()):
        gender = GENDER_WORDS[m[1]]
        text = text[: m.start()] + " " + text[m.end() :]
    juvenile = False
    if m := _JUVENILE.search(text.lower()):
        juvenile = True
        text = text[: m.start()] + text[m.end() :]
    older = younger = None
    if m := _AGE.search(text.lower()):
        n = int(m["n"])
        if m["op"] in ("older than", "elder than", "above", "over", "more than"):
            older = n
        else:
            younger = n
        text = text[: m.start()] + text[m.end() :]
    elif m := _AGE_AT_LEAST.search(text.lower()):
        older = int(m["n"]) - 1
        text = text[: m.start()] + text[m.end() :]
    columns: list[str] = []
    while m := _COLUMNS.search(text.lower()):
        columns += re.findall(r"ages?|genders?|names?", m.group(0))
        text = text[: m.start()] + " " + text[m.end() :]
    text = re.sub(r"\b(?:ages?|genders?)\b", " ", text, flags=re.IGNORECASE)
    words = PersonWords(
        role, gender, juvenile, older, younger, tuple(c.rstrip("s") for c in columns)
    )
    return " ".join(text.split()), words


def person_conditions(p: PersonWords, qualifier: str = "") -> list[b.Condition]:
    """WHERE conditions for the role and attributes."""
    out = []
    if p.role:
        out.append(b.equals_any(b.column("role", qualifier), [p.role]))
    if p.gender:
        out.append(b.equals_any(b.column("gender", qualifier), [p.gender]))
    if p.juvenile:
        out.append(b.Condition(f"{b.column('is_juvenile', qualifier)} = TRUE"))
    if p.older_than is not None:
        out.append(b.Condition(f"{b.column('age', qualifier)} > {p.older_than}"))
    if p.younger_than is not None:
        out.append(b.Condition(f"{b.column('age', qualifier)} < {p.younger_than}"))
    return out


def describe_persons(p: PersonWords, arrested: bool | None = None) -> str:
    """'female victims older than 40' in the officer's words."""
    who = _ROLE_LABEL.get(p.role or "", "persons named")
    parts = [p.gender.lower() if p.gender else "", "juvenile" if p.juvenile else "", who]
    if p.older_than is not None:
        parts.append(f"older than {p.older_than}")
    if p.younger_than is not None:
        parts.append(f"younger than {p.younger_than}")
    if arrested is True:
        parts.append("who were arrested")
    elif arrested is False:
        parts.append("not arrested")
    return " ".join(x for x in parts if x)


def count_persons(
    e: Entities, p: PersonWords, precincts: list[str], about: str, filters_text: list[str]
) -> ZcqlDraft:
    """How many persons of a role (with attributes) in the matching FIRs."""
    fir_filters = filters(e, "firs")
    if fir_filters:
        where = [
            b.equals_any("persons.precinct_id", precincts),
            b.equals_any("firs.precinct_id", precincts),
            *person_conditions(p, "persons"),
            *fir_filters,
        ]
        join, count = b.PERSONS_WITH_FIRS, "COUNT(persons.ROWID)"
    else:
        where = [b.equals_any("precinct_id", precincts), *person_conditions(p)]
        join, count = "", "COUNT(ROWID)"
    statement = b.aggregate((count,), "persons", where, join=join)
    if statement is None:
        return too_many()
    who = describe_persons(p)
    return ZcqlDraft(
        statement,
        "count",
        f"Counting {who} in FIRs{about}.",
        filters=(who, *(f.strip(" ,") for f in filters_text if f.strip(" ,"))),
    )


def arrests(
    text: str,
    e: Entities,
    precincts: list[str],
    about_without_period: str,
    counting: bool,
    who: PersonWords | None = None,
    by: tuple[str, ...] = (),
) -> ZcqlDraft:
    """Arrested persons (a list, or how many); a period is the date of arrest unless the
    question dates the FIRs, then a count adds up `firs.arrested_count`. Accused not (yet)
    arrested have no date of arrest: a period dates their FIRs. `who` ("women accused",
    "juveniles") filters the persons; `firs.arrested_count` cannot, so then persons are
    counted."""
    who = replace(who or PersonWords(), role=None)
    if who.filtered:
        about_without_period += f" ({describe_persons(replace(who, role='accused'))})"
    if NOT_ARRESTED.search(text):
        if not who.filtered and _FIRS_COUNTED.search(text) and not _PERSONS_COUNTED.search(text):
            return _firs_without_arrest(e, precincts, about_without_period, counting)
        return _not_arrested(e, precincts, about_without_period, counting, who)
    period = e.period
    if by:
        return _arrests_by(by, e, precincts, about_without_period, who)
    if counting and not who.filtered and (period is None or _FIRS_DATED.search(text)):
        where = [b.equals_any("precinct_id", precincts), *filters(e, "")]
        summed = b.aggregate(("SUM(arrested_count)",), "firs", where)
        if summed is None:
            return too_many()
        dated = f", registered {period.describe()}" if period else ""
        return ZcqlDraft(
            summed,
            "count",
            f"Adding up the arrested accused in FIRs{about_without_period}{dated}.",
            filters=(about_without_period.strip(" ,"), dated.strip(" ,")),
        )
    undated = Entities(**{**e.__dict__, "period": None})
    fir_filters = filters(undated, "firs")
    bounds = _arrest_bounds(period, "persons.arrested_at" if fir_filters else "arrested_at")
    if fir_filters:
        where = [
            b.equals_any("persons.precinct_id", precincts),
            b.equals_any("firs.precinct_id", precincts),
            b.flag("persons.arrested"),
            *person_conditions(who, "persons"),
            *fir_filters,
            *bounds,
        ]
        join = b.PERSONS_WITH_FIRS
    else:
        where = [
            b.equals_any("precinct_id", precincts),
            b.flag("arrested"),
            *person_conditions(who),
            *bounds,
        ]
        join = ""
    when = f", arrested {period.describe()}" if period else ""
    described = (about_without_period.strip(" ,"), when.strip(" ,"))
    if counting:
        count = "COUNT(persons.ROWID)" if join else "COUNT(ROWID)"
        statement = b.aggregate((count,), "persons", where, join=join)
        if statement is None:
            return too_many()
        return ZcqlDraft(
            statement,
            "count",
            f"Counting accused arrested in FIRs{about_without_period}{when}.",
            filters=described,
        )
    if b.cost(where) > b.MAX_CONDITIONS:
        return too_many()
    columns = b.ARRESTED_COLUMNS if join else tuple(c.split(".")[1] for c in _ARRESTED_ONLY)
    order = "persons.arrested_at DESC" if join else "arrested_at DESC"
    return ZcqlDraft(
        b.select(columns, "persons", where, join=join, order=order, limit=str(b.LIST_LIMIT)),
        "person_lookup",
        f"Persons arrested in FIRs{about_without_period}{when}, latest arrest first.",
        filters=described,
    )


def _arrests_by(
    by: tuple[str, ...], e: Entities, precincts: list[str], about: str, who: PersonWords
) -> ZcqlDraft:
    """Accused arrested (in the period, by date of arrest) counted per FIR column ("arrests
    per station"): the FIR's column through the join, the count of persons rows."""
    undated = Entities(**{**e.__dict__, "period": None})
    where = [
        b.equals_any("persons.precinct_id", precincts),
        b.equals_any("firs.precinct_id", precincts),
        b.flag("persons.arrested"),
        *person_conditions(who, "persons"),
        *filters(undated, "firs"),
        *_arrest_bounds(e.period, "persons.arrested_at"),
    ]
    if b.cost(where) > b.MAX_CONDITIONS:
        return too_many()
    group = tuple(f"firs.{d}" for d in by)
    count = "COUNT(persons.ROWID)"
    statement = b.select(
        (*group, count),
        "persons",
        where,
        join=b.PERSONS_WITH_FIRS,
        group=group,
        order=f"{count} DESC, {', '.join(group)}",
    )
    when = f", arrested {e.period.describe()}" if e.period else ""
    labels = " and ".join(DIMENSION_LABELS[d] for d in by)
    return ZcqlDraft(
        statement,
        "breakdown",
        f"Accused arrested in FIRs{about}{when}, counted by {labels}.",
        filters=(about.strip(" ,"), when.strip(" ,")),
    )


def _not_arrested(
    e: Entities, precincts: list[str], about_without_period: str, counting: bool, who: PersonWords
) -> ZcqlDraft:
    """Accused not arrested in the matching FIRs (a period dates the FIRs), or how many."""
    fir_filters = filters(e, "firs")
    dated = f", registered {e.period.describe()}" if e.period else ""
    where = [
        b.equals_any("persons.precinct_id", precincts),
        b.equals_any("firs.precinct_id", precincts),
        b.equals_any("persons.role", ["accused"]),
        b.flag("persons.arrested", False),
        *person_conditions(who, "persons"),
        *fir_filters,
    ]
    described = (about_without_period.strip(" ,"), dated.strip(" ,"), "accused not arrested")
    about = f"{about_without_period}{dated}"
    if counting:
        statement = b.aggregate(
            ("COUNT(persons.ROWID)",), "persons", where, join=b.PERSONS_WITH_FIRS
        )
        if statement is None:
            return too_many()
        return ZcqlDraft(
            statement, "count", f"Counting accused not arrested in FIRs{about}.", filters=described
        )
    if b.cost(where) > b.MAX_CONDITIONS:
        return too_many()
    statement = b.person_list(where)
    return ZcqlDraft(
        statement,
        "person_lookup",
        f"Accused not arrested in FIRs{about}, newest FIR first.",
        filters=described,
    )


def _firs_without_arrest(
    e: Entities, precincts: list[str], about_without_period: str, counting: bool
) -> ZcqlDraft:
    """FIRs naming an accused of whom none is arrested yet (`accused_count > 0`,
    `arrested_count = 0`), or how many; a period dates the FIRs."""
    where = [
        b.equals_any("precinct_id", precincts),
        *filters(e, ""),
        b.Condition("accused_count > 0"),
        b.Condition("arrested_count = 0"),
    ]
    dated = f", registered {e.period.describe()}" if e.period else ""
    about = f"{about_without_period}{dated} with an accused named and none arrested"
    described = (about_without_period.strip(" ,"), dated.strip(" ,"), "no accused arrested")
    if counting:
        statement = b.aggregate(("COUNT(ROWID)",), "firs", where)
        if statement is None:
            return too_many()
        return ZcqlDraft(statement, "count", f"Counting FIRs{about}.", filters=described)
    if b.cost(where) > b.MAX_CONDITIONS:
        return too_many()
    statement = b.select(
        b.LIST_COLUMNS, "firs", where, order="registered_at DESC", limit=str(b.LIST_LIMIT)
    )
    return ZcqlDraft(statement, "list", f"FIRs{about}, newest first.", filters=described)


_ARRESTED_ONLY = ("persons.fir_id", "persons.full_name", "persons.role", "persons.arrested_at")


def _arrest_bounds(period: Period | None, column: str) -> list[b.Condition]:
    if period is None:
        return []
    return b.date_bounds(column, period.start, period.end)
