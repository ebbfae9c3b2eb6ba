"""The vision pre-parser: reads plates, identity numbers, barcodes and QR codes from a
validated image without a language model, and says when the image needs real reasoning.

Order of work (cheapest first): zxing-cpp codes; plate-shaped regions recognised directly;
full OCR (detection + recognition) for cards, plates in clutter and plain text.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

import cv2
import numpy as np

from schemas.errors import BackendUnavailable
from tools.vision.codes import code_extraction, read_codes
from tools.vision.findings import Extraction, VisionFindings
from tools.vision.lines import lines_from_text
from tools.vision.ocr import DEFAULT_THREADS, LocalOcr
from tools.vision.plate_locator import looks_like_tight_plate, plate_crops
from tools.vision.recognise import (
    DEFAULT_THRESHOLD,
    asks_for_text,
    best_plate,
    escalation,
    extract_from_lines,
)
from tools.vision.zia import ZiaVisionClient
from validators.attachments import ValidatedImage

DEFAULT_ZIA_OCR_SCORE = 0.8
#: A crop reading this confident ends the search over plate-shaped regions.
SURE_PLATE = 0.9


class Preparser(Protocol):
    """What the graph's vision node calls; both engines implement it."""

    async def aparse(self, image: ValidatedImage, hint_text: str = "") -> VisionFindings:
        """Findings for one image."""
        ...


def _elapsed_ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 2)


def _findings(
    extractions: list[Extraction],
    hint_text: str,
    threshold: float,
    timings: dict[str, float],
    **extra: object,
) -> VisionFindings:
    reason = escalation(extractions, hint_text, threshold)
    ordered = sorted(extractions, key=lambda item: item.confidence, reverse=True)
    return VisionFindings.model_validate(
        {
            "extractions": ordered,
            "needs_reasoning": reason is not None,
            "escalation_reason": reason,
            "timings_ms": timings,
            **extra,
        }
    )


class VisionPreparser:
    """Local engine: zxing-cpp and RapidOCR. Load once per process; safe across threads."""

    def __init__(self, ocr: LocalOcr, *, threshold: float = DEFAULT_THRESHOLD) -> None:
        self._ocr = ocr
        self.threshold = threshold

    @property
    def ocr(self) -> LocalOcr:
        """The loaded OCR engine (share it to build a preparser with another threshold)."""
        return self._ocr

    @classmethod
    def load(
        cls, *, threshold: float = DEFAULT_THRESHOLD, threads: int = DEFAULT_THREADS
    ) -> VisionPreparser:
        """Load the OCR models (the only heavy step)."""
        return cls(LocalOcr.load(threads=threads), threshold=threshold)

    def parse(self, image: ValidatedImage, hint_text: str = "") -> VisionFindings:
        """Findings for one image; blocking (use `aparse` from async code)."""
        start = time.perf_counter()
        timings: dict[str, float] = {}
        rgb = np.asarray(image.pixels)
        gray = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
        codes = read_codes(gray)
        timings["codes"] = _elapsed_ms(start)
        if codes and not asks_for_text(hint_text):
            timings["total"] = timings["codes"]
            return _findings(codes, hint_text, self.threshold, timings)

        bgr = np.ascontiguousarray(rgb[:, :, ::-1])
        step = time.perf_counter()
        quick_plate = self._plate_from_crops(bgr)
        timings["plate_crops"] = _elapsed_ms(step)
        if quick_plate is not None and quick_plate.confidence >= self.threshold:
            timings["total"] = _elapsed_ms(start)
            return _findings([*codes, quick_plate], hint_text, self.threshold, timings)

        step = time.perf_counter()
        found = extract_from_lines(self._ocr.read(bgr))
        timings["ocr"] = _elapsed_ms(step)
        if quick_plate is not None:
            found = _prefer_plate(found, quick_plate)
        timings["total"] = _elapsed_ms(start)
        return _findings([*codes, *found], hint_text, self.threshold, timings)

    def _plate_from_crops(self, bgr: np.ndarray) -> Extraction | None:
        """The best plate read from plate-shaped regions (largest first, then the whole image
        if it is plate-shaped), stopping early at a sure reading."""
        crops = plate_crops(bgr)
        if looks_like_tight_plate(bgr):
            crops.append(bgr)
        best: Extraction | None = None
        for crop in crops:
            found = best_plate(self._ocr.recognise([crop]))
            if found is not None and (best is None or found.confidence > best.confidence):
                best = found
            if best is not None and best.confidence >= max(self.threshold, SURE_PLATE):
                break
        return best

    async def aparse(self, image: ValidatedImage, hint_text: str = "") -> VisionFindings:
        """`parse` in a worker thread, so the event loop keeps serving."""
        return await asyncio.to_thread(self.parse, image, hint_text)


def _prefer_plate(found: list[Extraction], quick_plate: Extraction) -> list[Extraction]:
    """Keep the better of the crop reading and the full-OCR plate reading."""
    plates = [item for item in found if item.kind == "plate"]
    others = [item for item in found if item.kind not in ("plate", "text")]
    if others:
        return found
    best = max([quick_plate, *plates], key=lambda item: item.confidence)
    return [best]


class ZiaVisionPreparser:
    """Zia engine: Zia's barcode scanner and OCR, read by the same recognisers as local OCR.

    When Zia is unavailable and a local `fallback` is given, the local engine answers (with a
    warning); otherwise the findings are empty and flagged for the fallback engine.
    """

    def __init__(
        self,
        client: ZiaVisionClient,
        *,
        threshold: float = DEFAULT_THRESHOLD,
        fallback: VisionPreparser | None = None,
    ) -> None:
        self._client = client
        self.threshold = threshold
        self._fallback = fallback

    async def aparse(self, image: ValidatedImage, hint_text: str = "") -> VisionFindings:
        """Findings for one image from Zia."""
        try:
            return await self._parse(image, hint_text)
        except BackendUnavailable as error:
            warning = f"Zia vision was unavailable ({error.detail})"
            if self._fallback is not None:
                local = await self._fallback.aparse(image, hint_text)
                warnings = [*local.warnings, f"{warning}; local OCR was used"]
                return local.model_copy(update={"warnings": warnings})
            return VisionFindings(
                needs_reasoning=True,
                escalation_reason="the vision service is unavailable",
                engine="zia",
                warnings=[warning],
            )

    async def _parse(self, image: ValidatedImage, hint_text: str) -> VisionFindings:
        start = time.perf_counter()
        name = "image.png" if image.media_type == "image/png" else "image.jpg"
        content = await self._client.barcode(image.clean_bytes, filename=name)
        timings = {"codes": _elapsed_ms(start)}
        codes = [code_extraction(content, "barcode", "zia")] if content else []
        if codes and not asks_for_text(hint_text):
            timings["total"] = timings["codes"]
            return _findings(codes, hint_text, self.threshold, timings, engine="zia")
        step = time.perf_counter()
        result = await self._client.ocr(image.clean_bytes, filename=name)
        score = result.confidence if result.confidence is not None else DEFAULT_ZIA_OCR_SCORE
        found = extract_from_lines(lines_from_text(result.text, score))
        timings["ocr"] = _elapsed_ms(step)
        timings["total"] = _elapsed_ms(start)
        return _findings([*codes, *found], hint_text, self.threshold, timings, engine="zia")
