"""Understanding a question before any statement is written: every content word grounded.

`understand` extracts the entities, corrects misspelt words fuzzily (`grounding`), and lists
what is still unplaced. A word that is neither grounded nor a known function word stops the
parser: answering without it would answer a different (wider) question. Follow-ups are read
against the conversation (`carry`): each kind of entity a follow-up names replaces that kind
in what the earlier questions established, the rest carries over until changed.
"""

from __future__ import annotations

import re
from copy import copy
from dataclasses import dataclass, field, replace
from datetime import date

from tools.domain import places
from tools.domain.synonyms import normalise_text
from tools.request_memo import per_request, request_memo
from tools.text2zcql.dates import FESTIVALS, HINDI_KANNADA_NUMERALS, MONTHS, Period
from tools.text2zcql.entities import (
    PATTERN_WORDS,
    PRECINCT_CODES,
    VOCABULARY,
    Entities,
    extract,
    overlay,
    refine_burglary,
)
from tools.text2zcql.fir_fields import TOKENS
from tools.text2zcql.grounding import Grounding, expand_abbreviations, ground_word
from tools.text2zcql.lexicon import (
    CRIME_PHRASES,
    LOCAL_PHRASES,
    STATUS_PHRASES,
    VEHICLE_STATUS_PHRASES,
    crime_filter,
)
from tools.text2zcql.weekdays import name_weekdays

GRAMMAR = frozenset(
    """
    top most per split across breakdown down grouped trend trends monthly wise har mahine common
    yearwise quarterwise halfwise monthwise ids id role roles registrations applied invoked
    handle handles
    highest lowest fewest least busiest five three ten handled handling kaun current what's who's
    as register registered receive received involved involve involves involving plate plates
    registration naming appear appears
    cite cites citing recent latest happening contact raids raid maximum max worst safest
    quietest bottom first show list many much number also only just same still yet anyone
    anybody someone whether has have get got status stand standing position update updates
    progress name names total overall saw see seen recorded logged lodged entered opened
    compare compared comparison versus vs vs. arrests made assigned one two four more less
    fewer higher lower go goes went gone did does up rise rose fall fell increase increased
    decrease decreased linked attached connected related
    display displayed need needed want wanted require required provide retrieve pull
    frequent frequently prevalent usual newest oldest earliest six seven eight nine
    """.split()  # noqa: SIM905
)
GRAMMAR |= frozenset(HINDI_KANNADA_NUMERALS) | TOKENS
"""Words of the intent grammar and of asking (numerals too): used by patterns, never filters."""
_READ_BY_PATTERN = GRAMMAR | PATTERN_WORDS
"""Corrections into these count as grounded though no recogniser takes them from the text;
a correction into any other word that is left untaken grounded nothing."""

_EXTRA_WORDS = frozenset(
    w
    for phrase in [*VEHICLE_STATUS_PHRASES, *(v for vs in FESTIVALS.values() for v in vs)]
    for w in re.findall(r"[a-z]+", phrase)
)
CORRECTABLE: tuple[str, ...] = tuple(
    sorted(w for w in VOCABULARY | _EXTRA_WORDS if len(w) >= 3 and w not in PRECINCT_CODES)
)
"""Words a misspelling may be corrected to: the parser's content vocabulary only, so that a
typo is never "corrected" into a word the parser then ignores (which would widen silently)."""
_FOLLOW_UP = re.compile(
    r"^(?:and|what about|how about|same for|same in|same but|(?:the )?same thing|also|ok and|"
    r"okay and|now|aur|only|just|"
    r"what of|then|ab)\b"
)


@dataclass
class Understanding:
    """A question's entities, its working text, and what could not be grounded."""

    text: str
    entities: Entities
    corrections: list[tuple[str, str]] = field(default_factory=list)
    unsure: list[Grounding] = field(default_factory=list)
    """Words with near candidates but no clear winner: ask which was meant."""
    unknown: list[str] = field(default_factory=list)
    """Words with no candidate at all."""
    follows: str = ""
    """The earlier question a follow-up was read against."""

    @property
    def grounded(self) -> bool:
        """True when every content word was placed."""
        return not (self.unsure or self.unknown)


def content_words(e: Entities) -> list[str]:
    """Words no recogniser used that are not part of the asking grammar."""
    return [w for w in e.ignored if w not in GRAMMAR and w.strip("'") not in GRAMMAR]


_COMPARES = re.compile(r"\b(?:vs\.?|versus|compare\w*|comparison)(?!\w)")
"""Two periods in a comparison are its buckets, not a choice to ask about."""
_LOCAL = re.compile(
    r"(?<![\w'-])("
    + "|".join(sorted(map(re.escape, LOCAL_PHRASES), key=len, reverse=True))
    + r")(?![\w'-])"
)


_DAYS_NAMED = sorted(
    {*(v for vs in FESTIVALS.values() for v in vs), *MONTHS}, key=len, reverse=True
)
_ROUGHLY = re.compile(
    r"\b(?:around|roughly|approximately|close to|near|nearabout|aas ?paas)\s+(?:the\s+)?"
    r"(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:" + "|".join(map(re.escape, _DAYS_NAMED)) + r")\b"
)
"""A date asked for loosely ("around Diwali", "near 15 August"): how wide is a choice to ask
about, never the day alone (narrower) nor all time (wider)."""


_PLUS_JOINS = re.compile(r"(?<=[a-z])(\s+)plus\b")
""""plus" joining two named things ("Whitefield plus KR Puram") is "and"; after a number
("40 plus") it is a bound the parser does not read, so it stays a word to ask about."""


@per_request
def in_english(text: str) -> str:
    """Normalised text with its Hinglish and Kanglish words in the grammar's English."""
    return _PLUS_JOINS.sub(r"\1and", _LOCAL.sub(lambda m: LOCAL_PHRASES[m[1]], text))


_WRITE = re.compile(
    r"^(?:please |pls |kindly |can you |could you )?(?:close|update|change|modify|edit|alter|"
    r"delete|remove|drop|truncate|insert|create|register|lodge|mark|assign|reassign|"
    r"transfer|rename|merge|(?:add|file|enter|put) (?:a|an|new|the|one|another|more)|"
    r"set (?:the|status))\b"
    r"|\b(?:mark|set|update|change)\b.{0,60}\b(?:as|to)\b"
    r"|^(?:please |pls |kindly )?(?:add|include|insert)\s+(?!up\b)(?:[\w.]+\s+){1,4}as\s+"
    r"(?:an?\s+|the\s+|\w+\s+)?(?:accused|complainant|victim|witness|io)\b"
    r"|\b(?:mark|close|closed|band|update|delete|change|badal|charge ?sheeted|undetected|"
    r"transfer|add|remove|enter|assign|set|jod|daal|likh)\b.{0,60}"
    r"\b(?:kar do|kardo|kar dijiye|kar dena|maadi|madi|maadri|haaki)\b"
    r"|\b(?:update|delete|badal|edit|modify|sahi|add|remove)\s+(?:karo|kariye|kijiye)\b"
    r"|\b(?:badal do|hata do|mita do|hatao|mitao|jod do|daal do|likh do|badlo)\b"
    r"|\b(?:badlisi|badalisi|badalayisi|badalaayisi|serisi|seerisi|tegeyiri|tegedu haaki|"
    r"alisi|alisibidi|mucchi|close maadi|update maadi)\b"
)
"""A request to change the records, in English, Hinglish ("add kar do", "badal do") or
Kanglish ("status Closed anta badlisi", "update maadi")."""
_CHANGE_ASKED = re.compile(
    r"\b(?:how|did|has|have|had|what|whether)\b[^?]{0,60}\bchang(?:e|ed)\b"
    r"|\bchange (?:from|between|over|in)\b"
)
"""Asking how a figure changed ("how did accidents change from 2024 to 2025"): a comparison
question, not a request to change anything."""


def asks_to_write(text: str) -> bool:
    """ "close FIR ... as charge sheeted", "mark X as arrested", "delete ...": a request to
    change the records, which this assistant never does (refused, not clarified)."""
    text = normalise_text(text)
    return bool(_WRITE.search(text)) and not _CHANGE_ASKED.search(text)


def _one_meaning(candidates: tuple[str, ...]) -> str | None:
    """The first candidate when every candidate names the same status or crime
    ("chargesheetd": "chargesheeted" or "chargesheet" are both Charge Sheeted): nothing to ask."""
    meanings = {STATUS_PHRASES.get(c) or CRIME_PHRASES.get(c) for c in candidates}
    if not candidates or len(meanings) != 1 or None in meanings:
        return None
    return candidates[0]


def narrow_stations(
    stations: list[places.Station], districts: list[str], precincts: tuple[str, ...]
) -> list[places.Station]:
    """The stations a name that fits several may mean: those in a district also named, then
    those in the caller's precincts (when that leaves one); otherwise all of them."""
    in_district = [s for s in stations if s.district in districts]
    stations = in_district or stations
    own = [s for s in stations if s.precinct_id in precincts]
    return own if len(own) == 1 else stations


def _ids(stations: list[places.Station]) -> set[str]:
    return {s.precinct_id for s in stations}


def understand(question: str, today: date, precincts: tuple[str, ...] = ()) -> Understanding:
    """Entities of one question, misspellings corrected, the ungrounded words listed;
    `precincts` (the caller's) settle a station name that fits several.

    Within a request (`request_scope`) each reading is made once: the router, the records
    reader and grounding read the same question. A reading that names no ambiguous station is
    the same for every `precincts` and is kept without them. Each caller gets its own copy."""
    memo = request_memo()
    if memo is None:
        return _understand(question, today, precincts)
    key = ("understand", question, today)
    kept = memo.get(key) or memo.get((*key, precincts))
    if kept is None:
        kept = _understand(question, today, precincts)
        memo[(*key, precincts) if kept.entities.station_choices else key] = kept
    return _copied(kept)


def _copied(u: Understanding) -> Understanding:
    """`u` with fresh lists (callers extend and replace them; the items are immutable)."""
    e = copy(u.entities)
    for name, value in vars(e).items():
        if isinstance(value, list):
            setattr(e, name, value.copy())
    return replace(
        u,
        entities=e,
        corrections=u.corrections.copy(),
        unsure=u.unsure.copy(),
        unknown=u.unknown.copy(),
    )


def _understand(question: str, today: date, precincts: tuple[str, ...]) -> Understanding:
    text = name_weekdays(in_english(expand_abbreviations(normalise_text(question))), today)
    as_typed = text
    e = extract(text, today, cased=question)
    corrections: list[tuple[str, str]] = []
    unsure: list[Grounding] = []
    for word in content_words(e):
        g = ground_word(word, CORRECTABLE)
        if g.word is not None and g.word != word:
            corrections.append((word, g.word))
        elif (same := _one_meaning(g.candidates)) is not None:
            corrections.append((word, same))
        elif g.candidates:
            unsure.append(g)
    if corrections:
        for typed, word in corrections:
            text = re.sub(rf"(?<![\w'-]){re.escape(typed)}(?![\w'-])", word, text)
        e = extract(text, today, cased=question)
        idle = [(t, w) for t, w in corrections if w in e.unused and w not in _READ_BY_PATTERN]
        for typed, word in idle:
            text = re.sub(rf"(?<![\w'-]){re.escape(word)}(?![\w'-])", typed, text)
        if idle:
            corrections = [c for c in corrections if c not in idle]
            e = extract(text, today, cased=question)
    left = content_words(e)
    unsure = [g for g in unsure if g.typed in left]
    for choice in e.station_choices:
        stations = narrow_stations(choice.stations, e.districts, precincts)
        if len(stations) == 1 or (precincts and not set(precincts) & _ids(stations)):
            e.stations.extend(stations)  # one reading, or none the caller may query
        else:
            unsure.append(
                Grounding(choice.typed, None, 100.0, tuple(s.station_name for s in stations))
            )
    unsure += [Grounding(name, None, 100.0, options) for name, options in e.festival_choices]
    if e.period is not None and (loose := _ROUGHLY.search(as_typed)):
        unsure.append(
            Grounding(
                loose[0].strip(),
                None,
                100.0,
                (f"the day itself ({e.period.describe()})", "the week either side", "since then"),
            )
        )
    if e.period_choices and not _COMPARES.search(text):
        unsure.append(Grounding("the period", None, 100.0, tuple(e.period_choices)))
    asked = {g.typed for g in unsure}
    unknown = [w for w in left if w not in asked] + e.unread_spans
    return Understanding(text, e, corrections, unsure, unknown)


_SHOW = re.compile(
    r"\b(?:list|show|display|names?|which ones|dikhao|dikhaiye|thorisi)\b"
    r"|\b(?:fir|case)\s+(?:numbers?|nos?|ids?)\b"
)
_HOW_MANY = re.compile(
    r"\b(?:how many|count|number of|no\.? of|kitne|kitni|kitna|total|tally|eshtu|yeshtu|estu)\b"
)
"""A follow-up that asks for a list drops the count words of the question it follows."""
_YEAR_BEFORE = re.compile(r"\b(?:the\s+)?(?:year|saal|varsha)\s+before\s+(?:that|it|this)\b")
"""A follow-up going one year back from the year the conversation was about."""


def is_follow_up(text: str) -> bool:
    """ "and in 2024?", "what about Whitefield?", "only the pending ones"."""
    return bool(_FOLLOW_UP.match(normalise_text(text)))


def carry(
    u: Understanding,
    history: tuple[str, ...],
    today: date,
    precincts: tuple[str, ...] = (),
) -> Understanding:
    """A follow-up's understanding over the conversation's: named kinds replace, others carry
    (`precincts`, the caller's, settle station names in the earlier questions)."""
    if not history or not is_follow_up(u.text):
        return u
    base: Understanding | None = None
    for earlier in history:
        known = understand(earlier, today, precincts)
        if base is not None and is_follow_up(known.text):
            merged = overlay(base.entities, known.entities)
            base = Understanding(f"{known.text} {base.text}", merged, follows=earlier)
        else:
            base = Understanding(known.text, known.entities, follows=earlier)
    assert base is not None
    carried = base.text
    if _SHOW.search(u.text) and not _HOW_MANY.search(u.text):
        carried = _HOW_MANY.sub(" ", carried)  # "list only the pending ones" after a count
    merged = overlay(base.entities, u.entities)
    merged.crimes = refine_burglary(merged.crimes, u.text)  # "how many of those at night"
    unknown = list(u.unknown)
    if _YEAR_BEFORE.search(u.text):
        year = merged.period.registration_year(today) if merged.period else None
        if year is None:
            unknown.append("the year before that")  # no one year to go back from: asked
        else:
            merged.period = Period(date(year - 1, 1, 1), date(year, 1, 1), str(year - 1))
    return Understanding(
        f"{u.text} {carried}",
        merged,
        u.corrections,
        u.unsure,
        unknown,
        follows=base.follows,
    )


def describe_candidate(word: str) -> str:
    """How to offer a candidate word: a station's or district's name, a crime, or the word."""
    if any(s.station_name == word for s in places.STATIONS):
        return word
    station = places.resolve_station(word)
    if station is not None and word in station.station_name.lower():
        return station.station_name
    districts = places.DISTRICT_ALIASES.get(word)
    if districts:
        return " / ".join(districts)
    if word in CRIME_PHRASES:
        return crime_filter(word).label
    return word
