"""A dictated question in written form: what speech-to-text produces, read as an officer types.

Phone dictation writes numbers as words ("twenty twenty six", "four thousand two hundred and
nine"), spells letters out ("f i r s", "b n s s"), speaks punctuation ("full stop", "comma")
and splits names ("white field", "maha deva pura"). `written_form` rewrites only those forms,
each by a small pure rule over the words, applied in order:

- letters: a run of two or more single letters is one abbreviation ("f i r s" -> "FIRs");
- places: two to four words whose joined spelling is exactly a known station, district or
  locality name ("indira nagar" -> "Indiranagar"), never a guess;
- dates: an ordinal beside a month ("third of march" -> "3 March");
- numbers: year pairs ("twenty twenty six" -> "2026"), digit strings ("zero two six seven
  nine"), compound cardinals ("seventy three", "two hundred and eight", "one lakh"); a lone
  "one", "two" ... "ten" stays a word ("which one", "two wheeler", "last three months") unless
  it follows "FIR" or a section ("section nine"); in a question about law, "three sixty three"
  is section 363 and "one twenty b" is 120B;
- misheard numbers: "for wheeler" is a four-wheeler, "to wheeler" a two-wheeler;
- punctuation: spoken marks become the mark ("full stop" -> "."; "period" only at the end
  after a number or a courtesy word), a spoken line break is dropped.

A question already in written form comes back unchanged (numerals, written names and
punctuation match no rule), so only dictated questions are rewritten.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from tools.domain.places import DISTRICT_ALIASES, LOCALITIES, STATION_ALIASES, STATIONS

UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4,
    "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
}  # fmt: skip
TEENS = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
SCALES = {"thousand": 1_000, "lakh": 100_000, "lakhs": 100_000, "crore": 10_000_000}
NUMBER_WORDS = frozenset({*UNITS, *TEENS, *TENS, *SCALES, "hundred", "and", "point", "oh"})
RUN_STARTS = frozenset({*UNITS, *TEENS, *TENS})
LONE_WORDS = frozenset({*UNITS, "ten"})
"""Said alone these stay words ("which one", "two wheeler", "last three months")."""
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}  # fmt: skip
MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
LAW_WORDS = frozenset(
    {"ipc", "bns", "bnss", "bsa", "crpc", "section", "sections", "sec", "sanhita", "pocso", "ndps"}
)
"""A question naming one of these is about law: "three sixty three" there is section 363."""
NUMBERED = frozenset({"fir", "firs", *LAW_WORDS})
"""After these a lone "five" or a two-digit string ("one two") is a number."""
ABBREVIATIONS = {
    "FIR": "FIR", "EFIR": "e-FIR", "CRPC": "CrPC", "IO": "IO", "IPC": "IPC", "BNS": "BNS",
    "BNSS": "BNSS", "BSA": "BSA", "ASI": "ASI", "PSI": "PSI", "SHO": "SHO", "ACP": "ACP",
    "DCP": "DCP", "NDPS": "NDPS", "UDR": "UDR", "CCTV": "CCTV", "CDR": "CDR",
}  # fmt: skip
"""Spelled runs with a fixed written form; a final "s" after one of them is a plural."""
KEPT_ARTICLE = frozenset({"a"})
"""A run starting with "a" keeps it as the article ("a b n s section") unless the whole run is a
known abbreviation ("a s i" -> ASI)."""
NOT_A_NAME_PART = frozenset(
    {
        "a", "an", "the", "in", "of", "on", "at", "to", "by", "for", "and", "or", "is", "are",
        "was", "up", "as", "it", "no", "not", "from", "with", "ka", "ke", "ki", "se", "me",
        "mein", "ko", "hai", "na", "station", "police", "ps",
    }
)  # fmt: skip
"""Words never joined into a place name ("a land" is not Aland)."""
SPOKEN_MARKS = {
    ("full", "stop"): ".",
    ("question", "mark"): "?",
    ("exclamation", "mark"): "!",
    ("comma",): ",",
    ("new", "line"): "",
    ("next", "line"): "",
    ("new", "paragraph"): "",
}
WHEELERS = frozenset({"wheeler", "wheelers"})
MISHEARD_BEFORE_WHEELER = {"for": "four", "to": "two", "too": "two"}
"""Speech-to-text writes the homophone of a number said before "wheeler"."""
PERIOD_AFTER = frozenset({"please", "thanks", "sir", "madam", "today", "yesterday"})
"""A closing "period" is a full stop only after a number or one of these ("the limitation
period" keeps its word)."""
TRAILING = re.compile(r"^(.*?)([.,?!;:]*)$")


@dataclass(frozen=True, slots=True)
class Reading:
    """The question in written form and the kinds of rewrite applied (empty when unchanged)."""

    text: str
    changes: tuple[str, ...]


def split(token: str) -> tuple[str, str]:
    """("six", "?") for "six?": a word and the punctuation typed after it."""
    match = TRAILING.match(token)
    assert match is not None
    return match.group(1), match.group(2)


def word(token: str) -> str:
    """The token's word, lower-cased, without trailing punctuation."""
    return split(token)[0].lower()


def joinable(tokens: list[str], start: int, end: int) -> bool:
    """True when tokens[start:end] have no punctuation between them."""
    return all(not split(tokens[i])[1] for i in range(start, end - 1))


def letters(tokens: list[str]) -> list[str]:
    """Runs of two or more single letters joined: "f i r s" -> "FIRs", "k r puram" -> "KR"."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        end = i
        while end < len(tokens) and re.fullmatch(r"[a-z]", split(tokens[end])[0]):
            end += 1
            if split(tokens[end - 1])[1]:
                break
        run = [split(t)[0] for t in tokens[i:end]]
        joined = "".join(run).upper()
        if run and run[0] in KEPT_ARTICLE and not known(joined) and len(run) > 2:
            out.append(tokens[i])
            i += 1
            continue
        if len(run) < 2:
            out.append(tokens[i])
            i += 1
            continue
        out.append(abbreviation(joined) + split(tokens[end - 1])[1])
        i = end
    return out


def known(joined: str) -> bool:
    """True for a known abbreviation or its plural ("ASI", "FIRS")."""
    return joined in ABBREVIATIONS or (joined.endswith("S") and joined[:-1] in ABBREVIATIONS)


def abbreviation(joined: str) -> str:
    """The written form of spelled letters: a known abbreviation, its plural, or capitals."""
    if joined in ABBREVIATIONS:
        return ABBREVIATIONS[joined]
    if joined.endswith("S") and joined[:-1] in ABBREVIATIONS:
        return ABBREVIATIONS[joined[:-1]] + "s"
    return joined


@cache
def place_vocabulary() -> tuple[dict[str, str], frozenset[str]]:
    """Joined spelling ("indiranagar") -> written name for every station, district and locality
    name, and every name as written in lower case (a name typed with its spaces stays)."""
    names = [
        *(re.sub(r"\s+(?:PS|P\.S\.)\b.*$", "", s.station_name) for s in STATIONS),
        *(name for names in LOCALITIES.values() for name in names),
        *(alias.title() for alias in (*STATION_ALIASES, *DISTRICT_ALIASES)),
    ]
    names = [name for name in names if re.fullmatch(r"[A-Za-z][A-Za-z ]*[A-Za-z]", name)]
    joined: dict[str, str] = {}
    for name in names:
        joined.setdefault(name.replace(" ", "").lower(), name)
    return joined, frozenset(name.lower() for name in names)


def places(tokens: list[str]) -> list[str]:
    """Two to four words whose joined spelling is exactly a known place name joined into it."""
    names, written = place_vocabulary()
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for size in (4, 3, 2):
            end = i + size
            if end > len(tokens) or not joinable(tokens, i, end):
                continue
            parts = [word(t) for t in tokens[i:end]]
            if any(not p.isalpha() or len(p) < 2 or p in NOT_A_NAME_PART for p in parts):
                continue
            name = names.get("".join(parts))
            if name is None or " ".join(parts) in written:
                continue
            out.append(name + split(tokens[end - 1])[1])
            i = end
            break
        else:
            out.append(tokens[i])
            i += 1
    return out


def ordinal_at(tokens: list[str], i: int) -> tuple[int, int] | None:
    """(day, next index) for "third" or "twenty first" at i."""
    first = word(tokens[i])
    if first in ORDINALS:
        return ORDINALS[first], i + 1
    if first in ("twenty", "thirty") and i + 1 < len(tokens) and joinable(tokens, i, i + 2):
        unit = word(tokens[i + 1])
        if unit in ORDINALS and ORDINALS[unit] < 10:
            return TENS[first] + ORDINALS[unit], i + 2
    return None


def dates(tokens: list[str]) -> list[str]:
    """An ordinal day beside a month as a date: "the third of march" -> "3 March",
    "march the third" -> "March 3" ("may first" stays: "may" there is a verb)."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        start = i + 1 if word(tokens[i]) == "the" and joinable(tokens, i, i + 2) else i
        found = ordinal_at(tokens, start) if start < len(tokens) else None
        if found is not None:
            day, after = found
            month_at = after + 1 if after < len(tokens) and word(tokens[after]) == "of" else after
            if (
                month_at < len(tokens)
                and word(tokens[month_at]) in MONTHS
                and joinable(tokens, start, month_at + 1)
                and day <= 31
            ):
                out.append(f"{day} {split(tokens[month_at])[0].capitalize()}")
                out[-1] += split(tokens[month_at])[1]
                i = month_at + 1
                continue
        month = word(tokens[i])
        if (
            month in MONTHS
            and month != "may"
            and i + 1 < len(tokens)
            and joinable(tokens, i, i + 2)
        ):
            start = i + 2 if word(tokens[i + 1]) == "the" else i + 1
            found = ordinal_at(tokens, start) if start < len(tokens) else None
            if found is not None and joinable(tokens, i, found[1]) and found[0] <= 31:
                out.append(f"{month.capitalize()} {found[0]}{split(tokens[found[1] - 1])[1]}")
                i = found[1]
                continue
        out.append(tokens[i])
        i += 1
    return out


def below_hundred(words: list[str], i: int) -> tuple[int, int] | None:
    """(value, next index) for "seventy three", "fifteen" or "six" at i."""
    if i >= len(words):
        return None
    if words[i] in TENS:
        if i + 1 < len(words) and words[i + 1] in UNITS and words[i + 1] != "zero":
            return TENS[words[i]] + UNITS[words[i + 1]], i + 2
        return TENS[words[i]], i + 1
    if words[i] in TEENS:
        return TEENS[words[i]], i + 1
    if words[i] in UNITS:
        return UNITS[words[i]], i + 1
    return None


def below_thousand(words: list[str], i: int) -> tuple[int, int] | None:
    """(value, next index) for "two hundred and eight", "twelve hundred" or "forty" at i."""
    found = below_hundred(words, i)
    if found is None:
        return None
    value, j = found
    if j < len(words) and words[j] == "hundred" and value > 0:
        value, j = value * 100, j + 1
        k = j + 1 if j < len(words) and words[j] == "and" else j
        rest = below_hundred(words, k)
        if rest is not None:
            value, j = value + rest[0], rest[1]
    return value, j


def cardinal(words: list[str], i: int) -> tuple[str, int] | None:
    """(numeral, next index) for a cardinal at i: "four thousand two hundred and nine" ->
    "4209", "nine point two" -> "9.2", "one lakh" -> "1 lakh"."""
    total, j, last_scale, groups = 0, i, 10**9, 0
    while True:
        found = below_thousand(words, j)
        if found is None or (groups and found[0] >= min(last_scale, 1000)):
            break
        value, k = found
        scale = SCALES.get(words[k]) if k < len(words) else None
        groups += 1
        if scale is not None and scale < last_scale and value > 0:
            total, j, last_scale = total + value * scale, k + 1, scale
            if j < len(words) and words[j] == "and" and below_hundred(words, j + 1):
                j += 1
            continue
        total, j = total + value, k
        break
    if groups == 0:
        return None
    if last_scale in (100_000, 10_000_000) and total % last_scale == 0:
        word_of_scale = "lakh" if last_scale == 100_000 else "crore"
        return f"{total // last_scale} {word_of_scale}", j
    numeral = str(total)
    if j + 1 < len(words) and words[j] == "point" and words[j + 1] in UNITS:
        k = j + 1
        while k < len(words) and words[k] in UNITS:
            k += 1
        numeral += "." + "".join(str(UNITS[w]) for w in words[j + 1 : k])
        j = k
        if j < len(words) and words[j] in ("lakh", "lakhs", "crore"):
            numeral += " " + ("crore" if words[j] == "crore" else "lakh")
            j += 1
    return numeral, j


def year(words: list[str], i: int) -> tuple[str, int] | None:
    """("2026", next index) for "twenty twenty six", "nineteen ninety nine", "twenty oh five"."""
    if i + 1 >= len(words) or words[i] not in ("nineteen", "twenty"):
        return None
    century = TEENS.get(words[i]) or TENS[words[i]]
    tail = words[i + 1]
    if tail in ("oh", "zero") and i + 2 < len(words) and words[i + 2] in UNITS:
        value, j = UNITS[words[i + 2]], i + 3
    elif tail in TEENS or tail in TENS:
        found = below_hundred(words, i + 1)
        assert found is not None
        value, j = found
    else:
        return None
    if j < len(words) and words[j] in ("hundred", *SCALES):
        return None
    return str(century * 100 + value), j


def digit_string(words: list[str], i: int, shortest: int) -> tuple[str, int] | None:
    """("02679", next index) for "zero two six seven nine": digits said one by one."""
    j = i
    while j < len(words) and (words[j] in UNITS or (words[j] == "oh" and j > i)):
        j += 1
    if j - i < shortest:
        return None
    return "".join(str(UNITS.get(w, 0)) for w in words[i:j]), j


def section(words: list[str], i: int) -> tuple[str, int] | None:
    """("363", next index) for "three sixty three" in a question about law."""
    if i + 1 >= len(words) or words[i] not in UNITS or words[i] == "zero":
        return None
    rest = below_hundred(words, i + 1)
    if rest is None or words[i + 1] in UNITS:
        return None
    value, j = rest
    if j < len(words) and words[j] in ("hundred", *SCALES, "point"):
        return None
    return str(UNITS[words[i]] * 100 + value), j


@dataclass(frozen=True, slots=True)
class NumberContext:
    """What the words around a run of number words say about it."""

    numbered: bool  # right after "FIR", "FIR number", "section", "BNS" ...
    about_law: bool  # the question names an act or a section
    after_per: bool  # a rate's base ("per one lakh") is kept as said


class Piece(NamedTuple):
    """A number read from words[start:end], or one word left as said (kind "word")."""

    text: str
    kind: str  # "year", "digits", "section", "cardinal" or "word"
    start: int
    end: int


def first_reading(
    words: list[str], i: int, numbered: bool, about_law: bool
) -> tuple[str, tuple[str, int] | None]:
    """The first reading that fits at i, as (kind, (numeral, next index)); a year before a
    digit string before a section number before a cardinal."""
    for kind, reader in (
        ("year", lambda: year(words, i)),
        ("digits", lambda: digit_string(words, i, 2 if numbered else 3)),
        ("section", lambda: section(words, i) if about_law else None),
    ):
        found = reader()
        if found is not None:
            return kind, found
    return "cardinal", cardinal(words, i)


def read_numbers(words: list[str], context: NumberContext) -> list[Piece]:
    """The run of number words as pieces, in order."""
    pieces: list[Piece] = []
    i = 0
    while i < len(words):
        numbered = context.numbered and (i == 0 or pieces[-1].kind != "word")
        kind, found = first_reading(words, i, numbered, context.about_law)
        lone = found is not None and found[1] == i + 1 and words[i] in LONE_WORDS
        rate_base = context.after_per and i == 0 and kind == "cardinal" and words[i] in LONE_WORDS
        if found is None or (lone and not numbered) or rate_base:
            said = (
                below_hundred(words, i + 1) if lone and words[i + 1 : i + 2] != ["zero"] else None
            )
            stop = said[1] if said is not None and words[i + 1] not in UNITS else i + 1
            stop = found[1] if rate_base and found is not None else stop  # "per one lakh"
            pieces.extend(Piece(words[k], "word", k, k + 1) for k in range(i, stop))
            i = stop  # "two thirty" (a time) and "per one lakh" (a rate's base) stay as said
            continue
        pieces.append(Piece(found[0], kind, i, found[1]))
        i = found[1]
    return pieces


def numbers(tokens: list[str]) -> list[str]:
    """Runs of number words as numerals; a FIR said as year and serial as its id; in a question
    about law, a section's subsection ("BNS 351 two" -> "351(2)") and letter ("120B")."""
    about_law = any(word(t) in LAW_WORDS for t in tokens)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if word(tokens[i]) not in RUN_STARTS:
            out.append(tokens[i])
            i += 1
            continue
        end = i + 1
        while (
            end < len(tokens) and word(tokens[end]) in NUMBER_WORDS and joinable(tokens, i, end + 1)
        ):
            end += 1
        before = [word(t) for t in out[-2:]]
        after_fir = before[-1:] == ["fir"] or (
            before[-1:] in (["number"], ["no"]) and before[:1] == ["fir"]
        )
        after_law = before[-1:] != [] and before[-1] in LAW_WORDS
        numbered = after_fir or after_law or before[-1:] == ["firs"]
        context = NumberContext(numbered, about_law, before[-1:] == ["per"])
        pieces = read_numbers([word(t) for t in tokens[i:end]], context)
        trail = split(tokens[end - 1])[1]
        identifier = fir_id(pieces) if after_fir else None
        if identifier is not None:
            del out[-len(before) if before[-1] != "fir" else -1 :]
            out.append(identifier + trail)
            i = end
            continue
        if after_law and [p.kind for p in pieces][-1:] == ["cardinal"] and len(pieces) == 2:
            section_number, subsection = pieces
            if section_number.kind != "word" and len(subsection.text) == 1:
                text = f"{section_number.text}({subsection.text})"
                pieces = [Piece(text, section_number.kind, 0, subsection.end)]
        out.extend(split(tokens[i + p.start])[0] if p.kind == "word" else p.text for p in pieces)
        out[-1] += trail
        i = end
        lettered = pieces[-1].kind in ("section", "digits") or (after_law and len(pieces) == 1)
        if about_law and lettered and not trail and i < len(tokens):
            letter, mark = split(tokens[i])
            if re.fullmatch(r"[a-e]", letter):
                out[-1] += letter.upper() + mark
                i += 1
    return out


def fir_id(pieces: list[Piece]) -> str | None:
    """ "FIR-2025-01629" for a year then a serial said after "FIR"."""
    if [p.kind for p in pieces] not in (["year", "digits"], ["year", "cardinal"]):
        return None
    year_said, serial = pieces
    if re.fullmatch(r"(?:19|20)\d{2}", year_said.text) and re.fullmatch(r"\d{1,5}", serial.text):
        return f"FIR-{year_said.text}-{int(serial.text):05d}"
    return None


def misheard(tokens: list[str]) -> list[str]:
    """A number's homophone before "wheeler(s)" as the number: "for wheeler" -> "four wheeler"
    ("wheeler dealers" keep their word)."""
    out = list(tokens)
    for i, token in enumerate(tokens[:-1]):
        said, mark = split(token)
        following = [word(t) for t in tokens[i + 1 : i + 3]]
        dealer = len(following) > 1 and following[1].startswith("deal")  # "wheeler dealers"
        if not mark and said in MISHEARD_BEFORE_WHEELER and following[0] in WHEELERS and not dealer:
            out[i] = MISHEARD_BEFORE_WHEELER[said]
    return out


def punctuation(tokens: list[str]) -> list[str]:
    """Spoken marks as the mark ("comma" -> ","), a spoken line break dropped."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for said, mark in SPOKEN_MARKS.items():
            end = i + len(said)
            if tuple(word(t) for t in tokens[i:end]) == said and joinable(tokens, i, end):
                if mark and out and not split(out[-1])[1]:
                    out[-1] += mark
                i = end
                break
        else:
            if is_closing_period(tokens, i, out):
                out[-1] += "."
            else:
                out.append(tokens[i])
            i += 1
    return out


def is_closing_period(tokens: list[str], i: int, out: list[str]) -> bool:
    """A last word "period" after a number or a courtesy word, said as a full stop."""
    if i != len(tokens) - 1 or tokens[i].lower() != "period" or not out or split(out[-1])[1]:
        return False
    previous = out[-1].lower()
    return previous in PERIOD_AFTER or bool(re.fullmatch(r"[\d.()a-z-]*\d[\d.()a-z-]*", previous))


RULES: tuple[tuple[str, Callable[[list[str]], list[str]]], ...] = (
    ("misheard", misheard),
    ("letters", letters),
    ("place", places),
    ("date", dates),
    ("number", numbers),
    ("punctuation", punctuation),
)


def written_form(text: str) -> Reading:
    """The question as an officer would type it, and which rules changed it."""
    tokens = text.split(" ") if text else []
    changes: list[str] = []
    for name, rule in RULES:
        rewritten = rule(tokens)
        if rewritten != tokens:
            changes.append(name)
        tokens = rewritten
    return Reading(" ".join(t for t in tokens if t), tuple(changes))
