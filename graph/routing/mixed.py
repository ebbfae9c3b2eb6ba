"""Mixed-intent detection: a message that needs both SOP knowledge and specific records."""

from __future__ import annotations

import re
from collections.abc import Mapping

from graph.routing.features import normalise

# Matched against normalise(text): FIR references are "firno", Hinglish cues are English.
_RECORD_NOUNS = (
    r"(?:cases?|fir|accused|arrests?|persons?|people|vehicles?|complaints?|chargesheets?)"
)
RECORD_SIGNAL = re.compile(
    r"\bfirno\b|\bplateno\b|\bstatus\b|\bstage\b|\bio\b|\binvestigating officer\b"
    rf"|\bhow many\b(?:\s+\S+){{0,3}}?\s+{_RECORD_NOUNS}\b"
    rf"|\b(?:count|counts|number of|total|totals|list)\b(?:\s+\S+){{0,3}}?\s+{_RECORD_NOUNS}\b"
    rf"|\b(?:pending|open|undetected|registered|unresolved)\b(?:\s+\S+){{0,2}}?\s+{_RECORD_NOUNS}\b"
)
PROCEDURE_SIGNAL = re.compile(
    r"\bprocedure\b|\bsop\b|\bsteps?\b|\bchecklist\b|\bguidelines?\b|\brules?\b"
    r"|\bcan (?:i|we) (?:arrest|search|seize|handcuff|detain)\b|\bwhat must\b|\bmust i\b"
    r"|\bdeadlines?\b|\btime limit\b"
    r"|\bwhat (?:does|do) the (?:law|sop|act|bnss|rules?) (?:say|require)"
    r"|\bunder bnss\b|\bwhat can (?:be|we|i) (?:told|tell|said|say|published|publish)\b"
    r"|\bmedia\b|\bpress\b|\bbail(?:able)?\b|\bcognizable\b"
    r"|\bwhich (?:bns )?sections? (?:applies|apply)\b"
    r"|\bhow (?:do|should|to)\b|\bsection\b.*\b(?:replaces?|equivalent)\b"
    r"|\bwhat (?:does|is)\b.*\blaw\b"
)
SUBSTANTIAL = 0.3


def has_record_signal(text: str) -> bool:
    """An FIR or plate reference, a status/IO question, or a count/list of records."""
    return RECORD_SIGNAL.search(normalise(text)) is not None


def has_procedure_signal(text: str) -> bool:
    """A procedure, SOP, checklist, deadline or legal-permission question."""
    return PROCEDURE_SIGNAL.search(normalise(text)) is not None


def detect_mixed_intent(
    text: str, probabilities: Mapping[str, float], substantial: float = SUBSTANTIAL
) -> bool:
    """True when the text carries both signals, or rag and zcql both get substantial probability.

    This makes `hybrid` an outcome of its own, distinct from a merely uncertain classifier.
    """
    if has_record_signal(text) and has_procedure_signal(text):
        return True
    return (
        probabilities.get("rag", 0.0) >= substantial
        and probabilities.get("zcql", 0.0) >= substantial
    )
