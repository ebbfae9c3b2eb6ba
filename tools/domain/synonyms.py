"""Domain vocabulary normalisation for the router, RAG and text-to-ZCQL.

`normalise_text` gives one comparable form of an officer's text (NFKC, lower case,
plain punctuation, single spaces, common typos fixed). `expand_synonyms` appends the
canonical terms a text implies (including Hinglish words and the IPC <-> BNS
counterparts of any section it cites), so keyword and vector matching see both.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from tools.domain.sections import equivalents, find_sections
from tools.request_memo import per_request

#: Misspellings seen in officers' typing -> the intended word.
TYPOS: dict[str, str] = {
    "snaching": "snatching",
    "snatchng": "snatching",
    "chargesheat": "chargesheet",
    "chargshet": "chargesheet",
    "chargsheet": "chargesheet",
    "chargeshet": "chargesheet",
    "theif": "thief",
    "thft": "theft",
    "theift": "theft",
    "burglery": "burglary",
    "buglary": "burglary",
    "burgalary": "burglary",
    "robery": "robbery",
    "murdur": "murder",
    "vehical": "vehicle",
    "vehicel": "vehicle",
    "vechicle": "vehicle",
    "vehicals": "vehicles",
    "investgation": "investigation",
    "invetigation": "investigation",
    "recieved": "received",
    "accussed": "accused",
    "acused": "accused",
    "distict": "district",
    "disctrict": "district",
    "staion": "station",
    "polce": "police",
    "pocs0": "pocso",
    "molestaion": "molestation",
    "kidnaping": "kidnapping",
    "cyber-crime": "cyber crime",
    "fone": "phone",
    "phne": "phone",
    "mobil": "mobile",
    "twon": "town",
    "tonw": "town",
    "staton": "station",
    "sttion": "station",
    "chargesheted": "chargesheeted",
}

#: Canonical term -> spellings and synonyms that imply it (all normalised).
SYNONYMS: dict[str, tuple[str, ...]] = {
    "chain snatching": (
        "chain-snatching",
        "chain snatching",
        "chain snatch",
        "snatching",
        "chain snatcher",
        "chain snatchers",
        "mangalsutra snatching",
    ),
    "two-wheeler": (
        "two-wheeler",
        "two wheeler",
        "two-wheelers",
        "two wheelers",
        "2 wheeler",
        "2-wheeler",
        "bike",
        "bikes",
        "motorbike",
        "motorcycle",
        "motorcycles",
        "motor cycle",
        "scooter",
        "scooters",
        "scooty",
        "moped",
        "activa",
    ),
    "four-wheeler": (
        "four-wheeler",
        "four wheeler",
        "four-wheelers",
        "four wheelers",
        "4 wheeler",
        "4-wheeler",
        "car",
        "cars",
        "jeep",
        "suv",
    ),
    "vehicle": ("vehicle", "vehicles", "gaadi", "gaadiyan", "gadi", "vahana"),
    "vehicle theft": (
        "vehicle theft",
        "vehicle thefts",
        "vehicle lifting",
        "auto theft",
        "motor vehicle theft",
        "motor-vehicle theft",
        "mv theft",
        "gaadi chori",
    ),
    "e-fir": ("e-fir", "efir", "e fir", "online fir", "online complaint", "e-firs"),
    "zero fir": ("zero fir", "zero firs", "zero-fir", "0 fir"),
    "investigating officer": (
        "io",
        "ios",
        "i.o.",
        "investigating officer",
        "investigating officers",
        "investigation officer",
    ),
    "charge sheeted": (
        "chargesheet",
        "chargesheets",
        "charge sheet",
        "charge-sheet",
        "charge-sheeted",
        "chargesheeted",
        "charge sheeted",
        "final report",
    ),
    "pocso": ("pocso", "child sexual abuse", "protection of children from sexual offences"),
    "ndps": (
        "ndps",
        "drugs",
        "drug",
        "ganja",
        "narcotics",
        "narcotic",
        "marijuana",
        "mdma",
        "smack",
        "charas",
        "drug peddling",
    ),
    "how many": (
        "how many",
        "kitne",
        "kitni",
        "kitna",
        "count of",
        "number of",
        "no of",
        "no. of",
        "total",
    ),
    "theft": ("theft", "thefts", "chori", "stolen", "stealing", "thief", "thieves"),
    "tell": ("tell", "batao", "bataiye", "bata do", "dikhao", "show"),
    "fir": ("fir", "firs", "case", "cases", "crime no", "crime number", "crime nos"),
    "burglary": (
        "burglary",
        "burglaries",
        "house breaking",
        "house-breaking",
        "housebreaking",
        "break-in",
        "lurking house trespass",
    ),
    "robbery": ("robbery", "robberies", "loot", "looted", "lootpat"),
    "cyber crime": (
        "cyber crime",
        "cybercrime",
        "cyber fraud",
        "online fraud",
        "upi fraud",
        "upi scam",
        "otp fraud",
        "digital arrest",
        "cyber",
    ),
    "missing person": ("missing", "missing person", "missing persons", "gumshuda", "lapata"),
    "motor vehicle accident": (
        "accident",
        "accidents",
        "road accident",
        "hit and run",
        "hit-and-run",
        "rash driving",
        "collision",
    ),
    "under investigation": (
        "under investigation",
        "pending",
        "ui",
        "open cases",
        "pending investigation",
    ),
    "accused": ("accused", "suspect", "suspects", "mulzim", "aaropi"),
    "complainant": ("complainant", "informant", "shikayatkarta"),
    "police station": ("police station", "ps", "p.s.", "thana", "station"),
    "murder": ("murder", "murders", "killing", "homicide", "khoon", "hatya"),
    "rape": ("rape", "rapes", "sexual assault", "balatkar"),
    "molestation": ("molestation", "eve teasing", "eve-teasing", "outraging modesty", "chhedkhani"),
    "cruelty by husband": ("cruelty by husband", "dowry harassment", "domestic violence", "498a"),
    "last month": ("pichle mahine", "last month"),
    "this year": ("is saal", "this year"),
    "last year": ("pichle saal", "last year"),
    "today": ("today", "aaj"),
    "where": ("where", "kahan", "kaha"),
    "who": ("who", "kaun"),
}

_PUNCT = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "‐": "-"})
_TYPO_RE = re.compile(
    r"\b(" + "|".join(sorted(map(re.escape, TYPOS), key=len, reverse=True)) + r")\b"
)


def _variant_pattern(variant: str) -> str:
    return rf"(?<![\w-]){re.escape(variant)}(?![\w-])"


#: (variant, its whole-word pattern, canonical term); the plain substring test runs first
#: because it is far cheaper than the pattern and the pattern cannot match without it.
_VARIANTS: tuple[tuple[str, re.Pattern[str], str], ...] = tuple(
    (v, re.compile(_variant_pattern(v)), canonical)
    for canonical, variants in SYNONYMS.items()
    for v in sorted(variants, key=len, reverse=True)
)
_CANONICAL_PATTERNS: dict[str, re.Pattern[str]] = {
    canonical: re.compile(_variant_pattern(canonical)) for canonical in SYNONYMS
}


@per_request
def normalise_text(text: str) -> str:
    """NFKC, lower case, plain quotes and dashes, single spaces, known typos corrected."""
    text = unicodedata.normalize("NFKC", text).translate(_PUNCT).lower()
    text = re.sub(r"\s+", " ", text).strip()
    return _TYPO_RE.sub(lambda m: TYPOS[m[1]], text)


def canonical_terms(text: str) -> list[str]:
    """Canonical terms implied by the text, in SYNONYMS order, without duplicates."""
    return list(_canonical_terms(text))


@lru_cache(maxsize=8192)
def _canonical_terms(text: str) -> tuple[str, ...]:
    norm = normalise_text(text)
    return tuple(
        dict.fromkeys(c for v, pattern, c in _VARIANTS if v in norm and pattern.search(norm))
    )


def section_expansions(text: str) -> list[str]:
    """Cross-cut-over counterparts of cited sections, e.g. "ipc 379" -> ["bns 303(2)"]."""
    out: list[str] = []
    for act, sec in find_sections(text):
        out.extend(f"{a} {s}".lower() for a, s in equivalents(act, sec))
    return list(dict.fromkeys(out))


@lru_cache(maxsize=8192)
def expand_synonyms(text: str) -> str:
    """The normalised text followed by the canonical terms and section counterparts it implies.

    Terms already present in the text are not repeated:
    "kitne bike chori IPC 379" -> "kitne bike chori ipc 379 two-wheeler how many theft bns 303(2)".
    """
    norm = normalise_text(text)
    extra = [t for t in _canonical_terms(norm) if not _CANONICAL_PATTERNS[t].search(norm)]
    extra += [s for s in section_expansions(norm) if s not in norm]
    return " ".join([norm, *extra]) if extra else norm
