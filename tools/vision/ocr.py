"""Local OCR with RapidOCR's bundled ONNX models, loaded once per process.

Tuned for this service: no angle classifier (cards and plates arrive upright within a few
degrees); detection never upscales (`det_limit_type="max"`; the default upscales the short
side to 736 px, several times slower on small images); the working image is capped at 1600 px;
one inference thread by default (on a shared 2-core machine onnxruntime's spinning thread pool
measured 1.5-2x slower than a single thread); lines recognised one at a time (batches pad
every line to the widest one: 3-5x slower on ID cards); and a recognition-only entry point
for tight plate crops. RapidOCR keeps per-call state on the detector, so calls are serialised with a
lock and one instance is safe across threads.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from tools.vision.lines import OcrLine

MAX_SIDE_PX = 1600
DEFAULT_THREADS = 1


class LocalOcr:
    """Text detection + recognition (`read`) and recognition alone (`recognise`)."""

    def __init__(self, engine: Any = None, threads: int = DEFAULT_THREADS) -> None:
        self._engine = engine
        self._threads = threads
        self._lock = threading.Lock()

    @classmethod
    def load(cls, threads: int = DEFAULT_THREADS) -> LocalOcr:
        """The engine; its ONNX models (about half a second) load on the first image, so a
        process that never reads an image never pays for them."""
        return cls(threads=threads)

    def _loaded(self) -> Any:
        """The RapidOCR engine (call with the lock held)."""
        if self._engine is None:
            from rapidocr_onnxruntime import RapidOCR

            self._engine = RapidOCR(
                use_cls=False,
                max_side_len=MAX_SIDE_PX,
                det_limit_type="max",
                rec_batch_num=1,
                intra_op_num_threads=self._threads,
                inter_op_num_threads=1,
            )
        return self._engine

    def read(self, bgr: np.ndarray) -> list[OcrLine]:
        """Every text line in the image, with boxes, top to bottom."""
        with self._lock:
            result, _ = self._loaded()(bgr, use_cls=False)
        lines = []
        for box, text, score in result or []:
            xs = [point[0] for point in box]
            ys = [point[1] for point in box]
            bounds = (float(min(xs)), float(min(ys)), float(max(xs)), float(max(ys)))
            lines.append(OcrLine(str(text).strip(), float(score), bounds))
        return lines

    def recognise(self, crops: Sequence[np.ndarray]) -> list[OcrLine]:
        """One line of text per crop (no detection: each crop is taken as a single line)."""
        if not crops:
            return []
        with self._lock:
            results, _ = self._loaded().text_rec(list(crops), False)
        return [OcrLine(str(text).strip(), float(score)) for text, score, *_ in results]
