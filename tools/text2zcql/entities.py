"""Entity extraction: FIR numbers, plates, sections, dates, places, crimes, statuses, names.

`extract` reads the normalised question once, left to right by kind. Each recogniser blanks
the span it used, so later ones never read the same words twice ("IPC 379" is a section,
not a year; "mobile phone theft" is a crime, not a complaint by phone).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache

from tools.domain import places
from tools.domain.sections import IPC_BNS, canonical_act, canonical_section, equivalents
from tools.domain.synonyms import canonical_terms
from tools.text2zcql.dates import (
    HINDI_KANNADA_NUMERALS,
    MONTHS,
    Period,
    find_period,
    read_festivals,
)
from tools.text2zcql.grounding import ACCEPT, ground_word
from tools.text2zcql.head_counts import HeadCount, read_head_counts
from tools.text2zcql.investigators import INVESTIGATORS, Investigator
from tools.text2zcql.lexicon import (
    CRIME_DOERS,
    CRIME_PHRASES,
    DIMENSIONS,
    GENDER_WORDS,
    MODE_PHRASES,
    ROLE_WORDS,
    STATUS_PHRASES,
    VEHICLE_STATUS_PHRASES,
    VEHICLE_TYPE_PHRASES,
    CrimeFilter,
    crime_filter,
    crime_heads,
)
from tools.text2zcql.negation import CUE, NOT_ARRESTED, Exclusions, unapplied


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_STATES = sorted(
    _words(
        "AN AP AR BR CG CH DD DL DN GA GJ HP HR JH JK KA KL LA LD MH ML MN MP MZ NL OD PB PY RJ SK "
        "TN TR TS UK WB"
    )
)
_PLATE = re.compile(
    rf"(?<![A-Z0-9])(?P<p>(?:{'|'.join(_STATES)})[\s-]?\d{{1,2}}[\s-]?[A-Z]{{1,3}}[\s-]?\d{{1,4}}"
    rf"|(?:{'|'.join(_STATES)})[\s-]?\d{{1,2}}[\s-]?\d{{4}}"
    r"|\d{2}[\s-]?BH[\s-]?\d{4}[\s-]?[A-Z]{1,2})(?![A-Z0-9])"
)
_FIR_PATTERNS = (
    re.compile(r"\bfir[-\s]?(?P<year>(?:19|20)\d{2})[-/](?P<num>\d{1,5})\b"),
    re.compile(
        r"\b(?:fir|crime|case)\s*(?:no\.?|number|num|#)?\s*(?P<num>\d{1,5})\s*"
        r"(?:/|of|dated|in|of the year)\s*(?P<year>(?:19|20)\d{2})\b"
    ),
    re.compile(r"(?<![\d/.-])(?P<num>\d{1,5})\s*/\s*(?P<year>(?:19|20)\d{2})\b"),
)
_FIR_SERIAL = re.compile(
    r"\b(?:fir|crime|case|cr)\s*(?:no\.?|number|num|#)?\s*[:#]?\s*(?P<num>\d{1,5})\b"
    r"(?!\s*[/-]\s*\d)"
    r"|(?<![\w/-])(?P<num2>\d{1,5})\s+(?:no\.?|number|nambar|sankhye)\s+(?:fir|case)\b"
    r"|(?<![\w/-])(?P<num3>\d{1,5})\s+(?:fir|case)\s+(?:no\.?|number|nambar|sankhye|ka|ki|ke)\b"
)
"""An FIR number without a year: "FIR 4029", "case no. 77", "cr no 3324", Hinglish "453 number
FIR", "2456 FIR number", "2456 FIR ka"."""
_UNTIL_NOW = re.compile(
    r"\b(?:till|until|upto|up to|to|through)\s+(?:today|now|date|this day|the present)\b|"
    r"\b(?:aaj|ab|abhi|ivattu|ivattina|iga)\s+(?:tak|takk|varege|varegu)\b"
)
"""An open end ("from Diwali till today"): no FIR is registered after today, so it adds no
bound (read, never mistaken for the period "today")."""
_THESE = re.compile(
    r"\b(?:of these|among these|these|of those|those ones|in this list|"
    r"on (?:this|the|my) (?:screen|page|list)|on screen|shown|listed(?! as\b)|visible)\b"
)
_IO_NAME = re.compile(
    r"\b(?:io|i\.o\.|investigating officer|officer|psi|pi|asi|si|hc|inspector)\s+"
    r"(?:name\s+|named\s+|is\s+|sri\s+|shri\s+)?"
    r"(?:(?P<init>[a-z])\s*\.?\s+|(?P<init2>[a-z])\.\s*)?(?P<sur>[a-z]{3,})\b"
)
_IO_SURNAMES = tuple(sorted({i.surname for i in INVESTIGATORS}))
_VEHICLE_WORD = re.compile(
    r"\b(?:vehicles?|cars?|bikes?|two[- ]wheelers?|four[- ]wheelers?|scooters?|motorcycles?|"
    r"autos?|lorr(?:y|ies)|gaadi(?:yan)?)\b"
)
_OPEN_ONE = re.compile(
    r"\b(?:the|this|my)\s+(?:fir|case|complaint|record|matter)\s+(?:(?:that\s+|which\s+)?"
    r"(?:i'?m|i am|i'?ve|i have|i've got|i have got)\s+(?:viewing|looking at|open(?:ed)?|"
    r"got open|pulled up|on screen)|(?:that'?s\s+|which is\s+|that is\s+)?(?:open\s+)?on "
    r"(?:my |the )?screen|(?:that'?s\s+|which is\s+|that is\s+)?open(?:ed)? (?:now|right now))"
    r"(?![\w'])"
)
"""The one FIR open on the page ("the case I'm viewing", "the FIR on screen")."""
_HERE = re.compile(r"\bhere\b(?=\s*(?:\??$|[,;]|and\b|&))")
"""A "here" closing the question or one of its parts, with no list named: the FIR open on the
page ("complainant's name here?", "who is the IO here and what is the status")."""
_REFERENT = re.compile(
    r"\b(?:this|current|the current|the open|the opened|that|same|is|iss)\s+"
    r"(?:one|fir|case|complaint|record|matter)\b|\biska\b|\biski\b|\bthis\b(?=\s*\??$)"
)
_ACT = r"ipc|i\.p\.c\.?|bnss|bns|crpc|cr\.p\.c\.?|pocso(?: act)?|ndps(?: act)?|it act|kp act"
_SEC = r"\d{1,3}[a-z]?(?:\s?\(\s?[0-9a-z]{1,3}\s?\))?"
_SECTION_REF = re.compile(
    rf"(?:(?:u\s?/\s?s\.?|under sections?|sections?|secs?\.?|s\.)\s*)?"
    rf"(?:(?P<act1>{_ACT})\s*(?:(?:u\s?/\s?s\.?|sections?|secs?\.?|s\.)\s*)?:?\s*"
    rf"(?P<secs1>{_SEC}(?:\s*(?:,|&|and|/)\s*{_SEC})*)(?![\w(])"
    rf"|(?P<secs2>{_SEC}(?:\s*(?:,|&|and|/)\s*{_SEC})*)\s*(?:of\s+(?:the\s+)?)?(?P<act2>{_ACT})\b"
    rf"|(?:u\s?/\s?s\.?|under sections?|sections?|secs?\.?)\s*(?P<secs3>{_SEC})(?![\w(]))"
)
_IPC_OLD = frozenset(s for row in IPC_BNS for s in row.old)
_IO_BADGE = re.compile(r"\b(?:io|i\.o\.|kgid|badge|officer)\s*(?:no\.?|number|id|#)?\s*(\d{7})\b")
_RANKING = re.compile(
    r"\b(?:top|highest|worst|most|busiest|maximum|max|leading|bottom|least|"
    r"fewest|lowest|minimum|sabse zyada)\b"
)
_ASCENDING = re.compile(r"\b(?:bottom|least|fewest|lowest|minimum)\b")
_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    **{k: v for k, v in HINDI_KANNADA_NUMERALS.items() if k not in ("ek", "do", "elu")},
}
"""Numerals of a top-N ("top paanch stations"); "ek", "do" and "elu" are English-like words."""
_N = rf"(?:\d{{1,3}}|{'|'.join(_NUMBER_WORDS)})"
_TOP_N = re.compile(
    rf"\b(?:top|first|bottom)\s+(?P<a>{_N})\b|\b(?:which|what)\s+(?P<b>{_N})\b"
    rf"|\b(?P<c>{_N})\s+(?:busiest|worst|most|highest|safest|quietest|top)\b"
)
_DIM_BEFORE = (
    r"\b(?:by|per|each|every|across|which|what|top|first|bottom|grouped by|split by|"
    r"broken down by|break ?down by|breakdown by|busiest|worst|most common|most affected|"
    r"least common|most|highest|least|fewest|lowest|safest|quietest)\s+"
    rf"(?:the\s+)?(?:{_N}\s+)?(?:most\s+|busiest\s+|worst\s+)?"
)
_DIM_AT_START = r"^\s*(?:(?:show|give|get|list)\s+(?:me\s+)?)?(?:the\s+)?"
_LEFTOVER_PLACE = re.compile(
    r"\b(?:in|at|near|around|nearby|close to|surrounding)\s+(?P<w>[a-z][a-z]{3,})\b"
    r"(?:\s+(?P<w2>[a-z]{3,})\b)?"
    r"|\b(?:near|nearby|close to)\s+the\s+(?P<l>[a-z]{3,})\b"
)
"""A word after in/at/near ("near the bus stand": a landmark is a place to ask about)."""
_NOT_PLACES = _words(
    """
    the my our all each every total jurisdiction area areas district districts station stations
    precinct precincts city state karnataka which what this that these those last past
    progress custody court trial records record database system data files cctns night
    nights morning evening afternoon daytime night-time general particular future present
    anywhere everywhere
    """
)
_ROLE_AFTER = re.compile(
    r"\b(?:as|is|was|were|been)\s+(?:an?\s+|the\s+)?"
    r"(?P<role>accused|complainant|victim|witness|suspect|informant)\b"
)
_NAME_TRIGGER = re.compile(
    r"\b(?:complaint (?:filed )?by|complained by|filed by|reported by|involving|against|named|"
    r"naming|name|called|person|accused|complainant|victim|witness|mentioning)\s+"
    r"(?:(?:person|persons|named|name|called|accused)\s+)?"
)
_NAME_STOP = _words(
    """
    in at from since during last this that these those and or with for the a an of on between
    as across who whom which what where when how is are was were be been any all cases case firs fir
    records record registered station ps district pending open closed arrested arrest count
    number list show give me my our total how many by to till until after before year month
    week day days months years today yesterday status io officer details held has have had
    accused complainant victim witness person persons people named name names called involving
    against stolen vehicle vehicles under investigation charge sheeted chargesheeted women
    woman children child minors minor juveniles juvenile seniors senior citizens elderly
    listed shown recorded mentioned only just
    """
)
PATTERN_WORDS = _NAME_STOP
"""Vocabulary that intent patterns read from the text without taking it ("arrested")."""
_PREPOSITION_PLACE = re.compile(
    r"\b(?:in|at|near|from|under)\s+(?P<w>[a-z][a-z.]+(?:\s+[a-z][a-z.]+)?)"
    r"\s+(?:ps|police station|station|thana|thane)\b(?!s)"
)
_OWN = _words("my our mere mera meri hamare hamara apne nanna namma nam your")
"""Possessives: "in my station" is the caller's own precincts, not a place name."""
_DOMAIN_WORDS = re.compile(
    r"\b(?:firs?|cases?|crimes?|complaints?|incidents?|offences?|offenses?|records?|"
    r"registered|reported|accused|complainants?|victims?|io|kgid|beats?|stations?|"
    r"investigat\w*|arrest\w*|chargesheet\w*|charge[- ]sheet\w*)\b"
)


@dataclass(frozen=True)
class StationChoice:
    """A place name that fits several stations ("Jayanagar", "Mandya PS"): ask which."""

    typed: str
    stations: list[places.Station]


@dataclass
class Entities:
    """Everything recognised in one question."""

    fir_ids: list[str] = field(default_factory=list)
    refers_to_active: bool = False
    plates: list[str] = field(default_factory=list)
    sections: list[tuple[str, str]] = field(default_factory=list)
    period: Period | None = None
    stations: list[places.Station] = field(default_factory=list)
    districts: list[str] = field(default_factory=list)
    unknown_place: str | None = None
    unread_spans: list[str] = field(default_factory=list)
    """Numbers no reading took ("17", "3 din", "2 years"): asked about, never dropped."""
    crimes: list[CrimeFilter] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    modes: list[str] = field(default_factory=list)
    dimensions: list[str] = field(default_factory=list)
    io_badge: str | None = None
    person_name: str | None = None
    person_role: str | None = None
    top_n: int | None = None
    list_n: int | None = None
    """How many FIRs a list asks for ("show 12 thefts", "latest 5 robberies")."""
    ranking: bool = False
    ascending: bool = False
    juvenile: bool = False
    sexual_offence: bool = False
    domain_words: bool = False
    fir_serials: list[str] = field(default_factory=list)
    """FIR numbers written without a year ("FIR 4029" -> "04029")."""
    refers_to_visible: bool = False
    """ "these", "of these": the FIRs listed on the officer's screen."""
    io_candidates: list[Investigator] = field(default_factory=list)
    """IOs matching a name written after "IO" (all stations; the parser scopes and asks)."""
    io_typed: str = ""
    period_choices: list[str] = field(default_factory=list)
    """Two periods named that do not overlap ("pichle saal aur is saal"): ask which."""
    festival_choices: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    """Festival names that fit several days ("Eid"), with the dated options to ask about."""
    station_choices: list[StationChoice] = field(default_factory=list)
    """Place names that fit several stations (the parser asks which)."""
    vehicle_status: str | None = None
    vehicle_types: list[str] = field(default_factory=list)
    """Kinds of vehicle asked about with a vehicle status ("cars not recovered" -> Car)."""
    date_notes: list[str] = field(default_factory=list)
    """How festivals were read ("Diwali = 2026-11-08")."""
    excluded_statuses: list[str] = field(default_factory=list)
    """Statuses ruled out ("not yet charge sheeted"): `status != value`."""
    excluded_crimes: list[CrimeFilter] = field(default_factory=list)
    """Crimes ruled out ("other than theft"): `crime_group != value`."""
    excluded_stations: list[places.Station] = field(default_factory=list)
    """Stations ruled out ("excluding Whitefield"): left out of the scope."""
    head_counts: list[HeadCount] = field(default_factory=list)
    """Bounds on an FIR's accused, victims or arrests ("more than 3 accused")."""
    negations: list[str] = field(default_factory=list)
    """Negation words no reading applied ("not ..."): asked about, never set aside."""
    ignored: list[str] = field(default_factory=list)
    unused: list[str] = field(default_factory=list)
    """Words no recogniser took that are not filler (vocabulary included)."""
    """Words no recogniser used (shown to the officer so nothing is dropped silently)."""


def _phrase_pattern(phrase: str) -> str:
    """A phrase as a regex in which a space also matches a hyphen ("chain-snatching")."""
    return re.escape(phrase).replace(r"\ ", r"[\s-]")


@lru_cache(maxsize=4096)
def whole_phrase(phrase: str) -> re.Pattern[str]:
    """A phrase as a whole-word pattern, with its plural (-s, -es, -ies) for phrases of 3+."""
    word = _phrase_pattern(phrase)
    if phrase.endswith("y"):
        word = rf"(?:{word}|{_phrase_pattern(phrase[:-1])}ies)"
    plural = "(?:s|es)?" if len(phrase) > 2 else ""
    return re.compile(rf"(?<![\w-]){word}{plural}(?![\w-])")


@lru_cache(maxsize=64)
def _longest_first(phrases: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The phrases longest first, each with the stem its first word must show in the text."""
    return tuple(
        (phrase, phrase.split()[0].rstrip("y")[:3])
        for phrase in sorted(phrases, key=len, reverse=True)
    )


class _Text:
    """Normalised text whose used spans are blanked out as recognisers consume them."""

    def __init__(self, text: str) -> None:
        self.text = text

    def take(self, span: tuple[int, int]) -> None:
        start, end = span
        self.text = self.text[:start] + " " * (end - start) + self.text[end:]

    def take_phrases(self, phrases: Mapping[str, object]) -> list[str]:
        """Whole-word phrases (plurals too) found, longest first; each found span is blanked."""
        found: list[tuple[int, str]] = []
        for phrase, stem in _longest_first(tuple(phrases)):
            if stem not in self.text:
                continue
            for m in whole_phrase(phrase).finditer(self.text):
                found.append((m.start(), phrase))
                self.take(m.span())
        return [phrase for _, phrase in sorted(found)]


def _code_segments() -> dict[str, tuple[str, ...]]:
    """A precinct code's station part ("jlp" of MYS-C-JLP), as officers write a station
    short: the precincts it names (more than one: asked about, never guessed)."""
    out: dict[str, tuple[str, ...]] = {}
    for s in places.STATIONS:
        code = s.precinct_id.lower().split("-")[-1]
        out[code] = (*out.get(code, ()), s.precinct_id)
    return out


_CODE_SEGMENTS = _code_segments()


def _station_aliases() -> dict[str, str]:
    keys: dict[str, str] = {}
    for s in places.STATIONS:
        name = s.station_name.lower()
        keys[name] = s.precinct_id
        keys[name.replace(" ps", "")] = s.precinct_id
        keys[s.precinct_id.lower()] = s.precinct_id
    keys.update(places.STATION_ALIASES)
    for code, precincts in _CODE_SEGMENTS.items():
        keys.setdefault(code, precincts[0])
    for key, precinct in list(keys.items()):
        for variant in _spellings(key):
            keys.setdefault(variant, precinct)
    return keys


_NAME_SUFFIXES = ("nagar", "puram", "pura", "halli", "pete", "pet", "wadi", "gudi", "bad")


def _spellings(key: str) -> list[str]:
    """How officers space a station's name: "kr puram" -> "krpuram", "indiranagar" ->
    "indira nagar"."""
    out = []
    if " " in key and "-" not in key:
        out.append(key.replace(" ", ""))
    for suffix in _NAME_SUFFIXES:
        stem = key.removesuffix(suffix)
        if stem != key and len(stem) >= 4 and stem.isalpha():
            out.append(f"{stem} {suffix}")
            break
    return out


_STATION_KEYS = _station_aliases()
_STATION_BY_ID = {s.precinct_id: s for s in places.STATIONS}
_PLACE_SUFFIX = r"(?:\s+(?:ps|p\.s\.|police station|station|thana|thane|side|taraf))?"
"""Words after a station's name that add nothing to it ("Whitefield PS", "Hubballi side")."""
_STATION_WORD = re.compile(r"\s+(?:ps|p\.s\.|police station|station|thana|thane)(?![\w-])")


def _homonyms() -> dict[str, tuple[str, ...]]:
    """Station keys that are also the start of another station's name ("jayanagar" is
    Jayanagar PS in Bengaluru and Jayanagar PS Shivamogga): the precincts each may mean."""
    out: dict[str, tuple[str, ...]] = {}
    for key, precinct in _STATION_KEYS.items():
        others = [
            s.precinct_id
            for s in places.STATIONS
            if s.precinct_id != precinct and s.station_name.lower().startswith(key + " ")
        ]
        if others:
            out[key] = (precinct, *others)
    out.update({code: ids for code, ids in _CODE_SEGMENTS.items() if len(ids) > 1})
    return out


_HOMONYMS = _homonyms()


def _fir_ids(t: _Text) -> list[str]:
    ids: list[str] = []
    for pattern in _FIR_PATTERNS:
        for m in pattern.finditer(t.text):
            ids.append(f"FIR-{m['year']}-{int(m['num']):05d}")
            t.take(m.span())
    return list(dict.fromkeys(ids))


def normalise_plate(raw: str) -> str:
    """A plate without spaces or hyphens, upper case: "ka 05 mn-4321" -> KA05MN4321."""
    return re.sub(r"[\s-]", "", raw).upper()


def _plates(t: _Text) -> list[str]:
    found = []
    for m in _PLATE.finditer(t.text.upper()):
        found.append(normalise_plate(m["p"]))
        t.take(m.span())
    return list(dict.fromkeys(found))


def _sections(t: _Text) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for m in _SECTION_REF.finditer(t.text):
        raw_act = m["act1"] or m["act2"]
        secs = m["secs1"] or m["secs2"] or m["secs3"]
        act = canonical_act(raw_act) if raw_act else None
        numbers = re.findall(_SEC, secs)
        if act is None:
            act = "IPC" if canonical_section("IPC", numbers[0]) in _IPC_OLD else "BNS"
        found.extend((act, canonical_section(act, n)) for n in numbers)
        t.take(m.span())
    return list(dict.fromkeys(found))


def _places(t: _Text) -> tuple[list[places.Station], list[str], list[StationChoice]]:
    """Stations and districts named; a name that fits several stations is left to ask about."""
    stations: list[str] = []
    choices: list[StationChoice] = []
    for alias in sorted(_STATION_KEYS, key=len, reverse=True):
        if alias not in t.text:
            continue
        pattern = rf"(?<![\w-]){re.escape(alias)}{_PLACE_SUFFIX}(?![\w-])"
        for m in re.finditer(pattern, t.text):
            if alias in _HOMONYMS:
                choices.append(StationChoice(alias, [_STATION_BY_ID[i] for i in _HOMONYMS[alias]]))
            else:
                stations.append(_STATION_KEYS[alias])
            t.take(m.span())
    districts: list[str] = []
    for alias in sorted(places.DISTRICT_ALIASES, key=len, reverse=True):
        if alias not in t.text:
            continue
        pattern = (
            rf"(?<![\w-]){re.escape(alias)}(?:\s+(?:district|city|division|side|taraf))?(?![\w-])"
        )
        for m in re.finditer(pattern, t.text):
            station = _STATION_WORD.match(t.text, m.end())
            if station is not None:
                named = _stations_named(alias)
                if len(named) == 1:
                    stations.append(named[0].precinct_id)
                else:
                    choices.append(StationChoice(alias, named))
                t.take((m.start(), station.end()))
                continue
            districts.extend(places.DISTRICT_ALIASES[alias])
            t.take(m.span())
    found = [_STATION_BY_ID[i] for i in dict.fromkeys(stations)]
    return found, list(dict.fromkeys(districts)), choices


def _stations_named(district_alias: str) -> list[places.Station]:
    """ "Mandya PS", "Hubli station": the district's stations whose name carries the word."""
    districts = places.DISTRICT_ALIASES[district_alias]
    words = {district_alias, *(d.lower().split("-")[0] for d in districts)}
    inside = [s for d in districts for s in places.stations_in(d)]
    return [s for s in inside if words & set(re.findall(r"[a-z]+", s.station_name.lower()))] or (
        inside
    )


def _fuzzy_place(t: _Text) -> tuple[places.Station | None, str | None]:
    """A misspelt station after "in/at ... PS" (resolved fuzzily), else the unknown name."""
    m = _PREPOSITION_PLACE.search(t.text)
    if m is None or m["w"].split()[0] in _OWN:
        return None, None
    station = places.resolve_station(m["w"])
    if station is not None:
        t.take(m.span("w"))
        return station, None
    return None, m["w"]


def _person(t: _Text) -> tuple[str | None, str | None]:
    for m in _NAME_TRIGGER.finditer(t.text):
        tokens = []
        for token in re.findall(r"[a-z][a-z'.]*", t.text[m.end() :].split("  ")[0])[:4]:
            if (
                token in _NAME_STOP
                or token in FILLER
                or CUE.fullmatch(token)
                or token.rstrip("s") in CRIME_PHRASES
            ):
                break  # "complainant aagiro", "accused not": a function word is never a name
            tokens.append(token)
        if tokens:
            trigger = m.group(0).split()
            role = next((ROLE_WORDS[w] for w in trigger if w in ROLE_WORDS), None)
            if re.match(r"complain|filed|reported", trigger[0]):
                role = "complainant"
            elif trigger[0] == "against":
                role = "accused"  # "cases against X": X is the accused
            name = " ".join(tokens)
            start = m.end()
            t.take((m.start(), start + len(name)))
            return " ".join(w.capitalize() for w in tokens), role
    return None, None


_ROLE_LEFT = re.compile(r"\b(?P<role>accused|complainant|victim|witness|suspect|informant)\b")
_PRONOUN = re.compile(r"\b(?:he|she|him|her|his|hers|they|them|their|that person|this person)\b")
_AGAINST_CASES = re.compile(r"\b(?:cases?|firs?)\s+(?:against|on)\b|\bcases?\b")


def _take_pronouns(t: _Text, e: Entities) -> None:
    """ "Ravi Kumar - which FIRs is he accused in": a pronoun in a question that names a
    person (or an IO) is that person; a role it is given ("is he accused") is read."""
    for pronoun in _PRONOUN.finditer(t.text):
        t.take(pronoun.span())
    if e.person_name and (m := _ROLE_AFTER.search(t.text)):
        e.person_role = e.person_role or ROLE_WORDS[m["role"]]
        t.take(m.span())
    if e.person_name and not e.person_role and (m := _ROLE_LEFT.search(t.text)):
        e.person_role = ROLE_WORDS[m["role"]]  # "X kis FIR me accused hai": never dropped
        t.take(m.span())


_IN_ANY_ROLE = re.compile(r"\b(?:in|as|of)\s+(?:any|every|whatever)\s+(?:role|capacity)\b")
"""A person's FIRs "in any role": no role filter (the phrase is read, never left over)."""
_ANY_ROLE = re.compile(
    r"\b(?:involving|naming|named|mentioning|mentions?|appears?|appearing)\b|"
    + _IN_ANY_ROLE.pattern
)


def person_cases_role(text: str) -> str | None:
    """A named person's "cases" (with no role said, and not "FIRs naming/involving X") are
    the cases against them: accused."""
    if _ANY_ROLE.search(text):
        return None
    return "accused" if _AGAINST_CASES.search(text) else None


def _vocabulary() -> frozenset[str]:
    phrases = [
        *CRIME_PHRASES,
        *STATUS_PHRASES,
        *MODE_PHRASES,
        *DIMENSIONS,
        *_STATION_KEYS,
        *places.DISTRICT_ALIASES,
        *MONTHS,
        *VEHICLE_TYPE_PHRASES,
        *(f"{p[:-1]}ies" if p.endswith("y") else f"{p}s" for p in VEHICLE_TYPE_PHRASES),
        *(f"{p}es" for p in VEHICLE_TYPE_PHRASES if p.endswith("s")),
    ]
    return frozenset(w for p in phrases for w in re.findall(r"[a-z]+", p)) | _NAME_STOP


VOCABULARY = _vocabulary()
FRAGMENTS = (
    frozenset(
        w
        for phrase in CRIME_PHRASES
        if " " in phrase or "-" in phrase
        for w in re.findall(r"[a-z]+", phrase)
    )
    - _words(" ".join([*STATUS_PHRASES, *MODE_PHRASES, *DIMENSIONS, *MONTHS]))
    - _NAME_STOP
    - (frozenset(w for k in [*places.DISTRICT_ALIASES, *places.STATION_ALIASES] for w in k.split()))
    - frozenset(CRIME_PHRASES)
    - _words(
        "time man men non run other public night daytime karnataka sexual break breaking "
        "bike bikes car cars scooter motorcycle auto two four wheeler wheelers gaadi mv motor"
    )
)
"""Words that belong to a crime only as part of a phrase ("chain" of "chain snatching"):
left over on their own they were not understood, so they are content words to ground."""
STATUS_FRAGMENTS = _words("investigation investigations")
"""Words that name a status only inside a phrase ("under investigation", "investigation
nalli iro"): left over on their own ("Lashkar investigation cases") no status was read, so
they are content words to ground (asked about), never framing dropped silently."""
LONE_WORDS = STATUS_FRAGMENTS | frozenset(GENDER_WORDS)
"""Words that filter only when a reading takes them: a status fragment, or a gender that no
persons reading took ("crimes against women"): left over, they are asked about."""
PRECINCT_CODES = frozenset(w for s in places.STATIONS for w in s.precinct_id.lower().split("-"))
"""Fragments of precinct codes ("mde"): vocabulary, but never a correction target."""
_VOCABULARY = VOCABULARY
FILLER = _words(
    """
    how many much show tell give get find fetch search look up check list count total number
    please pls kindly can could would you i we us me my our there any some all every the a an of
    in at on for from to by with within during since between and or but is are was were be
    been being has have had do does did it its this that these those what which who whose whom
    when where why registered reported filed lodged came come happened happen occurred recorded
    booked cases case firs fir crimes crime incidents incident complaints complaint offences
    offence records record details info information data so far far yet still currently now
    station stations ps police district area jurisdiction limits under ka ki ke ko mein me hai
    hain hue hua hui hue aaye aaya kya kitne kitni kitna batao bataiye dikhao wale wali tak se
    bhi aur ya ye yeh woh raised got get see saw seen reports report numbers figures stats
    statistics count counts up till until upto one ones near around about those them
    sir madam ji bhai please kindly yaar abhi wahan yahan kahan kaha hota hoti hote karo kar
    dikha dikhaiye chahiye eshtu yeshtu estu alli nalli ge prakarana prakaranagalu kesu kesgalu
    agide aagide aytu ide yaava yavu beku kodi thorisi banthu bandide dakhala dakhalagide
    saare sare sab sabhi ab kis kin abhi bhi wala vale paas pass mere mera meri hamare hamara
    apne tha thi the hoga koi nanna namma nam avara avaru avru hatra iruva iruvudu galu gallu
    aagiruva aagide aaytu aayitu agiruva mattu maadi heli thanks thank sir madam saheb sahab
    darj huye gaye gayi gaya aagiddare agiddare aagidare aagive aagiddave jana janaru ee
    aagittu agittu aagitthu bandittu banditthu bandive bandiddu ralli
    jo jis jin jinhe jinko jinka jinki jinke jinme jinmein
    ho chal chala chali raha rahi rahe chuke chuka chuki hone
    together combined jointly altogether put taken right
    dalli la aada aagiro galannu gallannu torisi aata aati ok okay
    iro irodu iruvantha ella aagi their book books take took taken started began begun along
    anything something else people persons each anywhere everywhere
    urgent urgently fast quick quickly asap immediately soon exact exactly precise
    """
)
FILLER |= _words(
    """
    having jitne jitni gin whole full entire complete both included including inclusive via
    through sitting lying
    files minute going bhar include includes dono milake milakar milaakar ginke ginkar
    poora pura poore pure poori puri
    reh rahe pade pada padi pe par kiye kiya din unke unka unki inke inka dayavittu ethu
    mamle mamla maamle maamla mamlon
    """
)
"""Words that frame a question without filtering it: its whole span ("full year", "poora"),
that several named things are taken together ("both", "dono", "milake"), and
Hinglish/Kanglish verbs and particles ("kiye", "pade", "pe", "dayavittu"). No negation word
("not", "no", "illa", "aagilla") is filler: each is applied or asked about (`negation`)."""
FILLER |= _OWN
_GENERIC_PLACE_WORDS = _words("east west north south rural urban town market camp old bad bus pete")
PLACE_FRAGMENTS = frozenset(
    w
    for key in [*_STATION_KEYS, *places.DISTRICT_ALIASES]
    if " " in key
    for w in key.split()
    if len(w) >= 4 and w not in _STATION_KEYS and w not in places.DISTRICT_ALIASES
) - (FILLER | _NAME_STOP | _NOT_PLACES | _GENERIC_PLACE_WORDS)
PLACE_FRAGMENTS |= frozenset(
    w
    for key in [*STATUS_PHRASES, *MODE_PHRASES]
    if " " in key
    for w in re.findall(r"[a-z]+", key)
    if len(w) >= 4 and w not in STATUS_PHRASES and w not in MODE_PHRASES
) - (
    FILLER
    | _NAME_STOP
    | _GENERIC_PLACE_WORDS
    | _words("investigated over call phone online walked")
)
"""Words that name a place only as part of a longer name ("tilak" of "tilak wadi", "nagar"
of "jp nagar"), or a status or complaint mode only as part of a phrase ("distress" of
"distress call"): left over on their own they mean something else, so they are content
words to ground (a clarifying question), never vocabulary to skip."""
_CASED_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+\b")


def _cased_person(cased: str, t: _Text) -> str | None:
    """A run of two or more capitalised words that are not vocabulary: a person's name."""
    for m in _CASED_RUN.finditer(cased):
        run: list[str] = []
        for word in [*m.group(0).split(), ""]:
            if word and word.lower() not in _VOCABULARY:
                run.append(word)
                continue
            if len(run) >= 2:
                name = " ".join(run)
                found = re.search(rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])", t.text)
                if found:
                    t.take(found.span())
                    return name
            run = []
    return None


_VEHICLE_THEFT_VALUES = frozenset({"TWO-WHEELER THEFT", "FOUR-WHEELER THEFT"})
_VEHICLE_THEFT_HEADS = {
    "two-wheeler": "two-wheeler theft",
    "four-wheeler": "four-wheeler theft",
    "vehicle": "vehicle theft",
}


def _stolen_vehicles(text: str) -> list[CrimeFilter]:
    """ "two wheelers were stolen", "gaadiyan chori": a vehicle word with a theft word."""
    terms = canonical_terms(text)
    if "theft" not in terms:
        return []
    for term, phrase in _VEHICLE_THEFT_HEADS.items():
        if term in terms:
            return [crime_filter(phrase)]
    return []


def _said_by_status(crime: CrimeFilter, e: Entities) -> bool:
    """A theft word that only restates the vehicle's status ("stolen vehicles not recovered",
    "kalavu aagiruva car"): the status (and type) filter says it, the FIR's crime need not."""
    if set(crime.values) == _VEHICLE_THEFT_VALUES:
        return True
    if e.vehicle_status != "Stolen":
        return False
    return crime.values == ("THEFT",) or (
        bool(e.vehicle_types) and set(crime.values) <= _VEHICLE_THEFT_VALUES
    )


def qualified_crimes(phrases: list[str], text: str) -> list[str]:
    """The crimes named, once each; a wider crime written just before a narrower one it
    covers only qualifies it ("KP Act gambling" is gambling, never the whole Act or gambling).
    Joined by "and"/"or" both stay ("thefts and chain snatchings")."""
    named = list(dict.fromkeys(phrases))
    wider = {
        p
        for p in named
        for q in named
        if crime_heads(q) < crime_heads(p)
        and re.search(rf"{whole_phrase(p).pattern}[\s:(-]+{whole_phrase(q).pattern}", text)
    }
    return [p for p in named if p not in wider]


def refine_burglary(crimes: list[CrimeFilter], text: str) -> list[CrimeFilter]:
    """ "burglary ... at night" means night burglary (and "by day" day burglary); both named
    ("day and night", "day vs night") keeps both."""
    both = ("BURGLARY - DAY", "BURGLARY - NIGHT")
    night = re.search(r"\b(?:night|night-time|nighttime|raat)\b", text)
    day = re.search(r"\b(?:day-time|daytime|by day|during the day|din)\b", text)
    if night and (day or re.search(r"\bdays?\b", text)):
        return crimes
    when = "NIGHT" if night else ("DAY" if day else "")
    if not when:
        return crimes
    return [
        CrimeFilter(c.column, (f"BURGLARY - {when}",), f"burglary - {when.lower()}")
        if c.values == both
        else c
        for c in crimes
    ]


def _is_year(num: str, today: date) -> bool:
    """A number that can be a registration year ("case 2025"): not one after this year
    ("FIR 2049" is FIR number 2049)."""
    return bool(re.fullmatch(r"(?:19|20)\d{2}", num)) and int(num) <= today.year


def extract(question: str, today: date, cased: str = "") -> Entities:
    """Recognise every entity in a normalised question (`cased`: the text as typed, for names)."""
    festivals = read_festivals(question, today)
    text = festivals.text
    t = _Text(text)
    for until in _UNTIL_NOW.finditer(t.text):
        start, end = until.span()  # left as "on": "from 2025 till now" is since 2025
        t.text = t.text[:start] + "on".ljust(end - start) + t.text[end:]
    e = Entities(date_notes=festivals.notes, festival_choices=festivals.ambiguous)
    e.fir_ids = _fir_ids(t)
    if m := _IN_ANY_ROLE.search(t.text):
        t.take(m.span())
    if not e.fir_ids:
        for serial in _FIR_SERIAL.finditer(t.text):
            num = serial["num"] or serial["num2"] or serial["num3"]
            if not _is_year(num, today):
                e.fir_serials.append(f"{int(num):05d}")
                t.take(serial.span())
    if m := _OPEN_ONE.search(t.text):
        e.refers_to_active = True
        t.take(m.span())
    if m := _THESE.search(t.text):
        e.refers_to_visible = True
        t.take(m.span())
    elif m := _HERE.search(t.text):
        e.refers_to_active = True
        t.take(m.span())
    if m := _REFERENT.search(t.text):
        e.refers_to_active = True
        t.take(m.span())
    e.plates = _plates(t)
    e.sections = _sections(t)
    _exclusions(t, e)
    e.head_counts = read_head_counts(t.text)
    for bound in e.head_counts:
        t.take(bound.span)
    e.period, span = find_period(t.text, today)
    if span:
        t.take(span)
        second, span = find_period(t.text, today)
        if second is not None and span is not None and e.period is not None:
            both = _intersect(e.period, second)
            if both.start and both.end and both.start >= both.end:  # "last year and this year"
                e.period_choices = [e.period.describe(), second.describe()]
                both = Period(None, None, "")
            e.period = both if both.start or both.end else None
            t.take(span)
            while _COMPARED.search(t.text) and (more := find_period(t.text, today)[1]):
                t.take(more)  # "2023 vs 2024 vs 2025": every compared period is read
    if m := _IO_BADGE.search(t.text):
        e.io_badge = m.group(1)
        t.take(m.span())
    else:
        e.io_candidates, e.io_typed = _io_names(t)
    e.person_name, e.person_role = _person(t)
    if m := _ROLE_AFTER.search(t.text):
        e.person_role = e.person_role or ROLE_WORDS[m["role"]]
        t.take(m.span())
    if e.person_name is None and cased:
        e.person_name = _cased_person(cased, t)
    e.stations, e.districts, e.station_choices = _places(t)
    if not e.io_candidates and not e.io_badge:
        e.io_candidates, e.io_typed = _io_surnames(t)
    if e.io_candidates:
        e.io_candidates = _by_rank(t, e.io_candidates)
    if e.person_name or e.io_candidates or e.io_badge:
        _take_pronouns(t, e)
    fuzzy, e.unknown_place = _fuzzy_place(t)
    if fuzzy is not None:
        e.stations.append(fuzzy)
    e.domain_words = bool(_DOMAIN_WORDS.search(t.text))
    if _VEHICLE_WORD.search(text):  # before crimes: "still missing" is a vehicle's status here
        found = t.take_phrases(VEHICLE_STATUS_PHRASES)
        e.vehicle_status = VEHICLE_STATUS_PHRASES[found[0]] if found else None
        if e.vehicle_status:
            kinds = t.take_phrases(VEHICLE_TYPE_PHRASES)
            e.vehicle_types = list(dict.fromkeys(VEHICLE_TYPE_PHRASES[k] for k in kinds))
    said = t.text
    crimes = qualified_crimes(t.take_phrases(CRIME_PHRASES), said)
    e.crimes = refine_burglary([crime_filter(p) for p in crimes], t.text)
    doers = [w for c in e.crimes for v in c.values for w in CRIME_DOERS.get(v, ())]
    if doers:
        t.take_phrases(dict.fromkeys(doers))
    if not e.crimes:
        e.crimes = _stolen_vehicles(t.text)
    if e.vehicle_status:
        e.crimes = [c for c in e.crimes if not _said_by_status(c, e)]
    e.modes = list(dict.fromkeys(MODE_PHRASES[p] for p in t.take_phrases(MODE_PHRASES)))
    e.statuses = list(dict.fromkeys(STATUS_PHRASES[p] for p in t.take_phrases(STATUS_PHRASES)))
    if re.search(r"\bjuveniles?\b|\bminors?\b|\bchild(?:ren)? in conflict\b", t.text):
        e.juvenile = True
    if re.search(r"\bsexual offen[cs]es?\b", t.text):
        e.sexual_offence = True
    top = _TOP_N.search(t.text)
    if top:
        group = "a" if top["a"] else ("b" if top["b"] else "c")
        e.top_n = int(top[group]) if top[group].isdigit() else _NUMBER_WORDS[top[group]]
    e.ranking = bool(_RANKING.search(t.text)) or bool(re.search(r"\btop\b", t.text))
    e.ascending = bool(_ASCENDING.search(t.text))
    e.dimensions = _dimensions(t)
    if top:
        t.take(top.span(group))
    elif m := _LIST_N.search(t.text):
        e.list_n = int(m["n"])
        t.take(m.span("n"))
    if not (e.stations or e.districts) and (m := _LEFTOVER_PLACE.search(t.text)):
        group = "w" if m["w"] else "l"
        _resolve_leftover(e, m[group])
        if e.districts and m["w2"] and (station := _district_station(m["w"], m["w2"])):
            e.stations, e.districts = [station], []
            t.take((m.start("w"), m.end("w2")))
        elif e.stations or e.districts:
            t.take(m.span(group))
    e.unread_spans = [" ".join(m.group(0).split()) for m in _UNREAD_SPAN.finditer(t.text)]
    left = _without_arrest_negation(t.text)
    e.negations = unapplied(left, text)
    words = re.findall(r"[a-z][a-z']+", left)
    e.unused = [w for w in words if w not in FILLER]
    e.ignored = list(
        dict.fromkeys(
            w
            for w in words
            if w not in FILLER
            and not CUE.fullmatch(w)
            and (
                w not in _VOCABULARY
                or w.rstrip("s") in FRAGMENTS
                or w in PLACE_FRAGMENTS
                or w in LONE_WORDS
            )
        )
    )
    return e


_EXCLUSIONS = Exclusions(
    STATUS_PHRASES,
    CRIME_PHRASES,
    (k for k in _STATION_KEYS if k not in _HOMONYMS and len(k) >= 4),
)


def _exclusions(t: _Text, e: Entities) -> None:
    """Statuses, crimes and stations ruled out ("not yet charge sheeted", "other than theft",
    "excluding Whitefield"), read before the positive readings so they are never taken as
    the filter itself."""
    for found in _EXCLUSIONS.stations(t.text):
        e.excluded_stations.append(_STATION_BY_ID[_STATION_KEYS[found.key]])
        t.take(found.span)
    for found in _EXCLUSIONS.statuses(t.text):
        e.excluded_statuses.append(STATUS_PHRASES[found.key])
        t.take(found.span)
    for found in _EXCLUSIONS.crimes(t.text):
        e.excluded_crimes.append(crime_filter(found.key))
        t.take(found.span)


def _without_arrest_negation(text: str) -> str:
    """`text` with "no arrest", "not arrested", "arrest baaki" blanked: those are read by the
    arrest readings (and checked against the statement by the parser)."""
    return NOT_ARRESTED.sub(lambda m: " " * len(m[0]), text)


_UNREAD_SPAN = re.compile(
    r"(?<![\w.-])\d+(?:[.,]\d+)*(?:st|nd|rd|th)?"
    r"(?:\s+(?:din|dino|dinon|days?|weeks?|hafte|hafton|months?|mahine|mahina|mahino|years?|"
    r"saal|sal|varsha|varshagalu|tingalu|dina|dinagalu|vaara))?(?![\w-])"
)
"""A number no recogniser took (a date, FIR number, plate, section, IO badge or top-N), with
the unit after it when it is a length of time ("3 din", "17", "45"): asked about, never
dropped, since without it the query would answer a different question."""
_LIST_N = re.compile(
    r"\b(?:(?:show|list|give|display|get|fetch|dikhao|thorisi)\s+(?:me\s+)?(?:the\s+)?"
    r"(?:(?:latest|last|recent|newest|most recent|oldest)\s+)?"
    r"|(?:latest|last|recent|newest|most recent|oldest)\s+)(?P<n>\d{1,3})(?![\w.,/-])"
)
"""A list's size ("show 12 thefts", "list 7 murder cases", "latest 5 robberies")."""
_COMPARED = re.compile(r"\b(?:vs\.?|versus)(?!\w)")


def _intersect(a: Period, b: Period) -> Period:
    """Both date constraints at once ("before Dussehra this year")."""
    starts = [d for d in (a.start, b.start) if d is not None]
    ends = [d for d in (a.end, b.end) if d is not None]
    label = " and ".join(x for x in (a.label, b.label) if x)
    return Period(max(starts) if starts else None, min(ends) if ends else None, label)


def _io_names(t: _Text) -> tuple[list[Investigator], str]:
    """IOs named after "IO"/"officer": surname matched fuzzily, initial (if given) exactly."""
    for m in _IO_NAME.finditer(t.text):
        surname = m["sur"]
        if surname not in _IO_SURNAMES:
            matched = ground_word(surname, _IO_SURNAMES)
            if matched.word is None or matched.score < ACCEPT:
                continue
            surname = matched.word
        initial = m["init"] or m["init2"]
        found = [
            i
            for i in INVESTIGATORS
            if i.surname == surname and (initial is None or i.initial == initial)
        ]
        if found:
            t.take(m.span())
            typed = f"{initial.upper()}. " if initial else ""
            return found, typed + m["sur"].capitalize()
    return [], ""


_IO_CUE = re.compile(
    r"\b(?:sir|madam|avara|avaru|avru|saheb|sahab|ji|paas|pass|hatra|handling|handled|handles|"
    r"assigned|investigated|investigating|probing|probed|io|officer|under|"
    r"psi|pi|asi|si|hc|inspector)\b|'s\b"
)
"""Words that make a bare surname an IO ("Kiran ke paas", "Achar sir", "Pasha's cases",
"Anthony PSI", "cases under Lobo")."""
_SURNAME = re.compile(
    r"(?<![\w'-])(?:(?P<init>[a-z])\.?\s*)?(?P<sur>"
    + "|".join(sorted(map(re.escape, _IO_SURNAMES), key=len, reverse=True))
    + r")(?P<poss>'s)?(?![\w-])"
)


def _is_io_initial(letter: str, surname: str) -> bool:
    """True when some IO is `letter`. `surname` (so "v raghavendra" is that IO)."""
    return any(i.surname == surname and i.initial == letter for i in INVESTIGATORS)


def _io_surnames(t: _Text) -> tuple[list[Investigator], str]:
    """IOs named without "IO" before them: "H. Puneeth", or a bare surname with an IO cue."""
    cue = bool(_IO_CUE.search(t.text))
    for m in _SURNAME.finditer(t.text):
        initial = m["init"] if m["init"] and re.match(r"[a-z]\.", m.group(0)) else None
        if initial is None and m["init"] and _is_io_initial(m["init"], m["sur"]):
            initial = m["init"]  # "V Raghavendra": an IO's own initial, typed without the dot
        if initial is None and not (cue or m["poss"]):
            continue
        found = [
            i
            for i in INVESTIGATORS
            if i.surname == m["sur"] and (initial is None or i.initial == initial)
        ]
        if found:
            t.take(m.span())
            typed = f"{initial.upper()}. " if initial else ""
            return found, typed + m["sur"].capitalize()
    return [], ""


_RANK = re.compile(
    r"\(?\b(?P<rank>psi|pi|asi|si|hc|pc|dsp|acp|ci|inspector|sub[- ]inspector|head constable|"
    r"constable)\b\)?"
)
_RANK_NAMES = {
    "inspector": "pi",
    "sub inspector": "psi",
    "sub-inspector": "psi",
    "head constable": "hc",
    "constable": "pc",
}


def _by_rank(t: _Text, found: list[Investigator]) -> list[Investigator]:
    """A rank written beside the IO's name ("S. Patil ASI") is read: it narrows the IOs the
    name fits to those of that rank (all of them when none has it)."""
    m = _RANK.search(t.text)
    if m is None:
        return found
    t.take(m.span())
    rank = _RANK_NAMES.get(m["rank"], m["rank"])
    ranked = [i for i in found if i.io_name.lower().endswith(f"({rank})")]
    return ranked or found


@lru_cache(maxsize=1)
def _dimension_patterns() -> tuple[tuple[str, re.Pattern[str], str], ...]:
    """Each DIMENSIONS phrase (longest first), its pattern and its column, built once."""
    patterns = []
    for phrase in sorted(DIMENSIONS, key=len, reverse=True):
        plural = rf"{re.escape(phrase)}(?:s|es)?"
        pattern = (
            rf"{_DIM_BEFORE}(?P<d>{plural})(?![\w-])"
            rf"|{_DIM_AT_START}(?P<s>{plural})\s+(?:of|for)\b"
            rf"|(?<![\w-])(?P<w>{plural})[- ]?wise\b"
            rf"|(?<![\w-])(?P<b>{plural})\s+(?:breakdown|break-up|breakup|split|distribution)\b"
        )
        patterns.append((phrase, re.compile(pattern), DIMENSIONS[phrase]))
    return tuple(patterns)


def _dimensions(t: _Text) -> list[str]:
    """GROUP BY columns named as "by station", "per beat", "top 5 beats", "station-wise",
    "sub-head breakdown"."""
    found: list[tuple[int, str]] = []
    for phrase, pattern, column in _dimension_patterns():
        if phrase not in t.text:  # every alternative spells the phrase out
            continue
        for m in pattern.finditer(t.text):
            found.append((m.start(), column))
            t.take(m.span("d") if m["d"] else m.span("s") if m["s"] else m.span())
    return list(dict.fromkeys(d for _, d in sorted(found)))


def _district_station(word: str, after: str) -> places.Station | None:
    """A misspelt district and the next word naming one of its stations ("madya west" is
    Mandya West PS): the station, never the whole district."""
    station = places.resolve_station(f"{word} {after}")
    districts = places.resolve_district(word)
    if station is None or station.district not in districts:
        return None
    return station if after in station.station_name.lower().split() else None


def _resolve_leftover(e: Entities, word: str) -> None:
    """A word after in/at/near that no recogniser took: a misspelt place, or an unknown one."""
    if word in _NOT_PLACES or word in FILLER or word in _NAME_STOP or CUE.fullmatch(word):
        return
    if word.rstrip("s") in CRIME_PHRASES or word in STATUS_PHRASES:
        return
    station = places.resolve_station(word)
    districts = places.resolve_district(word)
    if station is not None:
        e.stations.append(station)
    elif districts:
        e.districts.extend(districts)
    else:
        e.unknown_place = word


_GROUPS: tuple[tuple[str, ...], ...] = (
    ("stations", "districts", "unknown_place", "excluded_stations"),
    ("period",),
    ("crimes", "sections", "juvenile", "sexual_offence", "excluded_crimes"),
    ("statuses", "excluded_statuses"),
    ("head_counts",),
    ("modes",),
    ("fir_ids", "refers_to_active", "plates", "person_name", "person_role"),
    ("dimensions", "top_n", "ranking", "ascending"),
    ("io_badge", "io_candidates", "io_typed"),
    ("vehicle_status", "vehicle_types"),
)


def overlay(base: Entities, new: Entities) -> Entities:
    """A follow-up's entities over the previous question's: each kind the follow-up names wins.

    "how many thefts last month" then "and in Whitefield?" -> thefts, last month, Whitefield.
    """
    merged = Entities(domain_words=base.domain_words or new.domain_words, ignored=new.ignored)
    for group in _GROUPS:
        source = new if any(getattr(new, name) for name in group) else base
        for name in group:
            setattr(merged, name, getattr(source, name))
    return merged


def section_patterns(act: str, section: str) -> list[str]:
    """ZCQL LIKE patterns matching a section as cited in `act_sections`, and its counterparts.

    `act_sections` holds the act in force on the FIR's date, so IPC 379 also matches
    BNS 303(2). Patterns use ZCQL's `*` wildcard: '*IPC 379*'.
    """
    refs = [(act, section), *equivalents(act, section)]
    return [f"*{a} {s}*" for a, s in dict.fromkeys(refs)]
