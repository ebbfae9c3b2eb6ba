"""The structured legal reference: BNS sections, BNSS time limits, POCSO and JJ Act duties.

Data in `data/legal/` (sources named in its README). `legal_answer(question)` answers a
table look-up ("punishment for BNS 303", "IPC 420 in BNS", "is BNS 318 bailable", "is
theft bailable", "charge-sheet limit for a 10-year offence" or "... for a BNS 303 case", "BNSS
43(5)") and returns None for anything else, so callers fall through to the knowledge base. A
question citing a BNS or IPC section but asking something its row does not hold (a time limit,
the steps of a procedure, who may act) is not a look-up. A blank cell is reported as not
recorded, never guessed.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "legal"
SOURCE = (
    "BNS 2023 and the BNSS 2023 First Schedule (IPC 1860 for the replaced section); "
    "paraphrased, verify against the Gazette"
)
#: At most this many rows answer a question that names an offence instead of a section.
MAX_OFFENCE_ROWS = 3
NOT_RECORDED = "not recorded in the reference table (check the BNSS First Schedule)"


@dataclass(frozen=True)
class BnsSection:
    """One row of `bns_sections.csv`."""

    bns: str
    offence: str
    ipc: str
    punishment: str
    cognisable: str
    bailable: str
    triable_by: str


@dataclass(frozen=True)
class Provision:
    """One time limit or duty of `time_limits_and_duties.yaml`."""

    key: str
    act: str
    section: str
    topic: str
    rule: str
    kb: str
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class LegalAnswer:
    """A look-up's answer: sentences, and the table entry (id, title) each one came from."""

    sentences: tuple[str, ...]
    entries: tuple[tuple[str, str], ...]
    kb_documents: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The sentences joined, for tools that want one string."""
        return " ".join(self.sentences)


@lru_cache(maxsize=1)
def bns_sections() -> tuple[BnsSection, ...]:
    """Every BNS row, in file order."""
    with (DATA_DIR / "bns_sections.csv").open(encoding="utf-8", newline="") as fh:
        return tuple(
            BnsSection(**{k: v.strip() for k, v in row.items()}) for row in csv.DictReader(fh)
        )


@lru_cache(maxsize=1)
def provisions() -> tuple[Provision, ...]:
    """Every time limit and duty, in file order."""
    rows = yaml.safe_load((DATA_DIR / "time_limits_and_duties.yaml").read_text(encoding="utf-8"))
    return tuple(
        Provision(
            key=r["key"],
            act=r["act"],
            section=str(r["section"]),
            topic=r["topic"],
            rule=" ".join(str(r["rule"]).split()),
            kb=r["kb"],
            keywords=tuple(str(k).lower() for k in r.get("keywords") or ()),
        )
        for r in rows
    )


#: A keyword that names no subject on its own: a bare number or a period ("24 hours").
_GENERIC_KEYWORD = re.compile(r"\d")


def provision_by_keywords(question: str) -> Provision | None:
    """The one provision whose subject keywords the question uses most ("produced before the
    JJB" -> JJ Act s.10), whole words only, periods and bare numbers never counted; None when
    none is used or two provisions tie."""
    words = re.sub(r"[^a-z0-9()\s-]", " ", question.lower())
    scored = []
    for p in provisions():
        named = [
            k
            for k in p.keywords
            if not _GENERIC_KEYWORD.search(k) and re.search(rf"\b{re.escape(k)}\b", words)
        ]
        if named:
            scored.append((len(named), p))
    scored.sort(key=lambda x: -x[0])
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
        return None
    return scored[0][1]


def provision_answer(p: Provision) -> LegalAnswer:
    """One provision stated from the table, with the document that explains it."""
    return LegalAnswer((provision_sentence(p),), (_provision_entry(p),), (p.kb,))


def _base(section: str) -> str:
    """`303(2)` -> `303`; `124A (replaces sedition in part)` -> `124a`."""
    match = re.match(r"\d+[a-z]*", section.strip().lower())
    return match.group(0) if match else ""


def find_bns(section: str) -> list[BnsSection]:
    """Rows for `303(2)` exactly, or for every sub-section of `303`."""
    wanted = re.sub(r"\s+", "", section.lower())
    exact = [r for r in bns_sections() if r.bns.lower() == wanted]
    return exact or [r for r in bns_sections() if _base(r.bns) == _base(wanted)]


def find_by_ipc(section: str) -> list[BnsSection]:
    """BNS rows that replace an IPC section (`420` -> 318(4))."""
    wanted = _base(section)
    return [r for r in bns_sections() if r.ipc and _base(r.ipc) == wanted]


_SEC = r"(\d{1,3}[a-z]{0,2}(?:\s?\(\s?[0-9a-z]{1,3}\s?\))*)"
_LEAD = r"(?:s\.|sec\.?|section|u/s\.?)?\s*"
_TRAIL = r"\s*(?:of\s+(?:the\s+)?)?"


_LISTED = (
    r"\s+(?=\d{2,3}[a-z]{0,2}(?:\(\w{1,3}\))*(?:[\s,;?.]|$)"
    r"(?!\s*(?:years?|days?|months?|hours?)\b))"
)
"""A further section after a space only ("ipc 143 147"), never a period ("302 10 years")."""
_MORE = rf"((?:(?:\s*(?:,|&|/|\band\b)\s*|{_LISTED}){_SEC})*)"


def _refs(text: str, act: str) -> list[str]:
    """Section numbers cited with an act: `BNS 303`, `section 303 of BNS`, `303 BNS`; a list
    after the act (`IPC 323, 504 and 506`, or spaced `IPC 323 504 506`) gives every section
    in it."""
    found: list[str] = []
    for first, more, _ in re.findall(rf"\b{act}\s*{_LEAD}{_SEC}{_MORE}", text):
        found += [first, *re.findall(_SEC, more)]
    found += re.findall(rf"\b(?:s\.|sec\.?|section|u/s\.?)\s*{_SEC}{_TRAIL}{act}\b", text)
    found += re.findall(rf"\b{_SEC}\s+{act}\b", text)
    return list(dict.fromkeys(re.sub(r"\s+", "", f) for f in found))


ASPECTS = {
    "punishment": re.compile(
        r"punish|sentence|saza|imprisonment|\bjail\b|penalty|how (?:many|long) years"
        r"|\byears? max|\bmax(?:imum)? (?:term|jail|years?)\b",
        re.I,
    ),
    "bailable": re.compile(r"\bbail", re.I),
    "cognisable": re.compile(r"cogni[sz]", re.I),
    "triable": re.compile(r"triable|tried by|which court|trial court", re.I),
}
#: Who grants bail ("who can grant bail under BNS 303", "bail - station or court"): answered
#: from the row's bailable column with the provision that names the authority.
BAIL_AUTHORITY = re.compile(
    r"\b(?:who|whom|kaun|kis(?:ko|e)?|yaaru|yaar(?:u|ige))\b.*\bbail|\bbail\b.*\b(?:who|kaun"
    r"|yaaru|station or (?:the )?court|court or (?:the )?station|which (?:court|authority))\b"
    r"|\b(?:grants?|granting|gives?|giving|allows?)\s+(?:\w+\s+){0,2}?bail\b",
    re.I,
)
DEFAULT_BAIL = re.compile(
    r"default bail|statutory bail|\b187\s*\(\s*3\s*\)"
    r"|(?:charge[- ]?sheet|final report)\b.*\b(?:limit|deadline|within|days|time|period|due)"
    r"|(?:limit|deadline|time|period|days|how long|by when)\b.*\b(?:charge[- ]?sheet|final report)",
    re.I,
)
#: A rape or child sexual offence named without a section: BNSS 193(2) sets its own
#: two-month limit before any default-bail period.
_SEXUAL_OFFENCE = re.compile(
    r"\b(?:rape|gang ?rape|pocso|sexual (?:offences?|assault)|child sexual)\b", re.I
)
#: The BNS sections whose investigation BNSS 193(2) limits to two months.
_TWO_MONTH_SECTIONS = range(64, 72)
_YEARS = re.compile(r"\b(\d{1,2})[- ]?(?:years?|yrs?|year)\b", re.I)
_GRAVE = re.compile(r"\b(?:death|life imprisonment|imprisonment for life|life)\b", re.I)


#: What may follow an offence named as the subject ("is theft bailable", "punishment for
#: theft?"); "rape victim" or "theft case diary" name something else.
_OFFENCE_END = (
    r"(?=\s*(?:$|[?.,!;]|(?:is|a|an|under|in|bailable|non-bailable|cogni[sz]able|triable"
    r"|offence|ki|ka|ke|hai|kya|carr(?:y|ies)|attracts?|punish\w*|sentence|jail|max\w*"
    r"|first|second|on|how|what|which|and|bns|ipc|section|\d{1,3}"
    r"|case(?!\s+(?:diary|file|record|property)))\b|\s-\s))"
)


def offence_name(row: BnsSection) -> str:
    """The row's offence without a trailing remark: `snatching (new offence)` -> `snatching`."""
    return re.sub(r"\s*\([^)]*\)\s*$", "", row.offence).strip().lower()


def offence_aliases(row: BnsSection) -> list[str]:
    """The row's offence name and the short names its trailing remark gives, hyphens read as
    spaces: `... (hit-and-run, new)` -> also `hit and run` (short, wordy remarks only)."""
    remark = re.search(r"\(([^)]*)\)\s*$", row.offence)
    names = [offence_name(row)]
    if remark:
        names += [
            part.strip().lower()
            for part in remark[1].split(",")
            if re.fullmatch(r"[a-z][a-z -]*", part.strip(), re.I)
            and len(part.split()) <= 3
            and not re.fullmatch(r"new(?: offence)?", part.strip(), re.I)
        ]
    return list(dict.fromkeys(n.replace("-", " ") for n in names))


def find_by_offence(text: str) -> list[BnsSection]:
    """Rows whose whole offence name (or a short name) the question uses ("punishment for
    theft"), the longest names only, so "attempt to murder" does not also bring "murder"."""
    spaced = re.sub(r"(?<=\w)-(?=\w)", " ", text)
    named = [
        (name, r)
        for r in bns_sections()
        for name in offence_aliases(r)
        if re.search(rf"\b{re.escape(name)}{_OFFENCE_END}", spaced)
    ]
    return [
        row for name, row in named if not any(name != other and name in other for other, _ in named)
    ]


def _yes_no(value: str, negative: str) -> str:
    """'yes', or 'no' with the plain word ("no (non-bailable)"); the table's own text else."""
    said = {"yes": "yes", "no": f"no ({negative})"}
    return said.get(value.lower(), value) if value else NOT_RECORDED


def _entry(row: BnsSection) -> tuple[str, str]:
    return f"bns-{re.sub(r'[^0-9a-z]+', '-', row.bns.lower()).strip('-')}", f"BNS {row.bns}"


def section_sentence(row: BnsSection, aspects: set[str]) -> str:
    """One sentence about a row: the aspects asked for, or all of it."""
    replaces = f"replaces IPC {row.ipc}" if row.ipc else "no IPC equivalent"
    head = f"BNS {row.bns} ({row.offence}; {replaces})"
    parts = []
    if not aspects or "punishment" in aspects:
        parts.append(f"punishment: {row.punishment}")
    if not aspects or "cognisable" in aspects:
        parts.append(f"cognisable: {_yes_no(row.cognisable, 'non-cognisable')}")
    if not aspects or "bailable" in aspects:
        parts.append(f"bailable: {_yes_no(row.bailable, 'non-bailable')}")
    if not aspects or "triable" in aspects:
        parts.append(f"triable by: {row.triable_by or NOT_RECORDED}")
    if aspects == {"mapping"}:
        return f"IPC {row.ipc} corresponds to BNS {row.bns} ({row.offence})."
    return f"{head}: " + "; ".join(parts) + "."


def default_bail_class(years: int | None, grave: bool) -> str:
    """Which BNSS 187(3) period applies to an offence of that punishment."""
    if grave or (years is not None and years > 10):
        return (
            "An offence punishable with death, imprisonment for life or more than ten years "
            "is in the 90-day class."
        )
    if years == 10:
        return (
            "An offence punishable with a term of at least ten years is in the 90-day class; "
            "where ten years is only the maximum ('may extend to ten years') courts have read "
            "'not less than ten years' differently, so file within 60 days to be safe and "
            "confirm with the prosecutor."
        )
    if years is not None:
        return f"An offence punishable with at most {years} years is in the 60-day class."
    return ""


def _provision(key: str) -> Provision:
    return next(p for p in provisions() if p.key == key)


def _provision_entry(p: Provision) -> tuple[str, str]:
    slug = re.sub(r"[^0-9a-z]+", "-", f"{p.act} {p.section}".lower()).strip("-")
    return slug, provision_label(p)


def provision_label(p: Provision) -> str:
    """`BNSS 58`, `POCSO Act s.19`."""
    return f"{p.act} {p.section}" if p.act == "BNSS" else f"{p.act} s.{p.section}"


RANK_SHORT = (
    (re.compile(r"\bDeputy Superintendent of Police\b(?! \()"), "DSP"),
    (re.compile(r"(?<!Deputy )(?<!Additional )\bSuperintendent of Police\b(?! \()"), "SP"),
    (re.compile(r"(?<!Assistant )\bSub-Inspector\b(?! \()"), "SI"),
    (re.compile(r"\bAssistant Sub-Inspector\b(?! \()"), "ASI"),
)
"""A rank written out in full -> the short form officers use for it."""


def with_rank_short_forms(text: str) -> str:
    """Each rank written out in full followed by its short form, once: "an officer not below
    the rank of Deputy Superintendent of Police (DSP)"."""
    for full, short in RANK_SHORT:
        text = full.sub(rf"\g<0> ({short})", text, count=1)
    return text


def provision_sentence(p: Provision) -> str:
    """`BNSS 58 (production before a Magistrate): <rule>`, ranks with their short forms."""
    return f"{provision_label(p)} ({p.topic}): {with_rank_short_forms(p.rule)}"


def _provisions_cited(text: str) -> list[Provision]:
    cited: list[Provision] = []
    for act, name in (("bnss", "BNSS"), ("pocso(?: act)?", "POCSO Act"), ("jj act", "JJ Act")):
        for ref in _refs(text, act):
            cited += [
                p
                for p in provisions()
                if p.act == name
                and _base(p.section) == _base(ref)
                and (ref == _base(ref) or p.section.startswith(ref))
            ]
    return list(dict.fromkeys(cited))


#: A bare section number with a letter suffix ("498A", "304B") asked about with the new code
#: is an IPC section: BNS and BNSS sections have no letter suffixes.
_LETTERED = re.compile(r"(?<![\w(])(\d{2,3}[a-z]{1,2})\b")
_NEW_CODE = re.compile(r"\bbns\b|\bnew (?:section|law|code|number)|\bsection number\b|\bnow\b")


def _bare_ipc(text: str) -> str:
    """`new section number for 498a` -> `new section number for ipc 498a`."""
    if _refs(text, "ipc") or re.search(r"\b(?:crpc|bnss|cr\.p\.c)\b", text):
        return text
    if not _NEW_CODE.search(text):
        return text
    return _LETTERED.sub(r"ipc \1", text)


#: Kinds of question (as `tools.knowledge.answer.question_type` names them) a BNS row does not
#: answer: a time limit, the steps of a procedure, who may do something. Asked about a cited
#: section, they are left to the knowledge base unless a column of the row is asked for too.
NOT_ROW_KINDS = frozenset({"time_limit", "steps", "permission"})
#: A yes/no question ("is BNS 111 a new offence") is read as a permission question too, but
#: asks about the section itself.
_YES_NO = re.compile(r"^\s*(?:is|are|was|were)\b")


def asks_row(question: str, kind: str | None, aspects: set[str]) -> bool:
    """The question asks what a BNS row holds: a column of it (punishment, bailable,
    cognisable, triable by), the IPC mapping, the offence, or the row as a whole."""
    if aspects or kind not in NOT_ROW_KINDS:
        return True
    return kind == "permission" and bool(_YES_NO.match(question))


def _cited_rows(text: str) -> list[BnsSection]:
    """The rows of every BNS section cited and of every BNS section replacing a cited IPC one."""
    rows = [row for ref in _refs(text, "bns") for row in find_bns(ref)]
    rows += [row for ref in _refs(text, "ipc") for row in find_by_ipc(ref)]
    return list(dict.fromkeys(rows))


def _max_years(punishment: str) -> int | None:
    """The longest term in years a punishment names (`1 to 3 years ... 3 to 7 years` -> 7)."""
    return max((int(m[1]) for m in _YEARS.finditer(punishment)), default=None)


def bail_authority_provision(row: BnsSection) -> Provision | None:
    """The provision that says who grants bail for the row's offence; None when the table
    does not record whether it is bailable."""
    key = {"yes": "bail_bailable", "no": "bail_non_bailable"}.get(row.bailable.lower())
    return _provision(key) if key else None


def two_month_limit(text: str) -> bool:
    """The question names a rape or POCSO offence (in words or as BNS 64-71), whose
    investigation BNSS 193(2) limits to two months."""
    cited = (_base(ref) for ref in _refs(text, "bns"))
    return bool(_SEXUAL_OFFENCE.search(text)) or any(
        ref.isdigit() and int(ref) in _TWO_MONTH_SECTIONS for ref in cited
    )


_NOT_LESS_THAN = re.compile(r"\bnot less than (\d{1,2}) years?\b", re.I)


def offence_rows(text: str) -> list[BnsSection]:
    """The rows of the BNS sections the text cites (or that replace cited IPC ones), else of
    the offences it names in full ("dacoity", "kidnapping for ransom"), the longest names only
    ("kidnapping for ransom" does not also bring "kidnapping")."""
    lowered = text.lower()
    rows = _cited_rows(lowered)
    if rows:
        return rows
    spaced = re.sub(r"(?<=\w)-(?=\w)", " ", lowered)
    named = [
        (name, r)
        for r in bns_sections()
        for name in offence_aliases(r)
        if re.search(rf"\b{re.escape(name)}\b", spaced)
    ]
    longest = [r for name, r in named if not any(name != o and name in o for o, _ in named)]
    return list(dict.fromkeys(longest))


#: A longer term the punishment gives only in a case it names ("...; up to 14 years if committed
#: on a highway between sunset and sunrise"): not the offence's own punishment.
_CONDITIONAL = re.compile(r";\s*(?=[^;]*\bif\b)")


def bail_days(punishment: str) -> int:
    """The BNSS 187(3) period for a punishment: 90 days when death, life, more than ten years or
    not less than ten years; 60 otherwise (a maximum of exactly ten years is counted in the
    60-day class, the safe reading)."""
    floor = _NOT_LESS_THAN.search(punishment)
    years = _max_years(punishment)
    grave = bool(_GRAVE.search(punishment)) or (floor is not None and int(floor[1]) >= 10)
    return 90 if grave or (years is not None and years > 10) else 60


def base_punishment(row: BnsSection) -> str:
    """The row's punishment without the longer terms it gives only in the cases it names."""
    return _CONDITIONAL.split(row.punishment, maxsplit=1)[0]


def bail_period(text: str) -> tuple[int, tuple[BnsSection, ...]] | None:
    """The default-bail period (60 or 90 days) of the offence the text cites or names, with the
    rows it was read from; None when it names none or its offences fall in different classes."""
    rows = offence_rows(text)
    periods = {bail_days(base_punishment(row)) for row in rows}
    return (periods.pop(), tuple(rows)) if len(periods) == 1 else None


def default_bail_answer(text: str) -> LegalAnswer | None:
    """BNSS 187(3) and the period that applies: from each cited section's punishment, or from
    the punishment the question states; None when a cited section is not in the table. For a
    rape or POCSO offence the BNSS 193(2) two-month limit comes first."""
    rule = _provision("default_bail")
    sentences, entries = [provision_sentence(rule)], [_provision_entry(rule)]
    kb = [rule.kb]
    if two_month_limit(text) and not re.search(r"default bail|statutory bail|187", text):
        first = _provision("investigation_sexual_offences")
        sentences.insert(0, provision_sentence(first))
        entries.insert(0, _provision_entry(first))
        kb.insert(0, first.kb)
    if _refs(text, "bns") or _refs(text, "ipc"):
        rows = _cited_rows(text)
        if not rows:
            return None
        for row in rows:
            sentences.append(section_sentence(row, {"punishment"}))
            entries.append(_entry(row))
            grave = bool(_GRAVE.search(row.punishment))
            extra = default_bail_class(_max_years(row.punishment), grave)
            if extra:
                sentences.append(extra)
                entries.append(_provision_entry(rule))
    else:
        years = _YEARS.search(text)
        extra = default_bail_class(int(years[1]) if years else None, bool(_GRAVE.search(text)))
        if extra:
            sentences.append(extra)
            entries.append(_provision_entry(rule))
    return LegalAnswer(tuple(sentences), tuple(entries), tuple(kb))


def legal_answer(question: str, kind: str | None = None) -> LegalAnswer | None:
    """The table's answer to a look-up question, or None when it is not one (an IPC section
    the table does not list is left to the knowledge base, which may say more about it).
    `kind` is the question's kind (`tools.legal_lookup.table_answer` reads it); a kind in
    `NOT_ROW_KINDS` keeps a cited section's row out unless one of its columns is asked for."""
    text = _bare_ipc(question.lower().replace("–", "-"))
    aspects = {name for name, pattern in ASPECTS.items() if pattern.search(text)}
    if BAIL_AUTHORITY.search(text):
        aspects |= {"bailable", "bail_authority"}
    row_asked = asks_row(text, kind, aspects)
    sentences: list[str] = []
    entries: list[tuple[str, str]] = []
    kb: list[str] = []
    if DEFAULT_BAIL.search(text):
        return default_bail_answer(text)

    def add_row(row: BnsSection, row_aspects: set[str]) -> None:
        sentences.append(section_sentence(row, row_aspects))
        entries.append(_entry(row))
        authority = bail_authority_provision(row) if "bail_authority" in aspects else None
        if authority is not None and _provision_entry(authority) not in entries:
            sentences.append(provision_sentence(authority))
            entries.append(_provision_entry(authority))
            kb.append(authority.kb)

    for ref in _refs(text, "bns") if row_asked else []:
        for row in find_bns(ref):
            add_row(row, aspects)
    for ref in _refs(text, "ipc") if row_asked else []:
        rows = find_by_ipc(ref)
        if not rows:
            sentences.append(f"IPC {ref} is not in the reference table.")
            entries.append(("ipc-not-listed", "BNS reference table"))
        for row in rows:
            add_row(row, aspects or {"mapping"})
    if not sentences and aspects and not _refs(text, "bns") and not _refs(text, "ipc"):
        for row in find_by_offence(text)[:MAX_OFFENCE_ROWS]:
            add_row(row, aspects)
    for p in _provisions_cited(text):
        sentences.append(provision_sentence(p))
        entries.append(_provision_entry(p))
        kb.append(p.kb)
    if sentences and all(entry == "ipc-not-listed" for entry, _ in entries):
        return None
    if not sentences:
        unknown = _refs(text, "bns")
        if unknown and row_asked:
            return LegalAnswer(
                (f"BNS {unknown[0]} is not in the reference table of common sections.",),
                (("bns-not-listed", "BNS reference table"),),
            )
        return None
    return LegalAnswer(tuple(sentences), tuple(entries), tuple(dict.fromkeys(kb)))
