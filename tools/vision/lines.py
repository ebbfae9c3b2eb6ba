"""OCR text lines and their reading order, shared by the local and the Zia engines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class OcrLine:
    """One recognised line: text, recogniser score (0-1), and its box when known."""

    text: str
    score: float
    box: tuple[float, float, float, float] | None = None  # x0, y0, x1, y1

    @property
    def centre_y(self) -> float:
        """Vertical centre of the box (0 when unknown)."""
        return 0.0 if self.box is None else (self.box[1] + self.box[3]) / 2


def lines_from_text(text: str, score: float) -> list[OcrLine]:
    """Lines of a plain OCR result (e.g. Zia's `text`), all given the same score."""
    return [OcrLine(line.strip(), score) for line in text.splitlines() if line.strip()]


def same_row_groups(lines: Sequence[OcrLine]) -> list[list[OcrLine]]:
    """Boxed lines grouped into rows (top to bottom), each row ordered left to right."""
    boxed = sorted((line for line in lines if line.box), key=lambda line: line.centre_y)
    rows: list[list[OcrLine]] = []
    for line in boxed:
        assert line.box is not None
        height = line.box[3] - line.box[1]
        if rows and abs(rows[-1][-1].centre_y - line.centre_y) < 0.5 * height:
            rows[-1].append(line)
        else:
            rows.append([line])
    return [sorted(row, key=lambda line: line.box[0] if line.box else 0.0) for row in rows]


def join_row(row: Sequence[OcrLine]) -> OcrLine:
    """A row of fragments as one line; its score is the weakest fragment's."""
    text = " ".join(line.text for line in row)
    return OcrLine(text, min(line.score for line in row))
