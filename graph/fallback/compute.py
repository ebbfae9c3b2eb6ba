"""The arithmetic a question asks for in words, over the numbers it states: shares and
percentages, percentage changes (with their direction), ratios, differences, averages, rates
per 100,000 (or per lakh, million, thousand) of a stated population, and "how many weeks
to clear N at M a week". Each becomes one calculator expression and the sentence that says
what was computed. Whether a question needs a figure from outside the records is decided
here too.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass

from graph.fallback.numbers import Quantity, quantities, rate_base
from tools.knowledge.query_text import normalise_texting
from tools.request_memo import per_request

PERCENT_WORD = re.compile(
    r"\bpercent(?:age)?\b|%|\bper ?cent\b|\bshare\b|\bproportion\b|\bfraction\b"
    r"|\b(?:detection|clearance|conviction|recovery|disposal|solv(?:e|ing)|charge[- ]?sheet(?:ing)?"
    r"|success|pendency|acquittal|arrest|\w+ing|\w+tion|\w+ery|\w+al) rate\b",
    re.I,
)
CHANGE_WORD = re.compile(
    r"\b(?:increase|increased|decrease|decreased|change|changed|rise|rose|fall|fell|drop|"
    r"dropped|decline|declined|grow|grew|growth|went (?:up|down)|go (?:up|down)|reduc\w+"
    r"|badh\w*|ghat(?:a|aa|e|i|ey)|kam (?:hu|ho)\w*|hechch\w*|jaasti aag\w*|kadime aag\w*"
    r"|kammi aag\w*)\b",
    re.IGNORECASE,
)
REMAINDER = re.compile(
    r"\b(?:remain\w*|left|still (?:pending|open|unsolved|untraced)|outstanding|yet to be)\b", re.I
)
PART_IS = re.compile(r"\s*(?:is|are|was|were|makes up|made up|forms|formed|represents)\s*", re.I)
WHOLE_ASKED = re.compile(
    r"\b(?:whole|total|full|entire|overall)\b|\bwhat (?:is|was) (?:the )?\w+\b", re.I
)
OUT_OF = re.compile(r"\b(?:out of|of|from)\b(?:\s+(?:the|a total of|total|all))?\s*$", re.I)
EARLIER = re.compile(
    r"\b(?:last|previous|earlier|prior|before|old|pichl\w*|kaleda|hoda|hinde)\b", re.IGNORECASE
)
LATER = re.compile(
    r"\b(?:this|current|now|present|new|latest|is (?:saal|mahine|hafte|baar)"
    r"|ee (?:varsha|saala?|tingalu|vaara))\b",
    re.IGNORECASE,
)
"""Time words beside a stated figure (English, Hinglish "pichle saal", "is saal", Kanglish
"kaleda varsha", "ee varsha")."""
RATIO_WORD = re.compile(r"\bratio\b|\bhow many times\b|\btimes (?:as (?:many|much)|more)\b", re.I)
PER_NOUN = re.compile(
    r"(?P<top>[a-z][\w-]*)\s+(?:per|for (?:every|each)|to (?:every|each|one|a|an))\s+"
    r"(?P<bottom>[a-z][\w-]*)",
    re.IGNORECASE,
)
EACH_NOUN = re.compile(
    r"\bhow (?:many|much)\s+(?P<top>[a-z][\w-]*)\s+(?:[a-z]+\s+){0,2}?(?:each|every|per)\s+"
    r"(?P<bottom>[a-z][\w-]*)",
    re.IGNORECASE,
)
"""'how many vehicles did each team check': the first noun counted for every one of the second."""
PER_ASKED = re.compile(
    r"\b(?:per|each|every|prati|har)\s+(?P<unit>[a-z][\w-]*)"
    r"|\b(?P<adverb>hourly|daily|weekly|monthly|yearly|annual)\b",
    re.IGNORECASE,
)
ADVERB_UNIT = {"hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month"}
ADVERB_UNIT |= {"yearly": "year", "annual": "year"}
TIME_UNIT = re.compile(r"(?:second|minute|hour|day|week|fortnight|month|quarter|year)s?", re.I)
NAMED_PAIR = re.compile(
    r"\b(?P<a>[a-z][\w-]*)\s+(?:to|vs\.?|versus|against)\s+(?P<b>[a-z][\w-]*)\b", re.I
)
WHOLE = re.compile(r"total|all|overall|whole", re.IGNORECASE)
SUM_WORD = re.compile(r"\badd(?:\s+up|\s+together)?\b|\bsum\b|\btotal of\b|\baltogether\b", re.I)
_LABEL = re.compile(r"[^\s,;:?!()]+")
DIFFERENCE_WORD = re.compile(
    r"\bdifference\b|\bhow (?:many|much) (?:more|fewer|less)\b|\bmore than\b|\bfewer than\b"
    r"|\bgap\b|\bhow (?:much|many) (?:higher|lower|bigger|smaller|greater|larger)\b"
    r"|\b(?:kitn[aie]|eshtu|estu)\s+(?:zyada|jyada|adhik|kam|jaasti|kadime)\b"
    r"|\b(?:higher|lower|greater|bigger|smaller) than\b|\bexceed\w*\b",
    re.IGNORECASE,
)
STILL_ASKED = re.compile(
    r"\bhow (?:many|much)\b(?:\s+[\w-]+){0,3}?\s+(?:still|left|remain\w*|yet to"
    r"|outstanding|unrecovered|untraced|pending|balance)\b"
    r"|\bwhat(?:'s| is| was) left\b|\bbalance\b(?!\s+sheet)"
    r"|\b(?:kitn[aie]|eshtu|estu)\s+(?:bach\w*|baa?ki|ulid\w*)\b"
    r"|\b(?:bach\w*|baa?ki|ulid\w*)\s+(?:kitn[aie]|eshtu|estu)\b",
    re.IGNORECASE,
)
"""What is left of a stated amount ("how many still pending", "balance loss?", "kitna bacha")."""
CLOCK = re.compile(
    r"(?<![\d.:/])(?P<h>\d{1,2})[:.](?P<m>\d{2})(?![\d.:/]*\d)\s*(?P<half>am|pm)?\b", re.I
)
SPAN_ASKED = re.compile(
    r"\bhow (?:many|long)\b(?:\s+\w+)*?\s*\b(?P<unit>minutes?|mins?|hours?|hrs?)\b"
    r"|\bhow long\b|\bduration\b",
    re.IGNORECASE,
)
AVERAGE_WORD = re.compile(r"\b(?:average|mean|avg)\b", re.IGNORECASE)
RATE_WORD = re.compile(r"\brate\b|\bper (?:lakh|lac|capita|million|thousand|1|one)\b", re.I)
POPULATION = re.compile(
    r"\b(?:population|people|persons|residents|inhabitants|citizens|populace)\b", re.I
)
UNITS = r"(?P<unit>day|week|month|year|hour)s?"
PACE = re.compile(rf"\s*(?:[a-z]+\s+){{0,2}}?(?:every|per|each|a|an)\s+{UNITS}\b", re.I)
HOW_LONG = re.compile(rf"\bhow (?:many|long)\s+(?:{UNITS}\b)?", re.IGNORECASE)
OUTSIDE_FIGURE = re.compile(
    r"\bncrb\b|\bnational (?:average|rate|figure|crime rate)\b|\ball[- ]india\b"
    r"|\bstate average\b|\bcountry(?:wide)? average\b"
    r"|\b(?:the )?(?:state|country|karnataka|india)['’]s (?:\w+ )?(?:average|rate|figure)\b"
    r"|\blatest (?:\w+ ){0,2}(?:figures?|statistics|data|average|estimates?|census)\b"
    r"|\bofficial (?:\w+ ){0,2}(?:population|estimates?|figures?)\b|\bcensus\b",
    re.IGNORECASE,
)


RAISED = re.compile(
    r"\b(?:increas\w*|rais\w*|ris(?:e|es|ing)|rose|gr[eo]w\w*|jump\w*|add(?:ed|ing)?|plus|more|up"
    r"|hike[sd]?|higher|extra|inclusive|including|badh\w*|zyada|jyada|adhik|jaasti|hechchu)\b",
    re.IGNORECASE,
)
"""Words that put a percentage on top of an amount ("raise 850 by 20%", "15% more than")."""
LOWERED = re.compile(
    r"\b(?:decreas\w*|reduc\w*|cut|less|lower|minus|off|discount\w*|down|deduct\w*|fell|fall\w*"
    r"|drop\w*|declin\w*|kam|ghat\w*|kadime|kammi)\b",
    re.IGNORECASE,
)
"""Words that take a percentage off an amount ("cut 2,400 by 25%", "12,000 se 25% kam")."""
PART_ASKED = re.compile(
    r"\b(?:how much|what(?: is|'s) the|kitna|kitni|eshtu)\s+(?:[a-z]+\s+){0,2}?$", re.IGNORECASE
)
"""'how much to deduct', 'what is the discount': the percentage part itself is asked."""
PERCENT_OF_WRITTEN = re.compile(r"\s*of\b", re.IGNORECASE)
REACHED = re.compile(r"^\s*(?:to|and (?:is|was) now|and (?:became|reached)|reaching)\s*$", re.I)


@dataclass(frozen=True)
class Computation:
    """A calculator expression and how to say its result (`{value}` is filled in)."""

    expression: str
    sentence: str


def _plain(values: list[Quantity]) -> list[Quantity]:
    return [q for q in values if not q.percent]


def _near(question: str, q: Quantity, pattern: re.Pattern[str], before: int = 0) -> bool:
    """The pattern in the few words after the quantity (or before it, when asked)."""
    after = question[q.end : q.end + 30]
    ahead = question[max(0, q.start - before) : q.start] if before else ""
    return bool(pattern.search(after) or (ahead and pattern.search(ahead)))


def _when(question: str, q: Quantity, low: int, high: int) -> str | None:
    """'earlier' or 'later': the time label nearest the quantity, within its own stretch."""
    window = question[max(low, q.start - 25) : min(high, q.end + 25)]
    offset = max(low, q.start - 25)
    marks = [(abs(m.start() + offset - q.start), "earlier") for m in EARLIER.finditer(window)]
    marks += [(abs(m.start() + offset - q.start), "later") for m in LATER.finditer(window)]
    return min(marks)[1] if marks else None


def _in_time_order(question: str, values: list[Quantity]) -> tuple[Quantity, Quantity]:
    """The two quantities as (earlier, later): in the order stated unless their time words
    ("last year", "this year") say otherwise."""
    old, new = values
    labels = (_when(question, old, 0, new.start), _when(question, new, old.end, len(question)))
    if labels in (("later", "earlier"), ("later", None), (None, "earlier")):
        return new, old
    return old, new


def _change(question: str, values: list[Quantity]) -> Computation | None:
    if not (PERCENT_WORD.search(question) and CHANGE_WORD.search(question)) or len(values) != 2:
        return None
    old, new = _in_time_order(question, values)
    if old.value == 0:
        return None
    direction = "a rise" if new.value > old.value else "a fall" if new.value < old.value else "no"
    return Computation(
        f"round(abs({new.literal} - {old.literal})*100/{old.literal}, 2)",
        f"From {old.text} to {new.text} is {direction} change of {{value}}%."
        if direction == "no"
        else f"From {old.text} to {new.text} is {direction} of {{value}}%.",
    )


def _share(question: str, values: list[Quantity]) -> Computation | None:
    asked = PERCENT_WORD.search(question)
    if not asked or len(values) < 2:
        return None
    said = "{part} out of {whole} is {{value}}%."
    for part, whole in itertools.pairwise(values):
        if OUT_OF.search(question[part.end : whole.start]):
            break
    else:
        if len(values) != 2:
            return None
        part, whole = sorted(values, key=lambda q: q.value)
        said = "{part} is {{value}}% of {whole}."
    if whole.value == 0:
        return None
    if _asks_remainder(question, asked.start(), (part, whole)):
        return Computation(
            f"round(({whole.literal} - {part.literal})*100/{whole.literal}, 2)",
            f"{whole.text} less {part.text} leaves {{value}}% of {whole.text}.",
        )
    return Computation(
        f"round({part.literal}*100/{whole.literal}, 2)",
        said.format(part=part.text, whole=whole.text),
    )


def _asks_remainder(question: str, asked_at: int, values: tuple[Quantity, ...]) -> bool:
    """ "what percentage remains / is left": the share of the rest, unless a stated number
    is itself the remainder ("1,140 still pending")."""
    ask = question[max(0, asked_at - 30) :]
    if not REMAINDER.search(ask[: ask.find("?") if "?" in ask else None]):
        return False
    own_words = (re.split(r"[.?;!]", question[q.end : q.end + 30])[0] for q in values)
    return not any(REMAINDER.search(words) for words in own_words)


def _whole_of_percent(question: str, stated: list[Quantity]) -> Computation | None:
    """ "2,50,000 is 12% of the budget, what is the whole": the whole from a part and its
    percentage."""
    plain = [q for q in stated if not q.percent]
    percent = [q for q in stated if q.percent]
    if len(plain) != 1 or len(percent) != 1 or percent[0].value == 0:
        return None
    part, share = plain[0], percent[0]
    between = question[part.end : share.start]
    if part.start > share.start or not PART_IS.fullmatch(between):
        return None
    if not WHOLE_ASKED.search(question[share.end :]):
        return None
    return Computation(
        f"round({part.literal}*100/{share.literal.rstrip('%')}, 2)",
        f"If {part.text} is {share.text}, the whole is {{value}}.",
    )


def _percent_applied(question: str, stated: list[Quantity]) -> Computation | None:
    """One amount and one percentage: the amount raised or cut by it ("increase 450 by 12%",
    "15% more than 3,600", "450 ko 10% badhao"), the amount it reached back to where it
    started ("rose 12% to 504"), or the percentage of the amount, taken "on" it or said in
    Hindi or Kannada ("18% GST on 2,40,000", "3 lakh ka 8 percent"). "P% of X" as written is
    left to the calculator's expression reader."""
    plain = [q for q in stated if not q.percent]
    percent = [q for q in stated if q.percent]
    if len(plain) != 1 or len(percent) != 1:
        return None
    amount, share = plain[0], percent[0]
    p = share.literal
    up, down = RAISED.search(question), LOWERED.search(question)
    moved = up or down
    if bool(up) == bool(down) or (moved and PART_ASKED.search(question[: moved.start()])):
        if PERCENT_OF_WRITTEN.match(question, share.end):
            return None
        return Computation(
            f"round({amount.literal}*{p}/100, 2)", f"{share.text} of {amount.text} is {{value}}."
        )
    sign, change, word = ("+", "rise", "plus") if up else ("-", "fall", "less")
    if amount.start > share.end and REACHED.fullmatch(question[share.end : amount.start]):
        return Computation(
            f"round({amount.literal}*100/(100 {sign} {p}), 2)",
            f"Before a {change} of {share.text} to {amount.text}, it was {{value}}.",
        )
    return Computation(
        f"round({amount.literal}*(100 {sign} {p})/100, 2)",
        f"{amount.text} {word} {share.text} is {{value}}.",
    )


def _rate(question: str, values: list[Quantity]) -> Computation | None:
    base = rate_base(question)
    if not (RATE_WORD.search(question) or base) or len(values) != 2:
        return None
    if not POPULATION.search(question) and base is None:
        return None
    people = [q for q in values if _near(question, q, POPULATION, before=20)]
    population = people[0] if len(people) == 1 else max(values, key=lambda q: q.value)
    count = next(q for q in values if q is not population)
    per, words = base if base else (100_000, "per 100,000")
    if population.value == 0 or per == 1:
        return None
    return Computation(
        f"round({count.literal}*{per}/{population.literal}, 2)",
        f"{count.text} in a population of {population.text} is {{value}} {words.lower()} people.",
    )


def _ratio(question: str, values: list[Quantity]) -> Computation | None:
    if not RATIO_WORD.search(question) or len(values) != 2:
        return None
    first, second = _ratio_order(question, values)
    if second.value == 0:
        return None
    return Computation(
        f"round({first.literal}/{second.literal}, 2)",
        f"The ratio of {first.text} to {second.text} is {{value}} : 1.",
    )


def _ratio_order(question: str, values: list[Quantity]) -> tuple[Quantity, Quantity]:
    """The two quantities in the order the question names them ("detected to total"), else
    in the order stated."""
    for m in NAMED_PAIR.finditer(question):
        a = [q for q in values if _stem(m["a"]) in _labels(question, q)]
        b = [q for q in values if _stem(m["b"]) in _labels(question, q)]
        if len(a) == 1 and not b and WHOLE.fullmatch(m["b"]):
            b = [q for q in values if q is not a[0]]
        if len(b) == 1 and not a and WHOLE.fullmatch(m["a"]):
            a = [q for q in values if q is not b[0]]
        if len(a) == 1 and len(b) == 1 and a[0] is not b[0]:
            return a[0], b[0]
    return values[0], values[1]


def _stem(word: str) -> str:
    word = word.lower().strip(".-'")
    return word[:-1] if word.endswith("s") and len(word) > 2 else word


def _labels(question: str, q: Quantity) -> set[str]:
    """The stems of the (up to two) words naming a quantity: those right after it, up to a
    dash or punctuation ("96 arrests", "23 cyber cases", "Rs 41,40,000"), or, when none
    follow, those right before it ("IO strength 24, pending FIRs 372")."""
    after = re.split(r"\s[-–—]\s|[,;:?!()]", question[q.end : q.end + 40], maxsplit=1)[0]
    words = _LABEL.findall(after)[:2]
    if not words:
        before = re.split(r"\s[-–—]\s|[,;:?!()]", question[max(0, q.start - 40) : q.start])[-1]
        words = _LABEL.findall(before)[-2:]
    return {_stem(w) for w in words}


def _per_noun(question: str, values: list[Quantity]) -> Computation | None:
    """ "A per B", "A for every B", "how many A did each B ..." over two stated, named
    quantities: the one named like B divides the other ("96 arrests against 40 FIRs - arrests
    per FIR" -> 96/40); when B is not named at a quantity, the one named like A (people: the
    one said to be a population) is divided by the other ("72 PCs for 3 lakh people, people
    per constable")."""
    if len(values) != 2 or rate_base(question) is not None:
        return None
    for m in itertools.chain(PER_NOUN.finditer(question), EACH_NOUN.finditer(question)):
        top, bottom = _named(question, values, m["top"]), _named(question, values, m["bottom"])
        if len(bottom) != 1 and len(top) == 1 and _asks_per_unit(question, m):
            bottom = [q for q in values if q is not top[0]]
        if len(bottom) != 1 or bottom[0].value == 0:
            continue
        numerator = next(q for q in values if q is not bottom[0])
        return Computation(
            f"round({numerator.literal}/{bottom[0].literal}, 2)",
            f"{numerator.text} over {bottom[0].text} is {{value}} "
            f"{_counted(question, numerator, m['top'])} per "
            f"{_named_in_full(question, m, bottom[0])}.",
        )
    return None


PER_ONE = re.compile(
    r"\b(?:ondu|obba|obbobba|ek|har|prati)\s+(?P<bottom>[a-z][\w-]*)", re.IGNORECASE
)
"""'per one B' as Kanglish and Hinglish say it: "ondu sibbandige", "obba IO ge", "har IO ko",
"ek thane mein"; the Kannada dative ending (-ge, -ige, -kke) is not part of the noun."""
PER_ONE_ASKED = re.compile(
    r"\b(?:sarasari|saraasari|ausat\w*|average|eshtu|estu|yeshtu|kitn[aie]|how many|how much)\b",
    re.IGNORECASE,
)
"""An average or a count asked ("sarasari eshtu", "ausatan kitne")."""
DATIVE = ("ige", "ge", "kke", "ke", "ku", "ko")
"""Dative endings written onto the noun ("sibbandi-ge", "thane-ke")."""


def _per_one(question: str, values: list[Quantity]) -> Computation | None:
    """ "390 FIR ide, 26 sibbandi - ondu sibbandige sarasari eshtu FIR", "400 case, 20 IO, har
    IO ko kitne case": two stated quantities and "per one B" where B names one of them; the
    other is divided by it."""
    if len(values) != 2 or rate_base(question) is not None or not PER_ONE_ASKED.search(question):
        return None
    for m in PER_ONE.finditer(question):
        said = m["bottom"].lower()
        bare = [said[: -len(end)] for end in DATIVE if said.endswith(end)]
        stems = {_stem(word) for word in (said, *bare) if word}
        bottom = [q for q in values if stems & _labels(question, q)]
        if len(bottom) != 1 or bottom[0].value == 0:
            continue
        top = next(q for q in values if q is not bottom[0])
        counted = " ".join(_LABEL.findall(_clause_after(question, top))[:1])
        unit = " ".join(_LABEL.findall(_clause_after(question, bottom[0]))[:1]) or said
        return Computation(
            f"round({top.literal}/{bottom[0].literal}, 2)",
            f"{top.text} over {bottom[0].text} is {{value}} {counted} per {unit}.".replace(
                "  ", " "
            ),
        )
    return None


def _per_counted(question: str, values: list[Quantity]) -> Computation | None:
    """ "350 km in 7 hours, per hour how much", "120 cases in 30 days, per day": two stated
    quantities and "per/each/every B" where B is the word right after one of them; the other
    is divided by it."""
    if len(values) != 2 or rate_base(question) is not None:
        return None
    for m in PER_ASKED.finditer(question):
        unit = ADVERB_UNIT[m["adverb"].lower()] if m["adverb"] else m["unit"]
        bottom = [q for q in values if _first_label(question, q) == _stem(unit)]
        if len(bottom) != 1 or bottom[0].value == 0:
            continue
        top = next(q for q in values if q is not bottom[0])
        counted = " ".join([*_LABEL.findall(_clause_after(question, top))[:1], "per"])
        return Computation(
            f"round({top.literal}/{bottom[0].literal}, 2)",
            f"{top.text} over {bottom[0].text} is {{value}} {counted} {unit}.",
        )
    return None


def _first_label(question: str, q: Quantity) -> str | None:
    """The stem of the word right after a quantity ("7 hours" -> "hour")."""
    words = _LABEL.findall(_clause_after(question, q))
    return _stem(words[0]) if words else None


def _counted(question: str, numerator: Quantity, top: str) -> str:
    """What the result counts: the word before "per" when it names the numerator or people,
    else the word the numerator is said with ("120 cases ... how many per day" -> cases)."""
    if _stem(top) in _labels(question, numerator) or POPULATION.fullmatch(top):
        return top
    said = _LABEL.findall(_clause_after(question, numerator))
    return said[0] if said else top


def _clause_after(question: str, q: Quantity) -> str:
    """The words after a quantity, up to the next punctuation."""
    return re.split(r"[,;:?!()]", question[q.end :], maxsplit=1)[0]


def _named_in_full(question: str, m: re.Match[str], bottom: Quantity) -> str:
    """The divisor as the question names it: "home guard" for "per home guard", when the next
    word also names the quantity ("25 home guards")."""
    following = _LABEL.findall(question[m.end("bottom") : m.end("bottom") + 30])[:1]
    labels = _labels(question, bottom)
    if following and _stem(following[0]) in labels and _stem(m["bottom"]) in labels:
        return f"{m['bottom']} {following[0]}"
    return m["bottom"]


def _asks_per_unit(question: str, m: re.Match[str]) -> bool:
    """ "how many A per B" asked (or people per B), B a thing counted (not a span of time:
    "cases per month" is a pace, not a share out)."""
    asked = re.search(rf"\bhow (?:many|much)\s+{re.escape(m['top'])}\b", question, re.I)
    people = POPULATION.fullmatch(m["top"]) is not None
    return (asked is not None or people) and not TIME_UNIT.fullmatch(m["bottom"])


def _named(question: str, values: list[Quantity], noun: str) -> list[Quantity]:
    """The quantities a noun names: by the words after them, or, for people, the one said to
    be a population."""
    named = [q for q in values if _stem(noun) in _labels(question, q)]
    if not named and POPULATION.fullmatch(noun):
        named = [q for q in values if _near(question, q, POPULATION, before=20)]
    return named


def _sum(question: str, values: list[Quantity]) -> Computation | None:
    if not SUM_WORD.search(question) or len(values) < 2:
        return None
    listed = ", ".join(q.text for q in values)
    return Computation(" + ".join(q.literal for q in values), f"{listed} add up to {{value}}.")


def _difference(question: str, values: list[Quantity]) -> Computation | None:
    if len(values) != 2:
        return None
    high, low = sorted(values, key=lambda q: q.value, reverse=True)
    if DIFFERENCE_WORD.search(question):
        said = f"The difference between {high.text} and {low.text} is {{value}}."
    elif STILL_ASKED.search(question) and not PERCENT_WORD.search(question):
        said = f"{high.text} less {low.text} leaves {{value}}."
    elif CHANGE_WORD.search(question) and not PERCENT_WORD.search(question):
        old, new = _in_time_order(question, values)
        direction = "rise" if new.value > old.value else "fall"
        said = f"From {old.text} to {new.text} is a {direction} of {{value}}."
    else:
        return None
    return Computation(f"{high.literal} - {low.literal}", said)


def _minutes(m: re.Match[str]) -> int:
    hour, half = int(m["h"]) % (12 if m["half"] else 24), (m["half"] or "").lower()
    return (hour + (12 if half == "pm" else 0)) * 60 + int(m["m"])


def _clock_span(question: str) -> Computation | None:
    """ "from 08:10 to 14:55, how many minutes": the time between two stated clock times
    (past midnight when the second is earlier), in minutes or, when asked, hours."""
    times = [m for m in CLOCK.finditer(question) if int(m["h"]) < 24 and int(m["m"]) < 60]
    asked = SPAN_ASKED.search(question)
    if len(times) != 2 or asked is None:
        return None
    start, end = (_minutes(m) for m in times)
    overnight = " + 1440" if end < start else ""
    span = f"({end // 60}*60 + {end % 60}) - ({start // 60}*60 + {start % 60}){overnight}"
    first, second = (m.group(0).strip() for m in times)
    if (asked["unit"] or "").lower().startswith("h"):
        return Computation(
            f"round(({span})/60, 2)", f"From {first} to {second} is {{value}} hours."
        )
    return Computation(span, f"From {first} to {second} is {{value}} minutes.")


def _average(question: str, values: list[Quantity]) -> Computation | None:
    """The mean of the stated numbers; not a count and the span it was counted over ("450
    challans in 15 days - daily average" is a pace)."""
    if not AVERAGE_WORD.search(question) or len(values) < 2:
        return None
    spans = [q for q in values if TIME_UNIT.fullmatch(_first_label(question, q) or "")]
    if len(values) == 2 and len(spans) == 1:
        return None
    listed = ", ".join(q.text for q in values)
    return Computation(
        f"round(({' + '.join(q.literal for q in values)})/{len(values)}, 2)",
        f"The average of {listed} is {{value}}.",
    )


def _per_unit(question: str, values: list[Quantity]) -> Computation | None:
    if HOW_LONG.search(question) is None or len(values) != 2:
        return None
    paced = [(q, m) for q in values if (m := PACE.match(question, q.end))]
    if len(paced) != 1 or paced[0][0].value == 0:
        return None
    pace, unit = paced[0][0], paced[0][1]["unit"].lower()
    total = next(q for q in values if q is not pace)
    return Computation(
        f"round({total.literal}/{pace.literal}, 2)",
        f"{total.text} at {pace.text} a {unit} takes {{value}} {unit}s.",
    )


SHARED_OUT = re.compile(
    r"\b(?:divid\w*|split\w*|distribut\w*|shared?|bant\w*|hanchi\w*)\s+(?:it\s+|them\s+)?"
    r"(?:equally\s+|evenly\s+)?(?:among|amongst|between|across|over|to|in|mein|me)\s*$",
    re.IGNORECASE,
)
"""Words before the second number that share the first out ("divided among", "split equally
between", "baant do ... mein")."""
SHARE_VERB = re.compile(r"\b(?:divide|split|distribute|share)\s+(?:rs\.?\s*|₹\s*)?$", re.I)
AMONG = re.compile(
    r"^\s*(?:[\w-]+\s+){0,4}?(?:equally\s+|evenly\s+)?(?:among|amongst|between|across|by|into)\s*$",
    re.I,
)
"""'divide 2,40,000 among 16 victims': the verb before the first number, 'among' after it."""


def _shared_out(question: str, values: list[Quantity]) -> Computation | None:
    """ "2,40,000 split equally between 16 victims": the first number over the second."""
    if len(values) != 2 or values[1].value == 0:
        return None
    between = question[values[0].end : values[1].start]
    verb_first = SHARE_VERB.search(question[: values[0].start]) and AMONG.match(between)
    if SHARED_OUT.search(between) is None and not verb_first:
        return None
    total, parts = values
    said = " ".join(_LABEL.findall(_clause_after(question, parts))[:1])
    return Computation(
        f"round({total.literal}/{parts.literal}, 2)",
        f"{total.text} shared among {parts.text} {said} is {{value}} each.".replace("  ", " "),
    )


READINGS: tuple[Callable[[str, list[Quantity]], Computation | None], ...] = (
    _shared_out,
    _change,
    _rate,
    _per_noun,
    _per_one,
    _average,
    _ratio,
    _difference,
    _per_unit,
    _per_counted,
    _share,
    _sum,
)


@per_request
def computation(question: str) -> Computation | None:
    """The arithmetic a question asks for in words over the numbers it states, if any
    (texting spellings written out first: "diff between 4,560 and 3,980")."""
    question = normalise_texting(question)
    span = _clock_span(question)
    if span is not None:
        return span
    stated = quantities(question)
    if any(q.percent for q in stated):
        return _whole_of_percent(question, stated) or _percent_applied(question, stated)
    values = _plain(stated)
    for reading in READINGS:
        found = reading(question, values)
        if found is not None:
            return found
    return None


def needs_outside_figure(question: str) -> bool:
    """A comparison with a figure the records do not hold (NCRB, a national average)."""
    return OUTSIDE_FIGURE.search(question) is not None
