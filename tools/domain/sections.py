"""IPC <-> BNS and CrPC <-> BNSS correspondence tables, and section-reference parsing.

The tables are those of the domain brief (most-used offences and key procedures); they
are an engineering reference, not a legal text. A section is canonical when it has no
spaces and clause letters are attached the act's way: IPC/CrPC letters are suffixes
(`304A`, `498A`), BNS/BNSS clauses are bracketed (`303(2)`, `125(a)`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

#: BNS, BNSS and BSA replaced IPC, CrPC and the Evidence Act on this date.
CUTOVER = date(2024, 7, 1)


@dataclass(frozen=True, slots=True)
class Correspondence:
    """One row of a correspondence table: old sections and their new equivalents."""

    subject: str
    old: tuple[str, ...]
    new: tuple[str, ...]


_C = Correspondence
IPC_BNS: tuple[Correspondence, ...] = (
    _C("common intention", ("34",), ("3(5)",)),
    _C("abetment", ("109",), ("49",)),
    _C("criminal conspiracy", ("120B",), ("61(2)",)),
    _C("attempt (general)", ("511",), ("62",)),
    _C("murder", ("302",), ("103(1)",)),
    _C("mob lynching", (), ("103(2)",)),
    _C("culpable homicide not amounting to murder", ("304",), ("105",)),
    _C("death by negligence", ("304A",), ("106(1)",)),
    _C("hit-and-run", (), ("106(2)",)),
    _C("dowry death", ("304B",), ("80(2)",)),
    _C("abetment of suicide", ("306",), ("108",)),
    _C("attempt to murder", ("307",), ("109",)),
    _C("hurt", ("323",), ("115(2)",)),
    _C("hurt by dangerous weapon", ("324",), ("118(1)",)),
    _C("grievous hurt", ("325",), ("117(2)",)),
    _C("grievous hurt by dangerous weapon", ("326",), ("118(2)",)),
    _C("acid attack", ("326A",), ("124(1)",)),
    _C("attempted acid attack", ("326B",), ("124(2)",)),
    _C("wrongful restraint", ("341",), ("126(2)",)),
    _C("wrongful confinement", ("342",), ("127(2)",)),
    _C("assault on a public servant", ("353",), ("132",)),
    _C("obstructing a public servant", ("186",), ("221",)),
    _C("assault to outrage modesty", ("354",), ("74",)),
    _C("sexual harassment", ("354A",), ("75",)),
    _C("assault with intent to disrobe", ("354B",), ("76",)),
    _C("voyeurism", ("354C",), ("77",)),
    _C("stalking", ("354D",), ("78",)),
    _C("word or gesture insulting modesty", ("509",), ("79",)),
    _C("rape", ("376",), ("64",)),
    _C("gang rape", ("376D",), ("70(1)",)),
    _C("sexual intercourse by deceitful means", (), ("69",)),
    _C("cruelty by husband or relatives", ("498A",), ("85", "86")),
    _C("kidnapping", ("363",), ("137(2)",)),
    _C("kidnapping for ransom", ("364A",), ("140(2)",)),
    _C("kidnapping a woman to compel marriage", ("366",), ("87",)),
    _C("trafficking of persons", ("370",), ("143",)),
    _C("theft", ("379",), ("303(2)",)),
    _C("snatching", (), ("304",)),
    _C("theft in a dwelling house", ("380",), ("305",)),
    _C("theft by clerk or servant", ("381",), ("306",)),
    _C("extortion", ("384",), ("308(2)",)),
    _C("robbery", ("392",), ("309(4)",)),
    _C("robbery with hurt", ("394",), ("309(6)",)),
    _C("robbery with deadly weapon", ("397",), ("311",)),
    _C("dacoity", ("395",), ("310(2)",)),
    _C("dacoity with murder", ("396",), ("310(3)",)),
    _C("preparing for dacoity", ("399",), ("310(4)",)),
    _C("assembling for dacoity", ("402",), ("310(5)",)),
    _C("criminal misappropriation", ("403",), ("314",)),
    _C("criminal breach of trust", ("406",), ("316(2)",)),
    _C("criminal breach of trust by a public servant or banker", ("409",), ("316(5)",)),
    _C("receiving stolen property", ("411",), ("317(2)",)),
    _C("habitually dealing in stolen property", ("413",), ("317(4)",)),
    _C("cheating", ("417",), ("318(2)",)),
    _C("cheating and dishonestly inducing delivery of property", ("420",), ("318(4)",)),
    _C("cheating by personation", ("419",), ("319(2)",)),
    _C("mischief", ("426",), ("324(2)",)),
    _C("mischief causing damage", ("427",), ("324(4)", "324(5)")),
    _C("mischief by fire", ("435",), ("326(f)",)),
    _C("mischief by fire to destroy a house", ("436",), ("326(g)",)),
    _C("criminal trespass", ("447",), ("329(3)",)),
    _C("house-trespass", ("448",), ("329(4)",)),
    _C("house-trespass after preparation for hurt", ("452",), ("333",)),
    _C("house-breaking", ("453",), ("331(1)",)),
    _C("house-breaking by night", ("456",), ("331(2)",)),
    _C("house-breaking to commit an offence", ("454",), ("331(3)",)),
    _C("house-breaking by night to commit an offence", ("457",), ("331(4)",)),
    _C("forgery", ("465",), ("336(2)",)),
    _C("forgery for cheating", ("468",), ("336(3)",)),
    _C("forgery of a valuable security", ("467",), ("338",)),
    _C("using a forged document as genuine", ("471",), ("340(2)",)),
    _C("counterfeit currency", ("489A",), ("178",)),
    _C("member of an unlawful assembly", ("143",), ("189(2)",)),
    _C("joining an unlawful assembly armed", ("144",), ("189(4)",)),
    _C("rioting", ("147",), ("191(2)",)),
    _C("rioting armed with a deadly weapon", ("148",), ("191(3)",)),
    _C("common object of an unlawful assembly", ("149",), ("190",)),
    _C("promoting enmity between groups", ("153A",), ("196",)),
    _C("disobeying an order of a public servant", ("188",), ("223",)),
    _C("causing disappearance of evidence", ("201",), ("238",)),
    _C("rash driving on a public way", ("279",), ("281",)),
    _C("endangering life causing hurt", ("337",), ("125(a)",)),
    _C("endangering life causing grievous hurt", ("338",), ("125(b)",)),
    _C("obscene acts", ("294",), ("296",)),
    _C("criminal intimidation", ("506",), ("351(2)", "351(3)")),
    _C("criminal intimidation by anonymous communication", ("507",), ("351(4)",)),
    _C("intentional insult to provoke a breach of the peace", ("504",), ("352",)),
    _C("defamation", ("500",), ("356(2)",)),
    _C("disclosing the identity of a sexual-offence victim", ("228A",), ("72",)),
    _C("public servant not recording information", ("166A",), ("199",)),
    _C("organised crime", (), ("111",)),
    _C("petty organised crime", (), ("112",)),
    _C("terrorist act", (), ("113",)),
    _C("unnatural offences (no general equivalent)", ("377",), ()),
    _C("adultery (no equivalent)", ("497",), ()),
    _C("attempt to commit suicide (no equivalent)", ("309",), ()),
)

CRPC_BNSS: tuple[Correspondence, ...] = (
    _C("arrest without warrant", ("41",), ("35",)),
    _C("notice of appearance (41A notice)", ("41A",), ("35(3)", "35(4)", "35(5)", "35(6)")),
    _C("arrest memo", ("41B",), ("36",)),
    _C("control room", ("41C",), ("37",)),
    _C("right to meet an advocate", ("41D",), ("38",)),
    _C("arrest how made", ("46",), ("43",)),
    _C("grounds of arrest and right to bail", ("50",), ("47",)),
    _C("informing a relative of the arrest", ("50A",), ("48",)),
    _C("search of an arrested person", ("51",), ("49",)),
    _C("medical examination of the accused", ("53",), ("51",)),
    _C("medical examination of a rape accused", ("53A",), ("52",)),
    _C("medical examination of an arrested person", ("54",), ("53",)),
    _C("health and safety of an arrested person", ("55A",), ("56",)),
    _C("detention not beyond 24 hours", ("57",), ("58",)),
    _C("summons to produce a document", ("91",), ("94",)),
    _C("seizure of property", ("102",), ("106",)),
    _C("videography of search and seizure", (), ("105",)),
    _C("first information report (Zero FIR, e-FIR, preliminary enquiry)", ("154",), ("173",)),
    _C("non-cognizable information", ("155",), ("174",)),
    _C("power to investigate", ("156",), ("175",)),
    _C("procedure for investigation", ("157",), ("176",)),
    _C("attendance of witnesses", ("160",), ("179",)),
    _C("examination of witnesses", ("161",), ("180",)),
    _C("statement or confession before a Magistrate", ("164",), ("183",)),
    _C("medical examination of a rape victim", ("164A",), ("184",)),
    _C("search by a police officer", ("165",), ("185",)),
    _C("remand", ("167",), ("187",)),
    _C("case diary", ("172",), ("192",)),
    _C("final report / charge-sheet", ("173",), ("193",)),
    _C("inquest", ("174",), ("194",)),
    _C("trial in camera", ("327",), ("366",)),
    _C("victim compensation", ("357A",), ("396",)),
    _C("bail in non-bailable offences", ("437",), ("480",)),
    _C("anticipatory bail", ("438",), ("482",)),
    _C("bail by the High Court or Sessions Court", ("439",), ("483",)),
    _C("inherent powers of the High Court", ("482",), ("528",)),
)

#: Evidence Act -> BSA, the few sections an officer asks about.
EVIDENCE_BSA: tuple[Correspondence, ...] = (
    _C("electronic record certificate", ("65B",), ("63",)),
    _C("confession to a police officer", ("25",), ("23(1)",)),
    _C("discovery on information from the accused", ("27",), ("23(2)",)),
)

_TABLES: dict[str, tuple[tuple[Correspondence, ...], str]] = {
    "IPC": (IPC_BNS, "BNS"),
    "CRPC": (CRPC_BNSS, "BNSS"),
    "IEA": (EVIDENCE_BSA, "BSA"),
}

#: Canonical act names; keys are normalised spellings (lowercase, no dots or spaces).
ACT_ALIASES: dict[str, str] = {
    "ipc": "IPC",
    "indianpenalcode": "IPC",
    "bns": "BNS",
    "bharatiyanyayasanhita": "BNS",
    "crpc": "CrPC",
    "cr.p.c": "CrPC",
    "codeofcriminalprocedure": "CrPC",
    "bnss": "BNSS",
    "bharatiyanagariksurakshasanhita": "BNSS",
    "iea": "IEA",
    "evidenceact": "IEA",
    "indianevidenceact": "IEA",
    "bsa": "BSA",
    "bharatiyasakshyaadhiniyam": "BSA",
    "pocso": "POCSO",
    "pocsoact": "POCSO",
    "ndps": "NDPS",
    "ndpsact": "NDPS",
    "itact": "IT Act",
    "it": "IT Act",
    "kpact": "KP Act",
    "karnatakapoliceact": "KP Act",
    "mvact": "MV Act",
    "motorvehiclesact": "MV Act",
}

_OLD_ACTS = frozenset({"IPC", "CrPC", "IEA"})
_ACT = (
    r"(?P<{g}>i\.?\s?p\.?\s?c\.?|b\.?\s?n\.?\s?s\.?s\.?|b\.?\s?n\.?\s?s\.?|cr\.?\s?p\.?\s?c\.?"
    r"|b\.?\s?s\.?\s?a\.?|pocso(?:\s+act)?|ndps(?:\s+act)?|i\.?\s?t\.?\s+act|k\.?\s?p\.?\s+act"
    r"|m\.?\s?v\.?\s+act|indian\s+penal\s+code|bharatiya\s+nyaya\s+sanhita"
    r"|bharatiya\s+nagarik\s+suraksha\s+sanhita|code\s+of\s+criminal\s+procedure"
    r"|(?:indian\s+)?evidence\s+act)"
)
_SEC = r"(?P<{g}>\d{{1,3}}\s?[a-z]?(?:\s?\(\s?[0-9a-z]{{1,3}}\s?\))*)"
_PREFIX = r"(?:u\s?/\s?s\.?|under\s+sections?|sections?|secs?\.?|s\.)"
_MORE = r"(?P<more>(?:\s*(?:,|&|\band\b)\s*\d{1,3}\s?[a-z]?(?:\s?\(\s?[0-9a-z]{1,3}\s?\))*)*)"
_SEC_RE = re.compile(_SEC.format(g="s"), re.I)
_PATTERNS: tuple[re.Pattern[str], ...] = (
    # "IPC 379", "BNS s.303 (2)", "IPC section 420", "IPC U/s: 279,304(A)"
    re.compile(
        rf"(?<![a-z]){_ACT.format(g='act')}\s*(?:{_PREFIX}\s*:?\s*)?{_SEC.format(g='sec')}{_MORE}"
        r"(?![\w])",
        re.I,
    ),
    # "u/s 379 IPC", "section 420 of IPC", "s. 498A of the Indian Penal Code"
    re.compile(
        rf"(?<![a-z]){_PREFIX}\s*:?\s*{_SEC.format(g='sec')}{_MORE}\s*(?:of\s+(?:the\s+)?)?"
        rf"{_ACT.format(g='act')}(?![a-z])",
        re.I,
    ),
    # "379 IPC", "303(2) BNS"
    re.compile(rf"(?<![\w(]){_SEC.format(g='sec')}{_MORE}\s*{_ACT.format(g='act')}(?![a-z])", re.I),
)


def canonical_act(name: str) -> str | None:
    """Canonical act name for a spelling ("I.P.C." -> "IPC"), None if unknown."""
    key = re.sub(r"[\s.]", "", name.lower())
    return ACT_ALIASES.get(key) or ACT_ALIASES.get(key.removesuffix("act"))


def canonical_section(act: str, section: str) -> str:
    """Canonical section text: no spaces, suffix letters upper-case, bracketed clauses lower-case.

    For the old codes a bracketed single letter is a suffix: IPC `304(A)` -> `304A`.
    """
    sec = re.sub(r"\s+", "", section)
    if act in _OLD_ACTS:
        sec = re.sub(r"^(\d+)\(([a-zA-Z])\)", r"\1\2", sec)
    sec = re.sub(r"^(\d+)([a-zA-Z])", lambda m: m[1] + m[2].upper(), sec)
    return re.sub(r"\(([a-zA-Z]+)\)", lambda m: f"({m[1].lower()})", sec)


def find_sections(text: str) -> list[tuple[str, str]]:
    """Every (act, section) reference in free text, canonical, in order of appearance.

    Lists share their act: "IPC U/s: 279,304(A)" -> [("IPC", "279"), ("IPC", "304A")].
    """
    spans: list[tuple[int, int, list[tuple[str, str]]]] = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            act = canonical_act(m["act"])
            if act is None or any(m.start() < end and start < m.end() for start, end, _ in spans):
                continue
            raw = [m["sec"], *(x[0] for x in _SEC_RE.finditer(m["more"]))]
            spans.append((m.start(), m.end(), [(act, canonical_section(act, r)) for r in raw]))
    ordered = [ref for _, _, refs in sorted(spans) for ref in refs]
    return list(dict.fromkeys(ordered))


def parse_section(text: str) -> tuple[str, str] | None:
    """The first (act, section) reference in text, e.g. "u/s 379 IPC" -> ("IPC", "379")."""
    found = find_sections(text)
    return found[0] if found else None


def _base(section: str) -> str:
    return section.split("(", 1)[0]


def _lookup(old_act: str, section: str, forward: bool) -> list[str]:
    table, _ = _TABLES[old_act]
    new_act = _TABLES[old_act][1]
    sec = canonical_section(old_act if forward else new_act, section)
    out: list[str] = []
    for row in table:
        source, target = (row.old, row.new) if forward else (row.new, row.old)
        exact = sec in source
        loose = not forward and _base(sec) in {_base(s) for s in source} and "(" not in sec
        if exact or loose:
            out.extend(t for t in target if t not in out)
    return out


def ipc_to_bns(section: str) -> list[str]:
    """BNS equivalents of an IPC section ("379" -> ["303(2)"]); [] if none or unknown."""
    return _lookup("IPC", section, forward=True)


def bns_to_ipc(section: str) -> list[str]:
    """IPC equivalents of a BNS section ("303(2)" -> ["379"]); "303" matches all 303(x)."""
    return _lookup("IPC", section, forward=False)


def crpc_to_bnss(section: str) -> list[str]:
    """BNSS equivalents of a CrPC section ("154" -> ["173"])."""
    return _lookup("CRPC", section, forward=True)


def bnss_to_crpc(section: str) -> list[str]:
    """CrPC equivalents of a BNSS section ("173" -> ["154"])."""
    return _lookup("CRPC", section, forward=False)


def equivalents(act: str, section: str) -> list[tuple[str, str]]:
    """Counterparts across the cut-over: ("IPC","379") -> [("BNS","303(2)")] and back."""
    pairs = {
        "IPC": ("BNS", ipc_to_bns),
        "BNS": ("IPC", bns_to_ipc),
        "CrPC": ("BNSS", crpc_to_bnss),
        "BNSS": ("CrPC", bnss_to_crpc),
    }
    if act not in pairs:
        return []
    other, convert = pairs[act]
    return [(other, s) for s in convert(section)]


def act_version(registered: date) -> str:
    """Which penal code an FIR registered on this date cites: "IPC" or "BNS"."""
    return "BNS" if registered >= CUTOVER else "IPC"
