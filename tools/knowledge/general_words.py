"""Everyday words that say little about which procedure is asked about.

"I'm first to *reach* a crime scene", "reported missing by his *wife*", "how is it *different*
from a *normal* one": such words rarely appear in the knowledge base, and the relevance score
weighs a word the knowledge base never uses as heavily as its rarest term (so that a question
about something it does not hold scores low). An everyday word therefore counts only when a
passage has it: it may raise a passage's relevance, never lower it.
"""

from __future__ import annotations

from tools.knowledge.sparse import analyse

GENERAL_WORDS = frozenset(
    analyse(
        # everyday verbs
        "reach reached arrive arrived come came coming go going went get got take took bring "
        "brought make made need needs needed want wants know knows tell told say said ask asks "
        "asked asking keep keeps kept put pick picked call called walk walked happen try tried "
        "let help start started finish see look find think work turn leave stay sit stand wait "
        "hold show suppose supposed sort handle deal manage request requests "
        # everyday adjectives and adverbs
        "different difference normal usual usually simple simply proper properly correct "
        "correctly right wrong late early quick quickly fast slow big small good bad best better "
        "sure exact exactly actual actually real really general basic main full whole certain "
        "possible ordinary regular typical plain "
        # everyday people, places and things
        "man men guy someone somebody anyone everyone everybody people person wife husband son "
        "daughter brother sister mother father family friend neighbour neighbor thing things "
        "stuff way time times day days morning evening today yesterday tomorrow word words "
        "desk office place kind type sort part bit lot matter question answer problem issue "
        "im ive youre were dont doesnt cant"
    )
)


def is_general(term: str) -> bool:
    """True for an analysed term that is an everyday word."""
    return term in GENERAL_WORDS
