"""The guardrail: one choke point that re-checks and redacts every final text of a request.

Interface (what the aggregator calls)::

    guard = Guardrail.load().for_request(officer, deny_values, allow_values)
    text, count = guard.redact(text)      # answer, every citation field, every record cell
    notes = guard.audit_notes()           # counts per recogniser and reason, never values

`deny_values` are the values the clearance tier withheld in this request (names, phones,
addresses, places of occurrence). `allow_values` is what the officer may see: their own
stations' names, the crime heads and groups, public place names (districts, localities),
and every text cell of the rows they were shown. The allow-list narrows only the deny-list:
a withheld value found inside an allowed one is dropped, and no word of an allowed value is
matched on its own, so 'KR Puram' or 'online' (from 'ONLINE FRAUD') are never masked; a
withheld number equal to an allowed one is dropped too. The identifier recognisers
(Aadhaar, phones, PAN, ...) ignore the allow-list: they follow the officer's clearance,
since a visible free-text cell may still carry a phone number the officer may not see.
Build one guard per request: its deny-list automata are built once per distinct deny-list
(and allow-list) and reused for every text of the request, and by later requests that
withhold the same values from the same view.

Numbers are read however written (`numbers`), base64 and hex tokens are decoded and
checked like any text (`encoded`), withheld names and addresses match part by part
(`denylist`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from schemas.officer import Officer
from validators.guardrail import recognisers as r
from validators.guardrail.denylist import DenyList
from validators.guardrail.encoded import encoded_spans
from validators.guardrail.recognisers import Finding, Recogniser, Scan

NEVER = 99
MAX_DECODING_DEPTH = 2
# recogniser, the minimum clearance that may see the value unredacted (NEVER = always masked);
# on equal spans the earlier rule wins (an explicit "account no." beats a chance Verhoeff match)
RULES: tuple[tuple[Recogniser, int], ...] = (
    (r.aadhaar_numbers, NEVER),
    (r.bank_accounts, 4),
    (r.virtual_ids, NEVER),
    (r.pan_numbers, 4),
    (r.voter_ids, 4),
    (r.passports, 4),
    (r.driving_licences, 4),
    (r.card_numbers, 4),
    (r.ifsc_codes, 4),
    (r.emails, 3),
    (r.upi_ids, 3),
    (r.phones, 3),
)
ZERO_WIDTH = re.compile(r"[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u00ad\u034f\u180e]")
# Cyrillic and Greek letters that look like Latin ones
HOMOGLYPHS = (
    "АВЕКМНОРСТХЅІЈаеорсухѕіјԁһԛԝɡӏΑΒΕΖΗΙΚΜΝΟΡΤΥΧαοντυχ",
    "ABEKMHOPCTXSIJaeopcyxsijdhqwglABEZHIKMNOPTYXaovtux",
)


@cache
def folding_table() -> dict[int, str]:
    """Homoglyphs to ASCII letters, and every Unicode decimal digit (Devanagari, ...) to 0-9.

    Built with the first non-ASCII text, not at import: `\\d` matches exactly the Unicode
    decimal digits (category Nd), found in one pass over the code points."""
    table = {ord(a): b for a, b in zip(*HOMOGLYPHS, strict=True)}
    code_points = "".join(map(chr, range(0x80, 0x1FBFA)))
    table.update({ord(d): str(unicodedata.decimal(d)) for d in re.findall(r"\d", code_points)})
    return table


def canonical_text(text: str) -> str:
    """NFKC, zero-width and direction marks removed, homoglyphs and foreign digits folded."""
    if text.isascii():
        return text
    return ZERO_WIDTH.sub("", unicodedata.normalize("NFKC", text)).translate(folding_table())


def non_overlapping(findings: Iterable[Finding]) -> list[Finding]:
    """Earliest, longest spans first; overlapping later ones dropped."""
    chosen: list[Finding] = []
    for finding in sorted(findings, key=lambda f: (f.start, -(f.end - f.start))):
        if not chosen or finding.start >= chosen[-1].end:
            chosen.append(finding)
    return chosen


def _mask(inner: list[Finding]) -> str:
    """The replacement for an encoded token: its one finding's, or a generic one."""
    kinds = {f.kind for f in inner}
    return inner[0].replacement if len(kinds) == 1 and len(inner) == 1 else "[withheld]"


Reasons = tuple[tuple[str, str], ...]
KEPT_TEXTS = 1 << 14
KEPT_TEXT_CHARS = 200  # record cells, titles; answers and snippets are rarely repeated
KEPT_DENY_LISTS = 32


def _findings(text: str, clearance: int, deny: DenyList, depth: int) -> list[Finding]:
    scan = Scan(text)
    # withheld values first: on an equal span the more specific reason wins
    found = list(deny.findings(text, scan.runs if deny.numbers else ()))
    for recognise, min_clearance in RULES:
        if clearance < min_clearance:
            found.extend(recognise(scan))
    if depth:
        for encoded in encoded_spans(text):
            inner = _findings(canonical_text(encoded.decoded), clearance, deny, depth - 1)
            if inner:
                found.append(Finding(encoded.start, encoded.end, inner[0].kind, _mask(inner)))
    return found


def redaction(text: str, clearance: int, deny: DenyList) -> tuple[str, Reasons]:
    """The redacted text and the (kind, reason) of each span replaced."""
    text = canonical_text(text)
    spans = non_overlapping(_findings(text, clearance, deny, MAX_DECODING_DEPTH))
    reasons: list[tuple[str, str]] = []
    for finding in reversed(spans):
        text = text[: finding.start] + finding.replacement + text[finding.end :]
        reason = (
            "withheld_by_clearance_filter"
            if finding.kind == "withheld_value"
            else ("always_masked" if finding.kind.startswith("aadhaar") else "below_clearance")
        )
        reasons.append((finding.kind, reason))
    return text, tuple(reasons)


NOTHING_WITHHELD = DenyList(())


@lru_cache(maxsize=KEPT_TEXTS)
def identifier_redaction(text: str, clearance: int) -> tuple[str, Reasons]:
    """`redaction` with an empty deny-list: a pure function of the text and the clearance, so
    kept per process for short texts (record tables repeat dates, crime heads, stations and
    statuses across requests); at most KEPT_TEXTS of at most KEPT_TEXT_CHARS characters."""
    return redaction(text, clearance, NOTHING_WITHHELD)


@dataclass
class RequestGuard:
    """The guardrail bound to one officer and one request's deny-list; counts what it redacts."""

    officer: Officer
    deny: DenyList
    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    # text -> (redacted, the (kind, reason) of each span): record tables repeat cells
    _seen: dict[str, tuple[str, Reasons]] = field(default_factory=dict, repr=False)

    def findings(self, text: str) -> list[Finding]:
        """The non-overlapping spans `redact` replaces in an already canonical text."""
        return non_overlapping(
            _findings(text, self.officer.clearance, self.deny, MAX_DECODING_DEPTH)
        )

    def redact(self, text: str) -> tuple[str, int]:
        """The text with every identifier and withheld value this officer may not see replaced."""
        if not text:
            return text, 0
        seen = self._seen.get(text)
        if seen is None:
            seen = self._seen[text] = self._redact(text)
        redacted, reasons = seen
        if reasons:
            self.counts.update(reasons)
        return redacted, len(reasons)

    def _redact(self, text: str) -> tuple[str, Reasons]:
        if len(text) <= KEPT_TEXT_CHARS and not self.deny.withholds:
            return identifier_redaction(text, self.officer.clearance)
        return redaction(text, self.officer.clearance, self.deny)

    def audit_notes(self) -> list[dict[str, Any]]:
        """What was redacted, at which tier and why: counts only, never the values."""
        return [
            {
                "kind": "redaction",
                "tier": "post_generation",
                "recogniser": kind,
                "reason": reason,
                "count": count,
            }
            for (kind, reason), count in sorted(self.counts.items())
        ]


@lru_cache(maxsize=KEPT_DENY_LISTS)
def deny_list(values: tuple[str, ...], allow: tuple[str, ...]) -> DenyList:
    """The DenyList of these withheld and visible values, built once while it is kept: a
    DenyList never changes after it is built, so requests may share it."""
    return DenyList(values, allow)


class Guardrail:
    """Builds a RequestGuard per request; holds nothing officer-specific itself."""

    @classmethod
    def load(cls) -> Guardrail:
        return cls()

    def for_request(
        self, officer: Officer, deny_values: Iterable[str], allow_values: Iterable[str] = ()
    ) -> RequestGuard:
        """A guard for this officer: what the clearance filter withheld, what they may see."""
        values = tuple(deny_values)
        # the allow-list only narrows withheld values: with none, it changes nothing
        allow = tuple(allow_values) if values else ()
        return RequestGuard(officer=officer, deny=deny_list(values, allow))
