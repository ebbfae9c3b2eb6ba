"""How many accused, victims or arrests an FIR has: "more than 3 accused", "2 or more victims",
"at least one arrest", read as a bound on the FIR's count column (`accused_count > 3`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_NUMBERS |= {"eight": 8, "nine": 9, "ten": 10}
_N = r"(?:\d{1,2}|" + "|".join(_NUMBERS) + r")"
_OPS = {
    "more than": ">",
    "over": ">",
    "above": ">",
    "greater than": ">",
    "at least": ">=",
    "atleast": ">=",
    "minimum": ">=",
    "minimum of": ">=",
    "less than": "<",
    "fewer than": "<",
    "under": "<",
    "below": "<",
    "at most": "<=",
    "atmost": "<=",
    "maximum": "<=",
    "maximum of": "<=",
    "not more than": "<=",
    "exactly": "=",
    "only": "=",
}
_WORDS = {"accused": "accused_count", "victim": "victim_count", "arrest": "arrested_count"}
_WHAT = r"(?P<what>accused|victims?|arrests?|arrested(?:\s+accused)?)"
_OP = "|".join(sorted(map(re.escape, _OPS), key=len, reverse=True))
_BEFORE = re.compile(rf"\b(?P<op>{_OP})\s+(?P<n>{_N})\s+{_WHAT}(?![\w-])")
_AFTER = re.compile(
    rf"(?<![\w.])(?P<n>{_N})\s*(?:\+|or more|and more|and above|or above|plus)\s+{_WHAT}(?![\w-])"
)
_SAID = {">": "more than", ">=": "at least", "<": "fewer than", "<=": "at most", "=": "exactly"}


@dataclass(frozen=True)
class HeadCount:
    """A bound on one of an FIR's count columns, and the span of text that said it."""

    column: str
    op: str
    n: int
    span: tuple[int, int]

    def describe(self) -> str:
        """ "with more than 3 accused"."""
        what = {"accused_count": "accused", "victim_count": "victims"}.get(self.column, "arrests")
        return f" with {_SAID[self.op]} {self.n} {what}"


def _number(raw: str) -> int:
    return int(raw) if raw.isdigit() else _NUMBERS[raw]


def _column(what: str) -> str:
    key = "arrest" if what.startswith("arrest") else what.rstrip("s")
    return _WORDS[key]


def without_head_counts(text: str) -> str:
    """`text` without its bounds ("robbery with more than 2 arrests" -> "robbery with"): the
    words of a bound name a count column, not persons or arrests asked about."""
    for bound in reversed(read_head_counts(text)):
        text = text[: bound.span[0]] + " " + text[bound.span[1] :]
    return text


def read_head_counts(text: str) -> list[HeadCount]:
    """Every bound on accused, victims or arrests said in `text`."""
    found = [
        HeadCount(_column(m["what"]), _OPS[m["op"]], _number(m["n"]), m.span())
        for m in _BEFORE.finditer(text)
    ]
    found += [
        HeadCount(_column(m["what"]), ">=", _number(m["n"]), m.span())
        for m in _AFTER.finditer(text)
    ]
    return sorted(found, key=lambda h: h.span)
