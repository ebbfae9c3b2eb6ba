"""Records questions that only make sense against the conversation or the page on screen.

"aur Nazarbad mein?" after a records question, "which of these are charge sheeted" over an
FIR list, "who is the IO?" with an FIR open, "that IO's other cases" after an FIR was named:
the classifier sees a few words and may send them elsewhere (even to the procedure knowledge
base); these rules keep them on the records route. A procedure question is never pulled onto it.
"""

from __future__ import annotations

import re
from datetime import date

from graph.fallback.date_plan import asks_date_arithmetic
from graph.routing.mixed import has_procedure_signal
from graph.state import GraphState
from tools.text2zcql.followup import continues, continues_nothing, name_the_role, points_back
from tools.text2zcql.on_screen import read_on_screen
from tools.text2zcql.other_firs import referent
from tools.text2zcql.same_again import back_to_fir, prepare
from tools.text2zcql.same_io import asks_same_io
from tools.text2zcql.understand import understand

RECORDS_ROUTES = ("zcql", "hybrid")
_ON_SCREEN_LIST = re.compile(
    r"\b(?:these|of these|among these|in me se|inme se|which of them|of them|listed|shown|"
    r"on (?:my |the )?screen|isme se|is me se)\b",
    re.IGNORECASE,
)
_ABOUT_OPEN_FIR = re.compile(
    r"\b(?:io|investigating officer|accused|victims?|complainants?|witness(?:es)?|arrest\w*|"
    r"vehicles?|status|sections?|kaun|gawah|this case|this fir|is fir|ee fir|iss fir)\b",
    re.IGNORECASE,
)


def records_context_route(state: GraphState) -> str | None:
    """The reason to route to records, or None when these rules do not apply."""
    text = state.get("text", "")
    if not text or has_procedure_signal(text):
        return None
    page = state.get("page_context")
    visible = bool(page is not None and page.visible_record_ids)
    if visible and (_ON_SCREEN_LIST.search(text) or read_on_screen(text) != text):
        return "refers to the FIRs listed on screen"
    if page is not None and page.active_fir_id and _ABOUT_OPEN_FIR.search(text):
        return "asks about the FIR open on screen"
    history = state.get("history") or []
    read = understand(text, date.today())
    if read.entities.fir_serials:
        return "an FIR number without a year (the records reader finds or asks which)"
    if (
        not history
        and not visible
        and continues_nothing(read, text)
        and not asks_date_arithmetic(text)
    ):
        return "a follow-up with no earlier question: the records reader asks which one"
    if not history or history[-1].route not in RECORDS_ROUTES:
        return None
    questions = tuple(turn.question for turn in history)
    asked, again = prepare(back_to_fir(text, questions[-1:]), lambda _clause: True)
    if again:
        return "asks for the previous records question again with one thing changed"
    u = understand(asked, date.today())
    if continues(u, asked, visible) or (points_back(asked) and not visible):
        return "follows up the previous records question"
    if asks_same_io(text):
        return "asks for the cases of the IO of an FIR named earlier"
    if name_the_role(text, questions) != text:
        return "a pronoun for the person an FIR named earlier in that role"
    if referent(text, questions) is not None:
        return "the other FIRs of the person an FIR named earlier in that role"
    return None
