"""Does the officer's text ask for open-ended reasoning about the image?

Reading a plate, an ID or a code is the pre-parser's job; describing a scene, judging a
match or a person is not, and goes to the fallback engine.
"""

from __future__ import annotations

import re

_OPEN_ENDED: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (reason, re.compile(pattern, re.IGNORECASE))
    for reason, pattern in (
        ("asks what is happening in the image", r"\bwhat(?:'s| is| are)? (?:going on|happening)\b"),
        ("asks for a description", r"\b(?:describe|description|what do you see|explain)\b"),
        ("asks why", r"\bwhy\b"),
        (
            "asks to compare the image with a record",
            r"\b(?:does|do|is|would)\b.*\b(?:match|consistent|compare|same as)\b|\bcompare\b",
        ),
        (
            "asks about a person in the image",
            r"\b(?:is|identify) (?:this|that|the) (?:person|man|woman|boy|girl|suspect)\b"
            r"|\bwho(?:'s| is| are)\b",
        ),
        ("asks for an assessment of damage or injuries", r"\b(?:damage|injur(?:y|ies)|wound)\b"),
        ("asks to analyse the scene", r"\b(?:analy[sz]e|assess|interpret|suspicious)\b"),
    )
)


def open_ended_reason(hint_text: str) -> str | None:
    """Why the hint needs reasoning beyond extraction, or None when extraction suffices."""
    for reason, pattern in _OPEN_ENDED:
        if pattern.search(hint_text):
            return f"the question {reason}"
    return None
