"""From OCR lines to extractions, and the escalation decision; shared by every engine."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import pairwise

from tools.vision.findings import Extraction
from tools.vision.identity import find_identity_numbers, holder_fields
from tools.vision.intent import open_ended_reason
from tools.vision.lines import OcrLine, join_row, same_row_groups
from tools.vision.plates import lookup_question, read_plate
from tools.vision.redact import mask_aadhaar_like

DEFAULT_THRESHOLD = 0.6
MAX_TEXT_CHARS = 2000
_READ_REQUEST = re.compile(
    r"\b(?:plate|registration|number|text|read|card|aadhaar|pan|licen[cs]e|voter|epic)\b",
    re.IGNORECASE,
)


def asks_for_text(hint_text: str) -> bool:
    """True when the officer asks for something printed (so a QR alone is not the answer)."""
    return bool(_READ_REQUEST.search(hint_text))


def best_plate(lines: Iterable[OcrLine]) -> Extraction | None:
    """The most confident valid plate among the candidate lines."""
    best: Extraction | None = None
    for line in lines:
        reading = read_plate(line.text)
        if reading is None:
            continue
        confidence = round(min(1.0, max(0.0, line.score * reading.confidence_factor)), 4)
        if best is not None and best.confidence >= confidence:
            continue
        fields = {
            "series": "BH" if reading.bh_series else "state",
            "ocr_repairs": str(reading.repairs),
            "lookup_question": lookup_question(reading.value),
        }
        if reading.state:
            fields["state"] = reading.state
        checks = {"format": True, "state_code": True} if reading.state else {"format": True}
        best = Extraction(
            kind="plate", value=reading.value, fields=fields, checks=checks, confidence=confidence
        )
    return best


def plate_candidate_lines(lines: Sequence[OcrLine]) -> list[OcrLine]:
    """Each line, each row of fragments joined, and each pair of rows (two-line plates)."""
    rows = [join_row(row) for row in same_row_groups(lines)]
    pairs = [join_row([upper, lower]) for upper, lower in pairwise(rows)]
    return [*lines, *rows, *pairs]


def extract_from_lines(lines: Sequence[OcrLine]) -> list[Extraction]:
    """Identity numbers (with labelled name/DOB), else a plate, else the masked text."""
    cards = find_identity_numbers(lines)
    if not cards:
        # A number split into fragments on one row ("8690 7439" + "1509") is read as a row.
        rows = [join_row(row) for row in same_row_groups(lines)]
        cards = find_identity_numbers(rows)
        lines = rows if cards else lines
    if cards:
        claimed = {match.line_index for match in cards}
        holder = holder_fields(lines, claimed)
        return [
            match.extraction.model_copy(update={"fields": {**match.extraction.fields, **holder}})
            for match in cards
        ]
    plate = best_plate(plate_candidate_lines(lines))
    if plate is not None:
        return [plate]
    texts = [line for line in lines if line.text]
    if not texts:
        return []
    text = mask_aadhaar_like("\n".join(line.text for line in texts))[:MAX_TEXT_CHARS]
    score = sum(line.score for line in texts) / len(texts)
    return [Extraction(kind="text", value=text, confidence=round(min(score, 1.0), 4))]


def escalation(extractions: Sequence[Extraction], hint_text: str, threshold: float) -> str | None:
    """Why the image needs the fallback engine's reasoning, or None when the findings suffice."""
    asked = open_ended_reason(hint_text)
    if asked:
        return asked
    if not extractions:
        return "nothing readable was found (no plate, identity number, code or text)"
    best = max(item.confidence for item in extractions)
    if best < threshold:
        return f"the best reading has low confidence ({best:.2f} < {threshold:.2f})"
    return None
