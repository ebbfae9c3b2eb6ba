"""Phrases that name the caller's own area ("in my station", "mere area mein", "statewide"),
and places outside Karnataka (no officer's jurisdiction: refused, not asked about).

Own-area phrases add no filter: the query is scoped to the caller's precincts anyway, so the
phrase is read as "in your precincts" and removed before the place recogniser could take
"my" for an unknown station.
"""

from __future__ import annotations

import re

_OWN = re.compile(
    r"(?:\b(?:in|under|of|across|within|for|from|at)\s+)?"
    r"\b(?:my|our|mere|mera|meri|hamare|hamara|hamari|apne|nanna|namma)\s+(?:own\s+)?"
    r"(?:(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+)?"
    r"(?:police\s+stations?|stations?|ps|jurisdictions?|areas?|precincts?|thanas?|thane|limits?|"
    r"ilaqe|ilaka|ilake|vyapti|(?:sub[- ]?)?divisions?|circles?|zones?|ranges?|"
    r"charge)(?:['’]s)?\b"
    r"(?:\s+(?:mein|me|mai|nalli|alli|li))?",
    re.IGNORECASE,
)
_ALL_N = re.compile(
    r"(?:\b(?:in|across|for|from|at)\s+)?\b(?:all\s+(?:the\s+)?(?P<n>\d{1,2}|two|three|four|five|six|"
    r"seven|eight|nine|ten)|(?P<four>chaaron|charon|chaaro|charo|naalku|nalku))\s+"
    r"(?:police\s+stations|stations|ps|thanas|thanon|thano|thanegalu|precincts)\b"
    r"(?:\s+(?:mein|me|mai|nalli|alli|pe))?",
    re.IGNORECASE,
)
"""All the caller's stations counted ("all 4 stations", "chaaron thanon me"): theirs only when
they have that many precincts."""
_THE_OWN = re.compile(
    r"(?:\b(?:in|under|of|across|within|for|from|at)\s+)?\bthe\s+(?:whole\s+|entire\s+)?"
    r"(?:(?:sub[- ]?)?division|jurisdiction|limits)\b",
    re.IGNORECASE,
)
"""'the division', 'the jurisdiction': a unit only the caller's own area can be (a station or a
district named with 'the' is a place to read, not this)."""
_OWN_UNIT_RECORDS = re.compile(
    r"\b(?:the\s+)?(?:(?:sub[- ]?)?division|jurisdiction)(?:['’]s|\s+(?:ke|ka|ki|da|na))?"
    r"(?=\s+(?:firs?|cases?|crimes?|complaints?|records?)\b)"
    r"|\b(?:(?:sub[- ]?)?division|jurisdiction)\s+(?:me|mein|mai|alli|nalli)\b",
    re.IGNORECASE,
)
"""'division FIRs', 'this year's jurisdiction cases', 'division ke FIRs', 'division mein' (Hinglish
and Kanglish use no article): the unit named before what is counted is the caller's own area too."""
_WHOLE = re.compile(
    r"(?:\b(?:in|across|for|from)\s+)?\b(?:state[\s-]?wide|(?:all\s+)?(?:across|over)\s+the\s+"
    r"(?:whole\s+|entire\s+)?state|(?:in\s+)?the\s+(?:whole|entire)\s+state|(?:in|within)\s+the\s+state|"
    r"(?:(?:all\s+)?(?:over|across|throughout)|(?:the\s+)?(?:whole|entire)(?:\s+of)?|all\s+of|"
    r"poore|poora|pure|pura|saare|sare|sampoorna|samast|ella|idee)\s+(?:karnataka|rajya|rajyadalli|"
    r"state)|rajyadalli|rajyadyanta|rajyadadyanta|"
    r"(?:karnataka|rajya)[\s-]?(?:wide|bhar)(?:\s+(?:mein|me|alli|nalli))?)\b"
    r"(?:\s+(?:mein|me|mai|alli|nalli|li)\b)?",
    re.IGNORECASE,
)
"""The whole state: for the caller that is every precinct they may see, so also no filter."""


_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_COUNTS |= {"nine": 9, "ten": 10}


def own_scope(question: str, own: int | None = None) -> tuple[str, bool]:
    """The question without phrases naming the caller's own area, and whether one was there.

    A phrase that counts the caller's stations ("my 4 stations") is theirs only when `own` (how
    many precincts the caller has) is that number, or unknown; otherwise it stays in the
    question, where its number is one no reading takes (asked about, never dropped)."""

    def strip(m: re.Match[str]) -> str:
        n = m["n"]
        if n is None or own is None:
            return " "
        return " " if (int(n) if n.isdigit() else _COUNTS[n.lower()]) == own else m[0]

    def strip_all(m: re.Match[str]) -> str:
        n = 4 if m["four"] else (int(m["n"]) if m["n"].isdigit() else _COUNTS[m["n"].lower()])
        return " " if own is None or n == own else m[0]

    stripped = _OWN_UNIT_RECORDS.sub(
        " ", _THE_OWN.sub(" ", _ALL_N.sub(strip_all, _OWN.sub(strip, question)))
    )
    found = int(stripped != question)
    stripped, whole = _WHOLE.subn(" ", stripped)
    found += whole
    return (" ".join(stripped.split()), True) if found else (question, False)


_OUTSIDE = re.compile(
    r"\b(?:andhra pradesh|telangana|tamil ?nadu|kerala|maharashtra|goa|gujarat|rajasthan|"
    r"uttar pradesh|bihar|west bengal|odisha|orissa|assam|punjab|haryana|madhya pradesh|"
    r"jharkhand|chhattisgarh|uttarakhand|himachal pradesh|hyderabad|secunderabad|chennai|madras|"
    r"mumbai|bombay|delhi|new delhi|kolkata|calcutta|pune|panaji|kochi|cochin|trivandrum|"
    r"thiruvananthapuram|kozhikode|calicut|coimbatore|madurai|hosur|tirupati|vijayawada|"
    r"visakhapatnam|vizag|ahmedabad|surat|jaipur|lucknow|kanpur|patna|bhopal|indore|nagpur|"
    r"kolhapur|solapur|nashik|bhubaneswar|guwahati|chandigarh|amritsar|srinagar|noida|"
    r"gurgaon|gurugram|ranchi|raipur|dehradun|shimla)\b",
    re.IGNORECASE,
)
"""States and major cities outside Karnataka: every precinct of this force is in Karnataka."""


def outside_state(question: str) -> str | None:
    """The place outside Karnataka a question names, if any."""
    m = _OUTSIDE.search(question)
    return m.group(0) if m else None
